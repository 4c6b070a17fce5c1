export { AccessGuard } from './access.guard.js';
export { RestModule } from './rest.module.js';
export { validBody } from './valid-body.js';
/** Prefix of every admin REST controller: `@Controller(ADMIN_REST_PREFIX)`. */
export const ADMIN_REST_PREFIX = 'admin/api/:version';
