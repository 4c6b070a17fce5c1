import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
  GraphQLInterfaceType,
  GraphQLObjectType,
  GraphQLUnionType,
  Kind,
  getNamedType,
  getNullableType,
  isAbstractType,
  isCompositeType,
  isLeafType,
  isListType,
  valueFromASTUntyped,
} from 'graphql';
import { isConnectionType } from './cost/connection-type.js';
import { listBoundOf } from '@platform/graphql-types';
import { boundedSize } from './cost/list-bounds.js';

export { isConnectionType };

// The cost model of the spec: scalar and enum 0, object 1, interface/union 1 plus the most expensive
// possible selection, connection 2 + (first|last) × the cost of one node, mutation field 10 (its payload is
// included, so a payload that selects more than 10 costs what it selects); a bounded list costs each item it can
// return (`nodes(ids:)` each id, `addresses(first:)` each address up to its bound) unless its items come with
// its parent (BoundedList). Every field counts as written, fragments at each spread.
export const OBJECT_COST = 1;
export const CONNECTION_COST = 2;
export const MUTATION_COST = 10;

/** One selected field with its static cost; the tree is kept to compute actual cost and per-field reports. */
export interface CostNode {
  readonly path: readonly string[];
  readonly responseKey: string;
  readonly definedCost: number;
  /** Page size for connections, the items a list priced per item can return, 1 otherwise. */
  readonly multiplier: number;
  readonly children: CostNode[];
  /** Type condition of the fragment that selected it, for abstract parents. */
  readonly typeCondition?: string;
  readonly requestedChildrenCost: number;
  readonly requestedTotalCost: number;
  /** A mutation field: it costs its definedCost, or what its payload costs when that is more. */
  readonly mutation?: boolean;
  /**
   * A list whose items come with its parent (tags, attributes, userErrors): requested as one item, so its actual
   * cost is its costliest item, never more than was reserved.
   */
  readonly plainList?: boolean;
}

export interface CostPlan {
  readonly requested: number;
  readonly fields: readonly CostNode[];
}

interface Walk {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Readonly<Record<string, unknown>>;
}

/** Requested (static) cost of an operation, before execution. */
export function planCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Readonly<Record<string, unknown>>,
): CostPlan {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  const root = operation.operation === 'mutation' ? schema.getMutationType() : operation.operation === 'subscription' ? schema.getSubscriptionType() : schema.getQueryType();
  if (!root) return { requested: 0, fields: [] };
  const walk: Walk = { schema, fragments, variables };
  const fields = selectionCost(walk, operation.selectionSet, root, [], operation.operation === 'mutation');
  return { requested: sumMax(walk, fields, root), fields };
}

/** Actual cost: the same model over what was returned (null objects and short pages cost less). */
export function actualCost(plan: CostPlan, data: unknown): number {
  return sumActual(plan.fields, data);
}

/** Every node of the plan, depth first (for the `fields` report of X-GraphQL-Cost-Include-Fields). */
export function flattenPlan(plan: CostPlan): CostNode[] {
  const out: CostNode[] = [];
  const visit = (nodes: readonly CostNode[]) => {
    for (const node of nodes) {
      out.push(node);
      visit(node.children);
    }
  };
  visit(plan.fields);
  return out;
}

function selectionCost(walk: Walk, selectionSet: SelectionSetNode, parent: GraphQLCompositeType, path: string[], isMutationRoot: boolean): CostNode[] {
  const selected: Selected[] = [];
  collectFields(walk, selectionSet, undefined, selected);
  const result: CostNode[] = [];
  for (const { responseKey, node, typeCondition } of selected) {
    const fieldName = node.name.value;
    if (fieldName === '__typename') continue;
    const owner = typeCondition ? (walk.schema.getType(typeCondition) as GraphQLCompositeType | undefined) ?? parent : parent;
    const field = fieldOf(owner, fieldName) ?? fieldOf(parent, fieldName);
    if (!field) continue;
    result.push(fieldCost(walk, field, node, parent, [...path, responseKey], responseKey, typeCondition, isMutationRoot));
  }
  return result;
}

function fieldCost(
  walk: Walk,
  field: GraphQLField<unknown, unknown>,
  node: FieldNode,
  parent: GraphQLCompositeType,
  path: string[],
  responseKey: string,
  typeCondition: string | undefined,
  isMutationRoot: boolean,
): CostNode {
  const named = getNamedType(field.type);
  const structural = isConnectionType(parent) && (field.name === 'edges' || field.name === 'pageInfo');
  const connection = isConnectionType(named);
  const list = !connection && !isConnectionType(parent) && isListType(getNullableType(field.type));
  const bound = list ? listBoundOf(field) : undefined;
  const perItem = bound !== undefined && !bound.withParent;
  let definedCost = 0;
  if (isMutationRoot) definedCost = MUTATION_COST;
  else if (connection) definedCost = CONNECTION_COST;
  else if (!isLeafType(named) && !structural) definedCost = OBJECT_COST;

  const children = isCompositeType(named) && node.selectionSet ? selectionCost(walk, node.selectionSet, named, path, false) : [];
  const requestedChildrenCost = sumMax(walk, children, named);
  // A connection costs 2 plus a page of nodes; a list priced per item costs each object it can return.
  let multiplier = 1;
  let requestedTotalCost = definedCost + requestedChildrenCost;
  if (connection) {
    multiplier = pageSize(walk, node);
    requestedTotalCost = definedCost + multiplier * requestedChildrenCost;
  } else if (perItem) {
    multiplier = boundedSize(bound, bound.sizedBy ? argumentValue(walk, node, bound.sizedBy) : undefined);
    requestedTotalCost = multiplier * (definedCost + requestedChildrenCost);
  } else if (isMutationRoot) {
    // The hosted platform prices `customerCreate { customer { id } }` at 10: the payload rides within the 10.
    requestedTotalCost = Math.max(definedCost, requestedChildrenCost);
  }
  const plainList = list && !perItem && !isLeafType(named);
  return {
    path,
    responseKey,
    definedCost,
    multiplier,
    children,
    typeCondition,
    requestedChildrenCost,
    requestedTotalCost,
    mutation: isMutationRoot || undefined,
    plainList: plainList || undefined,
  };
}

