import { type ListBound, listBoundOf } from '@platform/graphql-types';
import { type GraphQLSchema, defaultFieldResolver, getNullableType, isListType, isObjectType } from 'graphql';
import { isConnectionType } from './connection-type.js';

/** How many items a bounded list returns for the given argument value (what its cost counts). */
export function boundedSize(bound: ListBound, argument: unknown): number {
  if (Array.isArray(argument)) return Math.min(Math.max(1, argument.length), bound.max);
  if (typeof argument === 'number' && Number.isInteger(argument) && argument >= 0) return Math.min(argument, bound.max);
  return bound.max;
}

/** Every list field of a schema that is neither a connection's page nor bounded (a test keeps this empty). */
export function unboundedLists(schema: GraphQLSchema): string[] {
  const found: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__') || isConnectionType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      if (isListType(getNullableType(field.type)) && !listBoundOf(field)) found.push(`${type.name}.${field.name}`);
    }
  }
  return found;
}

/**
 * Makes each bound hard: a list whose items are read for it returns at most what its cost counted, whatever its
 * resolver read (resolvers read no more than that in SQL; this keeps a mistake from costing memory). Lists that
 * come with their parent are bounded when written and keep their resolvers as they are.
 */
export function enforceListBounds(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const bound = listBoundOf(field);
      if (!bound || bound.withParent) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      const sizedBy = bound.sizedBy;
      field.resolve = (source, args, context, info) => {
        const size = boundedSize(bound, sizedBy ? args[sizedBy] : undefined);
        const cut = (items: unknown) => (Array.isArray(items) && items.length > size ? items.slice(0, size) : items);
        const value = resolve(source, args, context, info);
        return value instanceof Promise ? value.then(cut) : cut(value);
      };
    }
  }
  return schema;
}
