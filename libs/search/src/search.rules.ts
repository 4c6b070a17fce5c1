import { type PageRequest, cursorCodec } from '@platform/paging';

export const SEARCH_TYPES = ['ARTICLE', 'PAGE', 'PRODUCT'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const SEARCH_SORT_KEYS = ['PRICE', 'RELEVANCE'] as const;
export type SearchSortKey = (typeof SEARCH_SORT_KEYS)[number];

export const UNAVAILABLE_PRODUCTS = ['HIDE', 'LAST', 'SHOW'] as const;
export type UnavailableProducts = (typeof UNAVAILABLE_PRODUCTS)[number];

/** Position of a result in the merged list: its sort value (rank or price), type and id. */
export interface SearchPosition {
  value: string;
  type: SearchType;
  id: number;
}

/**
 * How the merged list is walked. The natural order is rank desc (price asc), then type A→Z, then id asc;
 * `natural: false` (reverse, or last/before) flips all three.
 */
export interface SearchWalk {
  sortKey: SearchSortKey;
  natural: boolean;
}

/** Lower-case words of a search query (letters and digits), at most 10. */
export function searchWords(query: string): string[] {
  return query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 10);
}

/** A `to_tsquery` text matching every word; with `prefix`, the last word matches as a prefix (as-you-type). */
export function toTsquery(words: readonly string[], prefix: boolean): string | null {
  if (words.length === 0) return null;
  return words.map((w, i) => (prefix && i === words.length - 1 ? `${w}:*` : w)).join(' & ');
}

export function valueDescending(walk: SearchWalk): boolean {
  return walk.natural === (walk.sortKey === 'RELEVANCE');
}

// Order of types along the walk.
function typeOrder(type: SearchType, walk: SearchWalk): number {
  const index = SEARCH_TYPES.indexOf(type);
  return walk.natural ? index : -index;
}

/** Comparator of merged results along the walk: value, then type, then id. */
export function compareAlongWalk(a: SearchPosition, b: SearchPosition, walk: SearchWalk): number {
  const va = Number(a.value);
  const vb = Number(b.value);
  if (va !== vb) return (va < vb ? -1 : 1) * (valueDescending(walk) ? -1 : 1);
  const ta = typeOrder(a.type, walk);
  const tb = typeOrder(b.type, walk);
  if (ta !== tb) return ta - tb;
  return (a.id - b.id) * (walk.natural ? 1 : -1);
}

/**
 * Where one source resumes after `cursor`: rows strictly past (value, idBound) in its own (value, id) order.
 * Rows of a type walked before the cursor's are all behind it at an equal value; of a type after, all ahead.
 */
export function resumeAfter(type: SearchType, cursor: SearchPosition, walk: SearchWalk): { value: string; idBound: number } {
  const idDescending = !walk.natural;
  const none = idDescending ? 0 : Number.MAX_SAFE_INTEGER;
  const all = idDescending ? Number.MAX_SAFE_INTEGER : 0;
  const order = typeOrder(type, walk) - typeOrder(cursor.type, walk);
  return { value: cursor.value, idBound: order === 0 ? cursor.id : order < 0 ? none : all };
}

/** Cursors of search results: the position (rank or price, type, id), valid only for the sort key that made it. */
export interface SearchCursors {
  encode(position: SearchPosition): string;
  /** The position of the page's cursor (null without one), or "Invalid cursor". */
  positionOf(page: PageRequest): SearchPosition | null;
}

export function searchCursors(sortKey: SearchSortKey): SearchCursors {
  const codec = cursorCodec({ connection: 'search', sortKey }, [sortKey === 'PRICE' ? 'numeric' : 'real', SEARCH_TYPES, 'bigint']);
  return {
    encode: (position) => codec.encode([position.value, position.type, position.id]),
    positionOf(page) {
      const values = codec.positionOf(page);
      return values && { value: values[0] as string, type: values[1] as SearchType, id: values[2] as number };
    },
  };
}

/** A suggestion with the part the buyer typed wrapped in `<mark>` (HTML-escaped). */
export function styledSuggestion(text: string, typed: string): string {
  const matched = text.startsWith(typed) ? typed.length : 0;
  return matched > 0 ? `<mark>${escapeHtml(text.slice(0, matched))}</mark>${escapeHtml(text.slice(matched))}` : escapeHtml(text);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Takes results from each list in turn until `limit` (predictive search with limitScope ALL). */
export function roundRobin<T>(lists: readonly (readonly T[])[], limit: number): T[][] {
  const taken = lists.map(() => [] as T[]);
  let total = 0;
  for (let i = 0; total < limit; i++) {
    let any = false;
    for (let l = 0; l < lists.length && total < limit; l++) {
      if (i < lists[l].length) {
        taken[l].push(lists[l][i]);
        total++;
        any = true;
      }
    }
    if (!any) break;
  }
  return taken;
}
