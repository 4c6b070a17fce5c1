import { Injectable } from '@nestjs/common';
import { CatalogStorefrontService, type CollectionRecord, type ProductRecord } from '@platform/catalog';
import { type ArticleRecord, ContentStorefrontService, type PageRecord, type RankedMatches } from '@platform/content';
import { cutPage } from '@platform/paging';
import type { RequestContext } from '@platform/request';
import {
  SEARCH_TYPES,
  type SearchPosition,
  type SearchType,
  type SearchWalk,
  compareAlongWalk,
  resumeAfter,
  roundRobin,
  searchCursors,
  searchWords,
  styledSuggestion,
  toTsquery,
  valueDescending,
} from './search.rules.js';
import { SearchErrors } from './search.errors.js';
import { MAX_PREDICTIVE_LIMIT, PREDICTIVE_TYPES, type PredictiveInput, type PredictiveType, type SearchInput } from './search.inputs.js';
import type { PredictiveResult, SearchHit, SearchResults } from './search.records.js';

type Ranked = { value: string; type: SearchType; record: { id: number } };

/**
 * Storefront search over products, pages and articles: each type's matches come ranked from its own context
 * after a keyset position, and are merged here by (rank, type, id), so pages never overlap or skip.
 */
@Injectable()
export class SearchService {
  constructor(
    private readonly catalog: CatalogStorefrontService,
    private readonly content: ContentStorefrontService,
  ) {}

  async search(ctx: RequestContext, input: SearchInput): Promise<SearchResults> {
    const { page } = input;
    const words = searchWords(input.query);
    const tsquery = toTsquery(words, input.prefix);
    // PRICE orders products only; other types have no price.
    const types = input.sortKey === 'PRICE' ? ['PRODUCT' as const] : input.types?.length ? [...new Set(input.types)] : [...SEARCH_TYPES];
    const cursors = searchCursors(input.sortKey);
    const cursor = cursors.positionOf(page);
    if (!tsquery) return { items: [], hasNextPage: false, hasPreviousPage: false, totalCount: 0 };

    const walk: SearchWalk = { sortKey: input.sortKey, natural: page.forward !== page.reverse };
    const sourceWalk = (type: SearchType) => ({
      valueDescending: valueDescending(walk),
      idDescending: !walk.natural,
      after: cursor && resumeAfter(type, cursor, walk),
      limit: page.size + 1,
    });
    const results = await Promise.all(
      types.map(async (type): Promise<{ total: number; rows: Ranked[] }> => {
        const found: RankedMatches<{ id: number }> =
          type === 'PRODUCT'
            ? await this.catalog.rankedProductMatches(ctx, tsquery, { ...sourceWalk(type), sortKey: input.sortKey, unavailable: input.unavailable })
            : type === 'PAGE'
              ? await this.content.rankedPageMatches(ctx, tsquery, sourceWalk(type))
              : await this.content.rankedArticleMatches(ctx, tsquery, sourceWalk(type));
        return { total: found.total, rows: found.rows.map((r) => ({ ...r, type })) };
      }),
    );

    const merged = results
      .flatMap((r) => r.rows)
      .sort((a, b) => compareAlongWalk(position(a), position(b), walk))
      .slice(0, page.size + 1);
    const hits = cutPage(merged, page, (r) => cursors.encode(position(r)), (r) => ({ type: r.type, record: r.record }) as SearchHit);
    return { ...hits, totalCount: results.reduce((sum, r) => sum + r.total, 0) };
  }

  /** As-you-type results: the last word is a prefix; one statement per requested type. */
  async predictive(ctx: RequestContext, input: PredictiveInput): Promise<PredictiveResult> {
    const { limit } = input;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PREDICTIVE_LIMIT) {
      throw SearchErrors.INVALID(`limit must be between 1 and ${MAX_PREDICTIVE_LIMIT}`, { field: 'limit', extensions: { argument: 'limit' } });
    }
    const empty: PredictiveResult = { products: [], collections: [], pages: [], articles: [], queries: [] };
    const words = searchWords(input.query);
    const tsquery = toTsquery(words, true);
    if (!tsquery) return empty;
    const wanted = new Set<PredictiveType>(input.types?.length ? input.types : PREDICTIVE_TYPES);
    const earlier = words.slice(0, -1);
    const last = words[words.length - 1];
    const typed = words.join(' ');

    const [queries, products, collections, pages, articles] = await Promise.all([
      wanted.has('QUERY')
        ? this.catalog.productQuerySuggestions(ctx, toTsquery(earlier, false), last, limit).then((completions) =>
            completions.map((c) => {
              const text = [...earlier, c].join(' ');
              return { text, styledText: styledSuggestion(text, typed) };
            }),
          )
        : [],
      wanted.has('PRODUCT')
        ? this.catalog
            .rankedProductMatches(ctx, tsquery, { sortKey: 'RELEVANCE', unavailable: input.unavailable, valueDescending: true, idDescending: false, after: null, limit })
            .then((r) => r.rows.map((row) => row.record))
        : [],
      wanted.has('COLLECTION') ? this.catalog.searchCollections(ctx, words.join(' '), limit) : [],
      wanted.has('PAGE') ? this.content.pagesByTitleWords(ctx, words, limit) : [],
      wanted.has('ARTICLE') ? this.content.articlesByTitleWords(ctx, words, limit) : [],
    ]);
    if (input.limitScope === 'EACH') return { queries, products, collections, pages, articles };
    // ALL: the limit is shared, taking from each type in turn.
    const [q, p, c, pg, a] = roundRobin<unknown>([queries, products, collections, pages, articles], limit);
    return {
      queries: q as PredictiveResult['queries'],
      products: p as ProductRecord[],
      collections: c as CollectionRecord[],
      pages: pg as PageRecord[],
      articles: a as ArticleRecord[],
    };
  }
}

function position(r: Ranked): SearchPosition {
  return { value: r.value, type: r.type, id: Number(r.record.id) };
}
