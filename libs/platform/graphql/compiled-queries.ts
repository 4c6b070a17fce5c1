import {
  type DocumentNode,
  type ExecutionResult,
  type GraphQLInputType,
  type GraphQLSchema,
  Kind,
  getNamedType,
  getOperationAST,
  isInputObjectType,
  isNonNullType,
  typeFromAST,
} from 'graphql';
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';
import { LRUCache } from 'lru-cache';

/** An operation compiled to JavaScript: runs with the variables as the client sent them. */
export type CompiledOperation = (contextValue: unknown, variables: Record<string, unknown>) => ExecutionResult | Promise<ExecutionResult>;

// Compiling costs several times one interpreted run (about 9 ms for a product page), so an operation is
// compiled on its second run: one-off documents never pay for it. A compiled product page holds about 150
// bytes of heap per character of its query (measured), so the cache is bounded by that estimate.
const COMPILE_ON_RUN = 2;
export const COMPILED_QUERIES_BYTES = 16 * 1024 * 1024;
const COMPILED_BYTES_PER_CHAR = 150;
const COMPILED_OVERHEAD_BYTES = 8 * 1024;

interface Slot {
  runs: number;
  compiled?: CompiledOperation | null; // null: graphql-jit declined it; graphql-js interprets it for good
}

/**
 * Operations compiled by graphql-jit once they repeat. The result is graphql-js' for the same document
 * (the executor's tests run documents through both), about a quarter less CPU per listing request.
 */
export class CompiledQueries {
  private readonly slots: LRUCache<string, Slot>;

  constructor(
    private readonly schema: GraphQLSchema,
    maxBytes = COMPILED_QUERIES_BYTES,
  ) {
    this.slots = new LRUCache({ maxSize: maxBytes, sizeCalculation: (slot, key) => estimatedBytes(key, slot) });
  }

  /** The compiled operation for this run, or undefined while it should still be interpreted. */
  forRun(query: string, document: DocumentNode, operationName: string | undefined): CompiledOperation | undefined {
    const key = operationName === undefined ? query : `${operationName}\n${query}`;
    let slot = this.slots.get(key);
    if (!slot) {
      slot = { runs: 0 };
      this.slots.set(key, slot);
    }
    if (slot.compiled !== undefined) return slot.compiled ?? undefined;
    slot.runs += 1;
    if (slot.runs < COMPILE_ON_RUN) return undefined;
    slot.compiled = this.compile(document, operationName);
    this.slots.set(key, slot); // its size grew
    return slot.compiled ?? undefined;
  }

  private compile(document: DocumentNode, operationName: string | undefined): CompiledOperation | null {
    if (hasNonNullDefault(this.schema, document, operationName)) return null;
    const compiled = compileQuery(this.schema, document, operationName);
    if (!isCompiledQuery(compiled)) return null;
    return (contextValue, variables) => (compiled as CompiledQuery).query(undefined, contextValue, variables);
  }
}

// graphql-jit ignores the default of a non-null variable or input field that the client left out, and answers
// "was not provided" where graphql-js uses the default: such operations are always interpreted.
function hasNonNullDefault(schema: GraphQLSchema, document: DocumentNode, operationName: string | undefined): boolean {
  const operation = getOperationAST(document, operationName);
  const seen = new Set<string>();
  const inputFieldsHaveOne = (type: GraphQLInputType | undefined): boolean => {
    const named = type && getNamedType(type);
    if (!named || !isInputObjectType(named) || seen.has(named.name)) return false;
    seen.add(named.name);
    // `defaultValue` is how code-first schemas still declare a default in graphql 17.
    const hasDefault = (field: { default?: unknown; defaultValue?: unknown }) => field.default !== undefined || field.defaultValue !== undefined;
    return Object.values(named.getFields()).some((field) => (isNonNullType(field.type) && hasDefault(field)) || inputFieldsHaveOne(field.type));
  };
  return (operation?.variableDefinitions ?? []).some(
    (definition) =>
      (definition.type.kind === Kind.NON_NULL_TYPE && definition.defaultValue !== undefined) ||
      inputFieldsHaveOne(typeFromAST(schema, definition.type) as GraphQLInputType | undefined),
  );
}

function estimatedBytes(key: string, slot: Slot): number {
  return slot.compiled ? COMPILED_OVERHEAD_BYTES + key.length * COMPILED_BYTES_PER_CHAR : 64 + key.length * 2;
}
