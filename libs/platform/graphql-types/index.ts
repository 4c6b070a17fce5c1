// The pieces a context builds its GraphQL schema from; the transport that serves it is @platform/graphql.
export { AdminSchema, StorefrontSchema } from './schema-modules.js';
export { BoundedList, MAX_FIELD_PATH, MAX_USER_ERRORS, listBoundOf, type ListBound } from './list-bound.js';
export { ConnectionType, PageInfo, connectionOf, type Connection } from './connections/connection.types.js';
export { ConnectionArgs, pageOf } from './connections/connection.args.js';
export { BigIntScalar, HtmlScalar, UnsignedInt64Scalar, UrlScalar } from './scalars.js';
export { NodeRegistry } from './node/node-registry.js';
export { AdminNode, StorefrontNode, type NodeValue } from './node/node.interface.js';
export { AdminNodeApiModule, NodeRegistryModule, StorefrontNodeApiModule } from './node/node.resolvers.js';
export { TaggableRegistry, type Taggable, type TagsChange } from './tags/taggable-registry.js';
export { AdminTagsApiModule, TaggableRegistryModule } from './tags/tags.resolvers.js';
export { Attribute } from './types/attribute.type.js';
export { AdminUserError, USER_ERROR_CODES, type UserErrorCodeValue } from './types/admin-user-error.type.js';
export { AdminJob } from './types/admin-job.type.js';
export { StorefrontImage, StorefrontImageConnection } from './types/image.type.js';
export { AdminCount } from './types/count.type.js';
export { selectsAnyOf } from './lookahead/selected-fields.js';
export { TruncateArgs } from './truncate.args.js';
export { enumOf } from './types/enum-of.js';
