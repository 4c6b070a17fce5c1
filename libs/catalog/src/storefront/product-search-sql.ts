import { type SearchSql, type Searchable, dateCompare, hasTag, searchSql, textContains, textEquals } from '@platform/graphql';

/**
 * How the `query` argument filters products (aliased `p`): `title`, `handle`, `tag`, `tag_not`, `product_type`,
 * `vendor`, `available_for_sale`, `created_at`, `updated_at`, `variants.price`, `id`; bare words and unknown
 * fields match the weighted search vector (title, tags, vendor, type, description).
 */
export const PRODUCT_SEARCH: Searchable = {
  vector: 'p.search_vector',
  term(field, term, param) {
    const { comparison, value } = term;
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
      case 'price':
        return /^\d+(\.\d+)?$/.test(value)
          ? `exists (select 1 from product_variants pv where pv.product_id = p.id and pv.price ${comparison} ${param(value)}::numeric)`
          : 'false';
      case 'id':
        return /^\d+$/.test(value) ? `p.id ${comparison} ${param(Number(value))}::bigint` : 'false';
      default:
        return undefined;
    }
  },
};

/** A product search query as parameterized SQL, numbering parameters from `firstParam`. */
export function productSearchSql(query: string | null | undefined, firstParam: number): SearchSql {
  return searchSql(PRODUCT_SEARCH, query, firstParam);
}
