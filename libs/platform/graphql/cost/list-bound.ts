import { Extensions } from '@nestjs/graphql';
import { type GraphQLField, type GraphQLSchema, defaultFieldResolver, getNullableType, isListType, isObjectType } from 'graphql';
import { isConnectionType } from './connection-type.js';

export const LIST_BOUND_KEY = 'platform:listBound';

/** userErrors and warnings a payload reports at most (they follow the request's own input). */
export const MAX_USER_ERRORS = 250;
/** Parts of an error's `field` path (`lines`, `0`, `attributes`, `1`, `key`). */
export const MAX_FIELD_PATH = 16;

/**
 * The most items a list field returns, and how its cost counts them (docs/security.md, "Lists"). Every list of
 * both schemas that is not a connection's page declares one; a test fails on any that does not.
 */
export interface ListBound {
  /** The most items the list ever returns. */
  max: number;
  /**
   * An argument that asks for fewer: an Int (`first`) or a list (`ids`, `identifiers`: one item each). The list
   * returns at most that many (never more than `max`) and costs that many.
   */
  sizedBy?: string;
  /**
   * Its items come with the parent (a value held in the parent's own row and bounded when written, such as tags,
   * attributes or an address's lines, or made from the request, such as userErrors): it costs one item, as the
   * parent has paid for reading it. Otherwise each item it can return costs as one object, as a connection's nodes do.
   */
  withParent?: boolean;
}

/** Declares a list field's bound (see ListBound). */
export function BoundedList(bound: ListBound): PropertyDecorator & MethodDecorator {
  return Extensions({ [LIST_BOUND_KEY]: bound }) as PropertyDecorator & MethodDecorator;
}

export function listBoundOf(field: GraphQLField<unknown, unknown>): ListBound | undefined {
  return field.extensions?.[LIST_BOUND_KEY] as ListBound | undefined;
}

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
