// The GraphQL transport: the driver, execution with its guards, hooks and directives, and the cost of a query.
// The types a context builds its schema from are @platform/graphql-types.
export { GraphqlDocuments, GraphqlDocumentsModule } from './graphql-documents.js';
export { GraphqlExecutor, type GraphqlLimits } from './graphql-executor.js';
export type { GraphqlHook, PreparedOperation } from './graphql-hooks.js';
export { inputLimitsHook } from './hooks/input-limits.hook.js';
export { complexityLimitHook } from './hooks/complexity-limit.hook.js';
export { PlatformGraphqlDriver, servedSchema, type PlatformGraphqlOptions } from './platform-graphql.driver.js';
export { declaredAccess } from './access/declared-access.js';
export { unboundedLists } from './cost/list-bounds.js';
export { actualCost, flattenPlan } from './query-cost.js';
export { inContextHook, withInContextDirective } from './in-context/in-context.js';
export { withDeferDirective } from './defer/defer.js';
export { withIdempotentDirective } from './idempotent/idempotent.js';
export { versionedSdl } from './versioned-sdl.js';
