export { AccessGuard } from './access.guard.js';
export { restListRequest, type RestListRequest, type RestListing } from './lists/rest-list-request.js';
export { restPage } from './lists/rest-page.js';
export { RestModule } from './rest.module.js';
export { validBody } from './valid-body.js';
/** Prefix of every admin REST controller: `@Controller(ADMIN_REST_PREFIX)`. */
export const ADMIN_REST_PREFIX = 'admin/api/:version';
