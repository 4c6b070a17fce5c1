export { MAX_SEARCH_DEPTH, MAX_SEARCH_TERMS, parseSearchQuery, type Comparison, type SearchNode } from './search-syntax.js';
export {
  commaList,
  dateCompare,
  escapeLike,
  hasTag,
  idCompare,
  inCommaList,
  MAX_QUERY_LENGTH,
  numericCompare,
  searchSql,
  textContains,
  textEquals,
  type SearchSql,
  type SearchTerm,
  type Searchable,
  type SqlParam,
} from './search-sql.js';
