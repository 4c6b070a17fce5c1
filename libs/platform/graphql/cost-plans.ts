import type { DocumentNode, GraphQLSchema, OperationDefinitionNode } from 'graphql';
import { type CostPlan, planCost } from './query-cost.js';

// Planning the cost walks every selection, and clients send the same few operations: plans are kept per operation
// (weakly: they go when the document cache drops the document), keyed by the values of the variables the cost
// reads (a page size, an `@include` flag), not by all of them: a cart mutation's lines, a new customer's email or a
// cart id change every request and not the cost. A few keys an operation, for short documents and keys only: a plan
// grows with its document, so what is kept stays a fraction of the document cache's bytes.
const PLANS_PER_OPERATION = 8;
const MAX_KEY_LENGTH = 512;
const MAX_DOCUMENT_LENGTH = 10_000;

interface OperationPlans {
  /** Every variable a plan of this operation has read so far. */
  read: Set<string>;
  /** Plans by the values of `read`. */
  byValues: Map<string, CostPlan>;
}

export class CostPlans {
  private readonly plans = new WeakMap<OperationDefinitionNode, OperationPlans>();

  constructor(private readonly schema: GraphQLSchema) {}

  planFor(document: DocumentNode, operation: OperationDefinitionNode, variables: Readonly<Record<string, unknown>>): CostPlan {
    if ((document.loc?.end ?? Infinity) > MAX_DOCUMENT_LENGTH) return planCost(this.schema, document, operation, variables);
    let kept = this.plans.get(operation);
    if (!kept) {
      kept = { read: new Set(), byValues: new Map() };
      this.plans.set(operation, kept);
    }
    const key = keyOf(kept.read, variables);
    const found = key === undefined ? undefined : kept.byValues.get(key);
    if (found) return found;

    // The walk is decided by the values it reads: another request agreeing on all of them gets the same plan. One
    // that reads a variable no key named yet makes the keys so far too coarse: they are dropped.
    const read = new Set<string>();
    const plan = planCost(this.schema, document, operation, readsOf(variables, read));
    const before = kept.read.size;
    for (const name of read) kept.read.add(name);
    const grew = kept.read.size !== before;
    if (grew) kept.byValues.clear();
    const storedKey = grew ? keyOf(kept.read, variables) : key;
    if (storedKey !== undefined) {
      if (kept.byValues.size >= PLANS_PER_OPERATION) kept.byValues.delete(kept.byValues.keys().next().value!);
      kept.byValues.set(storedKey, plan);
    }
    return plan;
  }
}

/** The values of `names` in `variables` (an absent one apart from null), or undefined when too long to keep. */
function keyOf(names: ReadonlySet<string>, variables: Readonly<Record<string, unknown>>): string | undefined {
  const key = JSON.stringify([...names].map((name) => (Object.hasOwn(variables, name) ? [variables[name]] : [])));
  return key.length > MAX_KEY_LENGTH ? undefined : key;
}

/** `variables`, noting in `read` the name of each one read. */
function readsOf(variables: Readonly<Record<string, unknown>>, read: Set<string>): Readonly<Record<string, unknown>> {
  return new Proxy(variables, {
    get(target, name, receiver) {
      if (typeof name === 'string') read.add(name);
      return Reflect.get(target, name, receiver);
    },
  });
}
