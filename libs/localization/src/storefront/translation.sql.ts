// Storefront reads of translations. Scoped by shop_id ($1); the unique index (shop, type, resource, locale, key) serves it.

/** The fields of resources `$3` of type `$2` translated into locale `$4`. */
export const TRANSLATIONS_OF_RESOURCES = `select t.resource_id as "resourceId", t.key, t.value from translations t
  where t.shop_id = $1 and t.resource_type = $2 and t.resource_id = any($3::bigint[]) and t.locale = $4`;
