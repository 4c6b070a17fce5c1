import { type Searchable, dateCompare, idCompare, inCommaList } from '@platform/search-syntax';

/**
 * How the admin `inventoryItems(query:)` filters items (a variant's, aliased `v`): `sku` (a comma list), `id`,
 * `created_at`, `updated_at`. Bare words match the SKU.
 */
export const INVENTORY_ITEM_SEARCH: Searchable = {
  vector: `to_tsvector('simple', coalesce(v.sku, ''))`,
  term(field, term, param) {
    switch (field) {
      case 'sku':
        return inCommaList('v.sku', term, param);
      case 'id':
        return idCompare('v.id', term, param);
      case 'created_at':
        return dateCompare('v.created_at', term, param);
      case 'updated_at':
        return dateCompare('v.updated_at', term, param);
      default:
        return undefined;
    }
  },
};
