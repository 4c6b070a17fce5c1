export { HealthModule } from './health.module.js';
export { HealthProbe, type HealthReport, type ReadinessReport } from './health-probe.js';
