// The process' metrics (Prometheus): the recorder every part reports to, its module, and the route that serves them.
export { PlatformMetrics, type GraphqlAnswer } from './platform-metrics.js';
export { MetricsModule } from './metrics.module.js';
export { MetricsRoute } from './metrics.route.js';
