export { PaymentsModule } from './payments.module.js';
export { PaymentsRestApiModule } from './payments-rest-api.module.js';
export { PaymentsAdminApiModule } from './payments-admin-api.module.js';
