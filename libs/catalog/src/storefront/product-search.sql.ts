import { type SearchSql, type Searchable, dateCompare, hasTag, idCompare, numericCompare, searchSql, textContains, textEquals } from '@platform/search-syntax';
import type { SqlParams } from '@platform/sql';

/**
 * How the `query` argument filters products (aliased `p`): `title`, `handle`, `tag`, `tag_not`, `product_type`,
 * `vendor`, `available_for_sale`, `created_at`, `updated_at`, `variants.price`, `id`; bare words and unknown
 * fields match the weighted search vector (title, tags, vendor, type, description).
 */
export const PRODUCT_SEARCH: Searchable = {
  vector: 'p.search_vector',
  term(field, term, param) {
    const { value } = term;
    switch (field) {
      case 'title':
        return textContains('p.title', term, param);
      case 'handle':
        return `p.handle = ${param(value)}`;
      case 'tag':
        return hasTag('p.tags', term, param);
      case 'tag_not':
        return `not ${hasTag('p.tags', term, param)}`;
      case 'product_type':
        return `lower(p.product_type) = lower(${param(value)})`;
      case 'vendor':
        return textEquals('p.vendor', term, param);
      case 'available_for_sale':
        return `p.available_for_sale = ${param(value.toLowerCase() === 'true')}`;
      case 'created_at':
      case 'updated_at':
        return dateCompare(`p.${field}`, term, param);
      case 'variants.price':
      case 'price': {
        const price = numericCompare('pv.price', term, param);
        return price === 'false' ? price : `exists (select 1 from product_variants pv where pv.product_id = p.id and ${price})`;
      }
      case 'id':
        return idCompare('p.id', term, param);
      default:
        return undefined;
    }
  },
};

/** A product search query as parameterized SQL, adding its values to the statement's parameters. */
export function productSearchSql(query: string | null | undefined, params: SqlParams): SearchSql {
  return searchSql(PRODUCT_SEARCH, query, params);
}
