import { type DocumentNode, GraphQLError, type GraphQLSchema, parse, specifiedRules, validate } from 'graphql';
import { LRUCache } from 'lru-cache';
import { usesDefer } from './defer/defer.js';
import { withCode } from './graphql-errors.js';
import { type DocumentLimits, DEFAULT_DOCUMENT_LIMITS } from './guard/document-limits.js';
import { measureDocument } from './guard/document-measure.js';
import { tooDeep, tooManyAliases, tooManyDirectives, tooManyFields } from './guard/document-refusals.js';
import { lexicalRefusal } from './guard/lexical-check.js';
import { literalDependence, literalShape, stringLiterals } from './guard/literal-shape.js';
import { stringLiteralRefusal } from './guard/string-literals.js';

export type CachedDocument =
  | { document: DocumentNode; defers: boolean; errors?: undefined }
  | { document?: undefined; defers?: undefined; errors: readonly GraphQLError[] };

/** Bytes of parsed and validated documents a surface keeps (an estimate: see `estimatedBytes`). */
export const DOCUMENT_CACHE_BYTES = 32 * 1024 * 1024;
/** Bytes of the texts a surface has seen once (UTF-16), to know a document's second request. */
export const SEEN_ONCE_BYTES = 4 * 1024 * 1024;
/** Bytes of the shapes (`literalShape`, UTF-16) of valid documents whose validity holds whatever their string literals. */
export const VALID_SHAPES_BYTES = 4 * 1024 * 1024;

// A parsed document with locations takes about 70 bytes of heap per character of its text (measured on
// graphql 17); refused documents keep only their text and one error.
const AST_BYTES_PER_CHAR = 80;
const ENTRY_OVERHEAD_BYTES = 1024;
const SEEN_OVERHEAD_BYTES = 128;

/**
 * Parsed and validated documents per schema: a repeated query skips every step. A document reaches the
 * parser only after its text passed the lexical limits, and validation only after its measure with
 * fragments expanded passed the structural ones, so a hostile document costs time linear in its length
 * once, and a lookup on every repeat. Refusals and errors are cached like documents.
 *
 * A document is kept from its second request on. One sent once (a value or an idempotency key written into its
 * text, new every request) would otherwise hold its tree, about 80 bytes a character, until evicted: old-generation
 * garbage at every request, and the documents that do repeat pushed out. Such a document is still parsed every time,
 * but validated once: its shape (the text without its string literals) is remembered once valid, when no literal's
 * value could change that.
 */
export class DocumentCache {
  private readonly cache: LRUCache<string, CachedDocument>;
  private readonly seenOnce: LRUCache<string, true>;
  private readonly validShapes: LRUCache<string, true>;

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly limits: DocumentLimits = DEFAULT_DOCUMENT_LIMITS,
    maxBytes = DOCUMENT_CACHE_BYTES,
    seenOnceBytes = SEEN_ONCE_BYTES,
    validShapesBytes = VALID_SHAPES_BYTES,
  ) {
    this.cache = new LRUCache({ maxSize: maxBytes, sizeCalculation: (entry, query) => estimatedBytes(query, entry) });
    this.seenOnce = new LRUCache({ maxSize: seenOnceBytes, sizeCalculation: (_seen, query) => SEEN_OVERHEAD_BYTES + query.length * 2 });
    this.validShapes = new LRUCache({ maxSize: validShapesBytes, sizeCalculation: (_valid, shape) => SEEN_OVERHEAD_BYTES + shape.length * 2 });
  }

  get(query: string): CachedDocument {
    const cached = this.cache.get(query);
    if (cached) return cached;
    const entry = this.prepare(query);
    // A document larger than the whole budget is answered, not kept.
    if (estimatedBytes(query, entry) > this.cache.maxSize) return entry;
    // A text over the seen-once budget is not recorded (lru-cache keeps no entry larger than its maxSize).
    if (this.seenOnce.delete(query)) this.cache.set(query, entry);
    else this.seenOnce.set(query, true);
    return entry;
  }

  private prepare(query: string): CachedDocument {
    const refused = lexicalRefusal(query, this.limits);
    if (refused) return { errors: [refused] };
    let document: DocumentNode;
    try {
      document = parse(query, { maxTokens: this.limits.maxTokens });
    } catch (error) {
      return { errors: [withCode(error instanceof GraphQLError ? error : new GraphQLError('Syntax Error: the query could not be parsed.'), 'GRAPHQL_PARSE_FAILED')] };
    }
    const literals = stringLiterals(document);
    const structural = this.structuralRefusal(document) ?? stringLiteralRefusal(literals);
    if (structural) return { errors: [structural] };
    const shape = literalShape(query, literals);
    if (shape === null || !this.validShapes.get(shape)) {
      const literal = { dependent: false };
      const errors = validate(this.schema, document, shape === null ? specifiedRules : [...specifiedRules, literalDependence(literal)]);
      if (errors.length > 0) return { errors: errors.map((e) => withCode(e, 'GRAPHQL_VALIDATION_FAILED')) };
      if (shape !== null && !literal.dependent) this.validShapes.set(shape, true);
    }
    return { document, defers: usesDefer(document) };
  }

  private structuralRefusal(document: DocumentNode): GraphQLError | null {
    const measure = measureDocument(document);
    const { maxDepth, maxFields, maxAliases, maxDirectives } = this.limits;
    if (measure.depth > maxDepth) return tooDeep(measure.depth, maxDepth);
    if (measure.fields > maxFields) return tooManyFields(measure.fields, maxFields);
    if (measure.aliases > maxAliases) return tooManyAliases(measure.aliases, maxAliases);
    if (measure.directives > maxDirectives) return tooManyDirectives(measure.directives, maxDirectives);
    return null;
  }
}

function estimatedBytes(query: string, entry: CachedDocument): number {
  return ENTRY_OVERHEAD_BYTES + query.length * (entry.document ? AST_BYTES_PER_CHAR : 2);
}
