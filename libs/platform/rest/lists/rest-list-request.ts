import { type CursorScope, type CursorValueType, type PageRequest, cursorCodec } from '@platform/paging';
import { invalidParameter } from './invalid-parameter.js';
import { type PageDirection, decodePageInfo } from './page-info.js';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 250;

/**
 * What one REST list accepts. Its rows are walked by keyset SQL (`keysetPlan` of `@platform/paging`) with `scope`,
 * whose cursors hold values of `cursor` types (`['bigint']` for a list in id order); `filters` are the query
 * parameters that choose its rows (`since_id`, `ids`, `created_at_min`…), carried on by its page_info.
 */
export interface RestListing {
  readonly scope: CursorScope;
  readonly cursor: readonly CursorValueType[];
  readonly filters: readonly string[];
}

/** A list request read from its query: the page to fetch, the filters to fetch it with and what to show of each row. */
export interface RestListRequest {
  /** The keyset page: `limit` rows after (or, walking back, before) the page_info's cursor. */
  readonly page: PageRequest;
  readonly limit: number;
  /** Top-level fields to keep of each object; null keeps them all. */
  readonly fields: readonly string[] | null;
  /** The listing's filter parameters given, from the query or, with a page_info, from it. */
  readonly filters: Readonly<Record<string, string>>;
  /** `since_id` among the filters: only rows with a greater id. */
  readonly sinceId: number | null;
}

type Query = Record<string, unknown>;

/**
 * Reads `limit` (default 50, 1 to 250), `fields` (a comma list), `page_info` (combined only with limit and fields)
 * and the listing's filters from a list's query. Anything it cannot use is a 400 naming the parameter; query
 * parameters the listing does not know are ignored.
 */
export function restListRequest(listing: RestListing, query: Query): RestListRequest {
  const limit = limitOf(query);
  const fields = fieldsOf(query);
  const pageInfo = single(query, 'page_info');
  let filters: Record<string, string>;
  let direction: PageDirection = 'next';
  let cursor: string | undefined;
  if (pageInfo === undefined) {
    filters = filtersOf(listing, query);
  } else {
    // The filters of the first request travel in the page_info; a second set beside it has no meaning.
    if (listing.filters.some((name) => query[name] !== undefined)) throw invalidParameter('page_info');
    const info = decodePageInfo(pageInfo);
    if (!Object.keys(info.filters).every((name) => listing.filters.includes(name))) throw invalidParameter('page_info');
    if (!isCursorOf(listing, info.cursor)) throw invalidParameter('page_info');
    filters = filtersOf(listing, info.filters);
    direction = info.direction;
    cursor = info.cursor;
  }
  return {
    page: { forward: direction === 'next', size: limit, cursor, reverse: false },
    limit,
    fields,
    filters,
    sinceId: filters.since_id === undefined ? null : idOf(filters.since_id, 'since_id'),
  };
}

function limitOf(query: Query): number {
  const text = single(query, 'limit');
  if (text === undefined) return DEFAULT_LIMIT;
  const limit = /^\d{1,4}$/.test(text) ? Number(text) : 0;
  if (limit < 1 || limit > MAX_LIMIT) throw invalidParameter('limit');
  return limit;
}

/** `fields` of a list's or a single object's query (a comma list): the top-level fields to keep, null for all. */
export function fieldsOf(query: Query): string[] | null {
  const names = (single(query, 'fields') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 ? names : null;
}

// Only the listing's filters, in its order: what the first page was asked with is what every later page uses.
function filtersOf(listing: RestListing, source: Query): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const name of listing.filters) {
    const value = single(source, name);
    if (value !== undefined) filters[name] = value;
  }
  return filters;
}

/** A parameter given once; a repeated one (`?limit=1&limit=2`, an array to Fastify) is refused. */
function single(query: Query, name: string): string | undefined {
  if (!Object.hasOwn(query, name)) return undefined;
  const value = query[name];
  if (typeof value !== 'string') throw invalidParameter(name);
  return value;
}

function idOf(text: string, name: string): number {
  const id = /^\d{1,16}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(id)) throw invalidParameter(name);
  return id;
}

function isCursorOf(listing: RestListing, cursor: string): boolean {
  try {
    cursorCodec(listing.scope, listing.cursor).decode(cursor, 'page_info');
    return true;
  } catch {
    return false;
  }
}
