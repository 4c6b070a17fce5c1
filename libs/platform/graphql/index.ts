export { DocumentCache } from './document-cache.js';
export { GraphqlExecutor, readGraphqlBody, type GraphqlRequestBody, type GraphqlResponse } from './graphql-executor.js';
export { formatGraphqlError } from './graphql-errors.js';
export type { GraphqlHook, PreparedOperation } from './graphql-hooks.js';
export { PlatformGraphqlDriver, type PlatformGraphqlOptions } from './platform-graphql.driver.js';