// For an abstract type, the most expensive concrete type's selection counts.
function sumMax(walk: Walk, nodes: readonly CostNode[], type: GraphQLNamedType): number {
  const conditioned = nodes.some((n) => n.typeCondition);
  if (!conditioned || !isAbstractType(type)) return nodes.reduce((sum, n) => sum + n.requestedTotalCost, 0);
  let max = 0;
  for (const candidate of walk.schema.getPossibleTypes(type)) {
    const total = nodes
      .filter((n) => !n.typeCondition || n.typeCondition === candidate.name || isSubtypeNamed(walk.schema, n.typeCondition, candidate))
      .reduce((sum, n) => sum + n.requestedTotalCost, 0);
    max = Math.max(max, total);
  }
  return max;
}

function sumActual(nodes: readonly CostNode[], value: unknown): number {
  if (value === null || value === undefined || typeof value !== 'object') return 0;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + sumActual(nodes, item), 0);
  let total = 0;
  for (const node of nodes) {
    // A field whose whole selection is free (scalars, enums, pageInfo) costs nothing whatever came back: skipping
    // it keeps the walk to the objects of the answer, not every value.
    if (node.requestedTotalCost === 0 && !node.mutation) continue;
    total += nodeActual(node, (value as Record<string, unknown>)[node.responseKey]);
  }
  return total;
}

function nodeActual(node: CostNode, value: unknown): number {
  if (value === null || value === undefined) return node.mutation ? node.definedCost : 0;
  if (Array.isArray(value) && node.plainList) return value.reduce((most: number, item) => Math.max(most, nodeActual(node, item)), 0);
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + nodeActual(node, item), 0);
  const children = sumActual(node.children, value);
  return node.mutation ? Math.max(node.definedCost, children) : node.definedCost + children;
}

interface Selected {
  responseKey: string;
  node: FieldNode;
  typeCondition?: string;
}

// Every field as written, each named fragment expanded where it is spread: a fragment spread twice costs
// twice, and fields of one response key are not merged. The document guard has bounded the expanded
// size, so this walk is linear in what it counts.
function collectFields(walk: Walk, selectionSet: SelectionSetNode, typeCondition: string | undefined, into: Selected[]): void {
  for (const selection of selectionSet.selections) {
    if (!included(walk, selection.directives)) continue;
    if (selection.kind === Kind.FIELD) {
      into.push({ responseKey: selection.alias?.value ?? selection.name.value, node: selection, typeCondition });
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      collectFields(walk, selection.selectionSet, selection.typeCondition?.name.value ?? typeCondition, into);
    } else {
      const fragment = walk.fragments.get(selection.name.value);
      if (fragment) collectFields(walk, fragment.selectionSet, fragment.typeCondition.name.value, into);
    }
  }
}

function included(walk: Walk, directives: FieldNode['directives']): boolean {
  for (const directive of directives ?? []) {
    const name = directive.name.value;
    if (name !== 'skip' && name !== 'include') continue;
    const arg = directive.arguments?.find((a) => a.name.value === 'if');
    const value = arg ? Boolean(resolveValue(walk, arg.value)) : false;
    if (name === 'skip' && value) return false;
    if (name === 'include' && !value) return false;
  }
  return true;
}

function pageSize(walk: Walk, node: FieldNode): number {
  for (const name of ['first', 'last']) {
    const arg = node.arguments?.find((a) => a.name.value === name);
    if (!arg) continue;
    const value = resolveValue(walk, arg.value);
    if (typeof value === 'number' && value >= 0) return value;
  }
  // No page size: execution refuses the connection; count one node.
  return 1;
}

function resolveValue(walk: Walk, value: ValueNode): unknown {
  return valueFromASTUntyped(value, walk.variables as Record<string, unknown>);
}

function argumentValue(walk: Walk, node: FieldNode, name: string): unknown {
  const arg = node.arguments?.find((a) => a.name.value === name);
  return arg ? resolveValue(walk, arg.value) : undefined;
}

function fieldOf(type: GraphQLCompositeType, name: string): GraphQLField<unknown, unknown> | undefined {
  return type instanceof GraphQLObjectType || type instanceof GraphQLInterfaceType ? type.getFields()[name] : undefined;
}

function isSubtypeNamed(schema: GraphQLSchema, abstractName: string, candidate: GraphQLObjectType): boolean {
  const abstract = schema.getType(abstractName);
  return (abstract instanceof GraphQLInterfaceType || abstract instanceof GraphQLUnionType) && schema.isSubType(abstract, candidate);
}
