export { DocumentCache } from './document-cache.js';
export { GraphqlExecutor, readGraphqlBody, type GraphqlRequestBody, type GraphqlResponse } from './graphql-executor.js';
export { formatGraphqlError } from './graphql-errors.js';
export type { GraphqlHook, PreparedOperation } from './graphql-hooks.js';
export { arrayInputLimitHook } from './hooks/array-input-limit.hook.js';
export { TOKENLESS_MAX_COMPLEXITY, complexityLimitHook } from './hooks/complexity-limit.hook.js';
export { PlatformGraphqlDriver, type PlatformGraphqlOptions } from './platform-graphql.driver.js';
export { CONNECTION_COST, MUTATION_COST, OBJECT_COST, actualCost, flattenPlan, isConnectionType, planCost, type CostNode, type CostPlan } from './query-cost.js';
