export { AppsRestApiModule } from './apps-rest-api.module.js';
