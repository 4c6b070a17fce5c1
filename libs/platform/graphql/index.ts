export { DocumentCache } from './document-cache.js';
export { GraphqlExecutor, readGraphqlBody, type GraphqlLimits, type GraphqlRequestBody, type GraphqlResponse } from './graphql-executor.js';
export { DEFAULT_DOCUMENT_LIMITS, type DocumentLimits } from './guard/document-limits.js';
export { DEFAULT_EXECUTION_LIMITS, type ExecutionLimits } from './guard/execution-deadline.js';
export { measureDocument, type DocumentMeasure } from './guard/document-measure.js';
export { formatGraphqlError } from './graphql-errors.js';
export type { GraphqlHook, PreparedOperation } from './graphql-hooks.js';
export { inputLimitsHook } from './hooks/input-limits.hook.js';
export {
  DEFAULT_COMPLEXITY_LIMITS,
  TOKENLESS_MAX_COMPLEXITY,
  TOKEN_MAX_COMPLEXITY,
  complexityLimitHook,
  type ComplexityLimits,
} from './hooks/complexity-limit.hook.js';
export { PlatformGraphqlDriver, servedSchema, type PlatformGraphqlOptions } from './platform-graphql.driver.js';
export { declaredAccess, enforceDeclaredAccess } from './access/declared-access.js';
export { BoundedList, MAX_FIELD_PATH, MAX_USER_ERRORS, enforceListBounds, listBoundOf, unboundedLists, type ListBound } from './cost/list-bound.js';
export { CONNECTION_COST, MUTATION_COST, OBJECT_COST, actualCost, flattenPlan, isConnectionType, planCost, type CostNode, type CostPlan } from './query-cost.js';
export { ConnectionType, PageInfo, connectionOf, type Connection, type Edge } from './connections/connection.types.js';
export { idOfType, parseGlobalId, requireGlobalId, toGlobalId, type ParsedGlobalId } from './connections/global-id.js';
export { MAX_PAGE_SIZE, listSize, pageKey, pageRequest, walksDescending, type PageRequest, type PaginationInput } from './connections/page-request.js';
export { BigIntScalar, DecimalScalar, HtmlScalar, UnsignedInt64Scalar, UrlScalar } from './scalars.js';
export { NodeRegistry, type NodeFetcher } from './node/node-registry.js';
export { AdminNode, StorefrontNode, type NodeValue } from './node/node.interface.js';
export { AdminNodeApiModule, NodeRegistryModule, StorefrontNodeApiModule } from './node/node.resolvers.js';
export { ConnectionArgs, pageOf } from './connections/connection.args.js';
export { AdminSchema, StorefrontSchema } from './schema-modules.js';
export { inContextHook, inContextOf, withInContextDirective, type InContext } from './in-context/in-context.js';
export { buyerOf, setBuyerOf, type BuyerContext, type BuyerPricePair, type BuyerPriceRange, type BuyerPrices } from './in-context/buyer-context.js';
export { CountryCode, LanguageCode, MAX_COUNTRIES, MAX_LANGUAGES, countryName, languageName } from './in-context/locale-codes.js';
export { keysetPlan, toListPage, type KeysetPlan, type KeysetRow, type SortSpec } from './connections/keyset.js';
export { childrenPageSql } from './connections/children-pages.js';
export { cutPage, pageOfList, type ListPage } from './connections/list-page.js';
export { MAX_CURSOR_LENGTH, MAX_CURSOR_TEXT, cursorCodec, invalidCursor, type CursorCodec, type CursorScope, type CursorValue, type CursorValueType } from './connections/cursor.js';
export { SqlParams } from './sql/sql-params.js';
export { MAX_SEARCH_DEPTH, MAX_SEARCH_TERMS, parseSearchQuery, type Comparison, type SearchNode } from './search/search-syntax.js';
export { usesDefer, withDeferDirective } from './defer/defer.js';
export { MULTIPART_CONTENT_TYPE, multipartChunks } from './defer/multipart.js';
export { Attribute } from './types/attribute.type.js';
export { AdminUserError, USER_ERROR_CODES, UserErrorCode, type UserErrorCodeValue } from './types/admin-user-error.type.js';
export { StorefrontImage, StorefrontImageConnection } from './types/image.type.js';
export { AdminCount, COUNT_PRECISIONS, CountPrecision } from './types/count.type.js';
export {
  dateCompare,
  escapeLike,
  hasTag,
  idCompare,
  numericCompare,
  searchSql,
  textContains,
  textEquals,
  type SearchSql,
  type SearchTerm,
  type Searchable,
  type SqlParam,
} from './search/search-sql.js';
export { selectedFieldsOf, selectsAnyOf } from './lookahead/selected-fields.js';
export { TruncateArgs, plainText } from './text/plain-text.js';
