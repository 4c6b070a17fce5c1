export { AccessGuard } from './access.guard.js';
export { restListRequest, type RestListRequest, type RestListing } from './lists/rest-list-request.js';
export { restPage } from './lists/rest-page.js';
export { resourceId } from './resource-id.js';
export { RestModule } from './rest.module.js';
export { validBody } from './valid-body.js';
export { ADMIN_REST_PREFIX } from './rest-prefix.js';
export { buildOpenApiDocument } from './openapi/openapi-builder.js';
