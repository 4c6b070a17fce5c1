import { type GraphQLField, type GraphQLSchema, defaultFieldResolver, getNamedType, getNullableType, isListType, isObjectType } from 'graphql';
import { listBoundOf } from '@platform/graphql-types';
import { ACCESS_KEY, type Access, type GraphqlContextValue, accessDenial } from '@platform/request';

/**
 * The access a schema field declares (`@RequiresScope`, `@RequiresToken`, `@OpenAccess`), else the access the object
 * type it returns declares (`@RequiresToken()` on the storefront `Metafield`: every field that returns one asks it,
 * whichever context resolves it), or undefined.
 */
export function declaredAccess(field: GraphQLField<unknown, unknown>): Access | undefined {
  return (field.extensions?.[ACCESS_KEY] as Access | undefined) ?? typeAccess(field);
}

function typeAccess(field: GraphQLField<unknown, unknown>): Access | undefined {
  const type = getNamedType(field.type);
  return isObjectType(type) ? (type.extensions?.[ACCESS_KEY] as Access | undefined) : undefined;
}

// A type's declaration refuses each object of it: a list of them sized by a list argument (`metafields(identifiers:)`,
// `@BoundedList({ sizedBy })`) answers the refusal in place of each item asked, so the list and the object holding it
// still answer. Any other refused field answers null with the error at its path.
function refusedItems(field: GraphQLField<unknown, unknown>, args: Record<string, unknown>): unknown[] | undefined {
  if (field.extensions?.[ACCESS_KEY] || !isListType(getNullableType(field.type))) return undefined;
  const sizedBy = listBoundOf(field)?.sizedBy;
  const asked = sizedBy === undefined ? undefined : args[sizedBy];
  return Array.isArray(asked) ? asked : undefined;
}

/**
 * Wraps the resolver of every field that declares a scope or a token requirement (itself or through the type it
 * returns) with the check, once, when the surface starts: resolvers never check access by hand, and a field refused
 * to its caller answers ACCESS_DENIED at its path while the rest of the query still answers. Fields that declare
 * nothing or `@OpenAccess()` keep their resolver as it is (no cost on hot fields).
 */
export function enforceDeclaredAccess(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const access = declaredAccess(field);
      if (!access || (!access.scope && !access.tokenless)) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      const name = field.name;
      field.resolve = (source, args, context: GraphqlContextValue, info) => {
        const denial = accessDenial(context.ctx.caller, access, name);
        if (!denial) return resolve(source, args, context, info);
        const refused = refusedItems(field, args);
        if (refused) return refused.map(() => denial);
        throw denial;
      };
    }
  }
  return schema;
}
