import { type GraphQLField, type GraphQLSchema, defaultFieldResolver, isObjectType } from 'graphql';
import { ACCESS_KEY, type Access, type GraphqlContextValue, accessDenial } from '@platform/request';

/** The access a schema field declares (`@RequiresScope`, `@RequiresToken`, `@OpenAccess`), or undefined. */
export function declaredAccess(field: GraphQLField<unknown, unknown>): Access | undefined {
  return field.extensions?.[ACCESS_KEY] as Access | undefined;
}

/**
 * Wraps the resolver of every field that declares a scope or a token requirement with the check, once, when
 * the surface starts: resolvers never check access by hand, and a field refused to its caller answers
 * ACCESS_DENIED at its path while the rest of the query still answers. Fields that declare nothing or
 * `@OpenAccess()` keep their resolver as it is (no cost on hot fields).
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
        if (denial) throw denial;
        return resolve(source, args, context, info);
      };
    }
  }
  return schema;
}
