// Metafields' public door: modules, the service, the owner registry the owner contexts register into, the records and
// inputs, the rules owners check their input with, error codes, and the GraphQL types, arguments and field helpers the
// owners' schemas need for their `metafield`/`metafields` fields (their types return the Metafield types).
export { MetafieldsModule } from './metafields.module.js';
export { MetafieldsAdminApiModule } from './metafields-admin-api.module.js';
export { MetafieldsStorefrontApiModule } from './metafields-storefront-api.module.js';
export { MetafieldsService } from './metafields.service.js';
export { MetafieldOwnerRegistry, type MetafieldOwner } from './metafield-owners.js';
export { MetafieldErrors, type MetafieldError, type MetafieldErrorCode } from './metafields.errors.js';
export type { MetafieldOwnerType } from './metafield.entity.js';
export type { CustomId, MetafieldIdentifier, MetafieldToDelete, MetafieldToSet, NewMetafield } from './metafield.inputs.js';
export type { MetafieldRecord, MetafieldsDeleteResult, MetafieldsSetResult } from './metafield.records.js';
export {
  KEY_PATTERN,
  MAX_METAFIELDS_SET,
  METAFIELD_LIMITS,
  METAFIELD_TYPES,
  NAMESPACE_PATTERN,
  REST_METAFIELD_LIMITS,
  metafieldProblems,
  metafieldValueError,
  type MetafieldLimits,
  type MetafieldProblem,
} from './metafield.rules.js';
export { AdminMetafield, AdminMetafieldConnection } from './graphql/admin/metafield.type.js';
export { AdminMetafieldArgs, AdminMetafieldInput, AdminMetafieldsArgs, UniqueMetafieldValueInput } from './graphql/admin/metafield.args.js';
export { AdminHasMetafieldsFields } from './graphql/admin/has-metafields.fields.js';
export { StorefrontMetafield } from './graphql/storefront/metafield.type.js';
export { HasMetafieldsIdentifier, MetafieldArgs } from './graphql/storefront/metafield.args.js';
export { HasMetafieldsFields } from './graphql/storefront/has-metafields.fields.js';
