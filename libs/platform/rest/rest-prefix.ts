/** Prefix of every admin REST controller: `@Controller(ADMIN_REST_PREFIX)`. */
export const ADMIN_REST_PREFIX = 'admin/api/:version';
