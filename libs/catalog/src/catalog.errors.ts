import { type DomainError, type ErrorCodeOf, defineErrors } from '@platform/errors';

/**
 * Every code the catalog reports, with the error table's kind for it. All are problems with the caller's input
 * (an imported product, collection or selling plan group, or an id it names): imports throw them, REST answers them as 422.
 */
export const CatalogErrors = defineErrors({
  BLANK: 'UNPROCESSABLE',
  INVALID: 'UNPROCESSABLE',
  TOO_LONG: 'UNPROCESSABLE',
  TAKEN: 'UNPROCESSABLE',
  /** A collection or product id given in the input that the shop does not have. */
  NOT_FOUND: 'UNPROCESSABLE',
  /** productSet: the input's id is not the identifier's. */
  INPUT_MISMATCH: 'UNPROCESSABLE',
});
export type CatalogErrorCode = ErrorCodeOf<typeof CatalogErrors>;
export type CatalogError = DomainError<CatalogErrorCode>;

/** Handles are lowercase words joined by single hyphens, unique per shop. */
export function invalidHandle(field: string): CatalogError {
  return CatalogErrors.INVALID('must be lowercase letters, digits and single hyphens', { field });
}

export function blank(field: string, message = "can't be blank"): CatalogError {
  return CatalogErrors.BLANK(message, { field });
}

/** Builds the error of an input field below `field` (a rule's path); INVALID unless told. */
export type Invalid = (path: string, message: string, code?: CatalogErrorCode) => CatalogError;

/** An error factory whose fields are prefixed (e.g. `sellingPlanGroups[3].name`). */
export function invalidAt(field: string): Invalid {
  return (path, message, code = 'INVALID') => CatalogErrors[code](message, { field: `${field}.${path}` });
}

/**
 * The problems of the bulk variant writes, by the hosted codes (ProductVariantsBulkCreate/Update/DeleteUserErrorCode):
 * each payload's enum takes the ones it knows. All are the caller's input; nothing is written (or, with
 * `allowPartialUpdates`, nothing of the variant at fault).
 */
export const VariantErrors = defineErrors({
  PRODUCT_DOES_NOT_EXIST: 'UNPROCESSABLE',
  PRODUCT_VARIANT_DOES_NOT_EXIST: 'UNPROCESSABLE',
  PRODUCT_VARIANT_ID_MISSING: 'UNPROCESSABLE',
  NO_KEY_ON_CREATE: 'UNPROCESSABLE',
  INVALID: 'UNPROCESSABLE',
  GREATER_THAN_OR_EQUAL_TO: 'UNPROCESSABLE',
  NEED_TO_ADD_OPTION_VALUES: 'UNPROCESSABLE',
  OPTION_VALUES_FOR_NUMBER_OF_UNKNOWN_OPTIONS: 'UNPROCESSABLE',
  OPTION_DOES_NOT_EXIST: 'UNPROCESSABLE',
  VARIANT_ALREADY_EXISTS: 'UNPROCESSABLE',
  TOO_MANY_VARIANTS: 'UNPROCESSABLE',
  CANNOT_DELETE_LAST_VARIANT: 'UNPROCESSABLE',
  AT_LEAST_ONE_VARIANT_DOES_NOT_BELONG_TO_THE_PRODUCT: 'UNPROCESSABLE',
});
export type VariantErrorCode = ErrorCodeOf<typeof VariantErrors>;
export type VariantError = DomainError<VariantErrorCode>;

/**
 * The problems of inventorySetQuantities and inventoryAdjustQuantities, by the hosted codes (each payload's enum takes
 * the ones it knows). Nothing is written when any is found.
 */
export const InventoryErrors = defineErrors({
  INVALID_INVENTORY_ITEM: 'UNPROCESSABLE',
  INVALID_LOCATION: 'UNPROCESSABLE',
  ITEM_NOT_STOCKED_AT_LOCATION: 'UNPROCESSABLE',
  INVALID_QUANTITY_NEGATIVE: 'UNPROCESSABLE',
  INVALID_QUANTITY_TOO_HIGH: 'UNPROCESSABLE',
  INVALID_QUANTITY_TOO_LOW: 'UNPROCESSABLE',
  INVALID_REASON: 'UNPROCESSABLE',
  INVALID_REFERENCE_DOCUMENT: 'UNPROCESSABLE',
  INVALID_NAME: 'UNPROCESSABLE',
  INVALID_LEDGER_DOCUMENT: 'UNPROCESSABLE',
  INVALID_AVAILABLE_DOCUMENT: 'UNPROCESSABLE',
  CHANGE_FROM_QUANTITY_STALE: 'UNPROCESSABLE',
  NO_DUPLICATE_INVENTORY_ITEM_ID_GROUP_ID_PAIR: 'UNPROCESSABLE',
  IDEMPOTENCY_KEY_PARAMETER_MISMATCH: 'UNPROCESSABLE',
  /** inventoryActivate / inventoryDeactivate. */
  NOT_FOUND: 'UNPROCESSABLE',
  CANNOT_DEACTIVATE: 'UNPROCESSABLE',
});
export type InventoryErrorCode = ErrorCodeOf<typeof InventoryErrors>;
export type InventoryError = DomainError<InventoryErrorCode>;

