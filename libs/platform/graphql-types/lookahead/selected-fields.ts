import {
  type FieldNode,
  type GraphQLCompositeType,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  type SelectionSetNode,
  getNamedType,
  isAbstractType,
  isCompositeType,
  isInterfaceType,
  isObjectType,
} from 'graphql';

type FieldsByType = Map<string, Set<string>>;

// Per field node of a cached document: the walk is done once per document, not per request.
const walked = new WeakMap<FieldNode, FieldsByType>();

/**
 * Names of the fields the operation selects on objects of type `typeName` anywhere below the field being
 * resolved, through fragments, inline fragments and abstract types. Fields under @skip/@include count as
 * selected (a superset is safe for deciding what to read). Lets a list resolver read only the columns the
 * query needs.
 */
export function selectedFieldsOf(info: GraphQLResolveInfo, typeName: string): ReadonlySet<string> {
  const node = info.fieldNodes[0]!;
  let byType = walked.get(node);
  if (!byType) {
    byType = new Map();
    const type = getNamedType(info.returnType);
    for (const fieldNode of info.fieldNodes) {
      if (fieldNode.selectionSet && isCompositeType(type)) walk(info.schema, info.fragments, fieldNode.selectionSet, type, byType);
    }
    walked.set(node, byType);
  }
  return byType.get(typeName) ?? EMPTY;
}

/** Whether any of `fields` is selected on `typeName` below the field being resolved. */
export function selectsAnyOf(info: GraphQLResolveInfo, typeName: string, fields: ReadonlySet<string>): boolean {
  for (const name of selectedFieldsOf(info, typeName)) if (fields.has(name)) return true;
  return false;
}

const EMPTY: ReadonlySet<string> = new Set();

function walk(
  schema: GraphQLSchema,
  fragments: GraphQLResolveInfo['fragments'],
  selectionSet: SelectionSetNode,
  parent: GraphQLCompositeType,
  byType: FieldsByType,
): void {
  // A field selected on an interface or union is selected on each of its object types.
  const concrete = isAbstractType(parent) ? schema.getPossibleTypes(parent) : [parent];
  for (const selection of selectionSet.selections) {
    if (selection.kind === 'Field') {
      const name = selection.name.value;
      for (const type of concrete) add(byType, type.name, name);
      if (isAbstractType(parent)) add(byType, parent.name, name);
      if (!selection.selectionSet || !(isObjectType(parent) || isInterfaceType(parent))) continue;
      const field = parent.getFields()[name];
      const child = field && getNamedType(field.type);
      if (child && isCompositeType(child)) walk(schema, fragments, selection.selectionSet, child, byType);
    } else {
      // Documents are validated before they run: every spread names a fragment, and fragments never cycle.
      const fragment = selection.kind === 'InlineFragment' ? selection : fragments[selection.name.value]!;
      const type = fragment.typeCondition ? schema.getType(fragment.typeCondition.name.value) : parent;
      if (type && isCompositeType(type)) walk(schema, fragments, fragment.selectionSet, type, byType);
    }
  }
}

function add(byType: FieldsByType, typeName: string, field: string): void {
  const fields = byType.get(typeName);
  if (fields) fields.add(field);
  else byType.set(typeName, new Set([field]));
}
