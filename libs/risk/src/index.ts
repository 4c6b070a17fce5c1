export { RiskModule } from './risk.module.js';
export { RiskRestApiModule } from './risk-rest-api.module.js';
export { RiskAdminApiModule } from './risk-admin-api.module.js';
