import { isIP } from 'node:net';
import {
  type DocumentNode,
  type GraphQLObjectType,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  getNamedType,
  isObjectType,
} from 'graphql';
import type { BucketConfig } from './leaky-bucket.js';

/**
 * Cart mutations from one buyer IP on a plus shop: 30 at once, then one every 2 seconds. A buyer adds, changes and
 * removes a few lines a minute; a script creating carts or adding lines in a loop goes past it in seconds.
 */
export const DEFAULT_CART_MUTATION_BURST: BucketConfig = { capacity: 30, leakPerSecond: 0.5 };

const CART_TYPE = 'Cart';
const cartMutationsBySchema = new WeakMap<GraphQLSchema, ReadonlySet<string>>();

/**
 * The root mutation fields that write a cart: those whose payload holds a `cart: Cart` (cartCreate, cartLinesAdd, …),
 * read from the schema once, so a new cart mutation is covered without a list to keep.
 */
export function cartMutationFields(schema: GraphQLSchema): ReadonlySet<string> {
  let fields = cartMutationsBySchema.get(schema);
  if (!fields) {
    const mutation = schema.getMutationType();
    fields = new Set(
      Object.values(mutation?.getFields() ?? {})
        .filter((field) => {
          const payload = getNamedType(field.type);
          return isObjectType(payload) && holdsCart(payload);
        })
        .map((field) => field.name),
    );
    cartMutationsBySchema.set(schema, fields);
  }
  return fields;
}

function holdsCart(payload: GraphQLObjectType): boolean {
  const cart = payload.getFields().cart;
  return cart !== undefined && getNamedType(cart.type).name === CART_TYPE;
}

/**
 * How many cart mutations the operation asks for: its root fields (through fragments, aliases counted apart) that
 * are cart mutations. Queries and subscriptions ask for none.
 */
export function cartMutationsIn(operation: OperationDefinitionNode, document: DocumentNode, cartFields: ReadonlySet<string>): number {
  if (operation.operation !== 'mutation' || cartFields.size === 0) return 0;
  const fragments = new Map(document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d.selectionSet] as const] : [])));
  const seen = new Set<string>();
  const count = (set: SelectionSetNode): number => {
    let n = 0;
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) n += cartFields.has(selection.name.value) ? 1 : 0;
      else if (selection.kind === Kind.INLINE_FRAGMENT) n += count(selection.selectionSet);
      else if (!seen.has(selection.name.value)) {
        // A fragment spread twice at the root still runs its fields once (the executor merges them).
        seen.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) n += count(fragment);
      }
    }
    return n;
  };
  return count(operation.selectionSet);
}

/** A private-token request speaks for a buyer only with their IP address in Platform-Storefront-Buyer-IP. */
export function namesBuyerIp(header: string | string[] | undefined): boolean {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  return !!value && isIP(value) !== 0;
}
