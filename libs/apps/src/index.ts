export { AppsRestModule } from './apps-api.modules.js';
