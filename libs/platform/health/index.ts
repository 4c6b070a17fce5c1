export { HealthModule } from './health.module.js';
export { HealthProbe, type HealthReport } from './health-probe.js';