/** The problems of productOptionsCreate, productOptionUpdate and productOptionsDelete, by the hosted codes (each payload's enum takes its own). */
export const OptionErrors = defineErrors({
  PRODUCT_DOES_NOT_EXIST: 'UNPROCESSABLE',
  OPTION_ALREADY_EXISTS: 'UNPROCESSABLE',
  OPTIONS_OVER_LIMIT: 'UNPROCESSABLE',
  OPTION_NAME_MISSING: 'UNPROCESSABLE',
  OPTION_NAME_TOO_LONG: 'UNPROCESSABLE',
  OPTION_VALUES_MISSING: 'UNPROCESSABLE',
  OPTION_VALUE_NAME_TOO_LONG: 'UNPROCESSABLE',
  OPTION_VALUES_OVER_LIMIT: 'UNPROCESSABLE',
  DUPLICATED_OPTION_NAME: 'UNPROCESSABLE',
  DUPLICATED_OPTION_VALUE: 'UNPROCESSABLE',
  TOO_MANY_VARIANTS_CREATED: 'UNPROCESSABLE',
  INVALID: 'UNPROCESSABLE',
  /** productOptionsDelete. */
  OPTION_DOES_NOT_EXIST: 'UNPROCESSABLE',
  CANNOT_DELETE_OPTION_WITH_MULTIPLE_VALUES: 'UNPROCESSABLE',
  CANNOT_USE_NON_DESTRUCTIVE_STRATEGY: 'UNPROCESSABLE',
  /** productOptionUpdate. */
  INVALID_NAME: 'UNPROCESSABLE',
  INVALID_POSITION: 'UNPROCESSABLE',
  OPTION_VALUE_ALREADY_EXISTS: 'UNPROCESSABLE',
  OPTION_VALUE_CONFLICTING_OPERATION: 'UNPROCESSABLE',
  OPTION_VALUE_DOES_NOT_EXIST: 'UNPROCESSABLE',
  OPTION_VALUE_HAS_VARIANTS: 'UNPROCESSABLE',
  CANNOT_DELETE_ALL_OPTION_VALUES_IN_OPTION: 'UNPROCESSABLE',
  CANNOT_LEAVE_OPTIONS_WITHOUT_VARIANTS: 'UNPROCESSABLE',
  CANNOT_CREATE_VARIANTS_ABOVE_LIMIT: 'UNPROCESSABLE',
});
export type OptionErrorCode = ErrorCodeOf<typeof OptionErrors>;
export type OptionError = DomainError<OptionErrorCode>;

/**
 * The problems of a product's images (REST's image resource, GraphQL's media writes) by the hosted MediaUserErrorCode;
 * an image file's own problems are the media context's MediaErrorCode.
 */
export const ProductMediaErrors = defineErrors({
  INVALID: 'UNPROCESSABLE',
  BLANK: 'UNPROCESSABLE',
  TOO_LONG: 'UNPROCESSABLE',
  /** The 251st image of a product. */
  PRODUCT_MEDIA_LIMIT_EXCEEDED: 'UNPROCESSABLE',
  PRODUCT_DOES_NOT_EXIST: 'UNPROCESSABLE',
  MEDIA_DOES_NOT_EXIST: 'UNPROCESSABLE',
  MEDIA_DOES_NOT_EXIST_ON_PRODUCT: 'UNPROCESSABLE',
  /** A variant named that is not the product's. */
  PRODUCT_VARIANT_DOES_NOT_EXIST: 'UNPROCESSABLE',
  NON_READY_MEDIA: 'UNPROCESSABLE',
  /** A media content type other than IMAGE. */
  INVALID_MEDIA_TYPE: 'UNPROCESSABLE',
  /** Appending media to a variant that shows another. */
  PRODUCT_VARIANT_ALREADY_HAS_MEDIA: 'UNPROCESSABLE',
});
export type ProductMediaErrorCode = ErrorCodeOf<typeof ProductMediaErrors>;
export type ProductMediaError = DomainError<ProductMediaErrorCode>;
