import { type DocumentNode, GraphQLError, type GraphQLSchema, parse, validate } from 'graphql';
import { LRUCache } from 'lru-cache';
import { usesDefer } from './defer/defer.js';

export type CachedDocument =
  | { document: DocumentNode; defers: boolean; errors?: undefined }
  | { document?: undefined; defers?: undefined; errors: readonly GraphQLError[] };

// Query text is bounded by the body limit; the cache is bounded by entries so a flood of distinct
// queries cannot grow memory.
const MAX_ENTRIES = 2000;

/** Parsed and validated documents per schema: a repeated query skips both steps. */
export class DocumentCache {
  private readonly cache = new LRUCache<string, CachedDocument>({ max: MAX_ENTRIES });

  constructor(private readonly schema: GraphQLSchema) {}

  get(query: string): CachedDocument {
    let entry = this.cache.get(query);
    if (!entry) {
      entry = this.prepare(query);
      this.cache.set(query, entry);
    }
    return entry;
  }

  private prepare(query: string): CachedDocument {
    let document: DocumentNode;
    try {
      document = parse(query, { maxTokens: 20_000 });
    } catch (error) {
      return { errors: [error instanceof GraphQLError ? error : new GraphQLError(String(error))] };
    }
    const errors = validate(this.schema, document);
    return errors.length > 0 ? { errors } : { document, defers: usesDefer(document) };
  }
}
