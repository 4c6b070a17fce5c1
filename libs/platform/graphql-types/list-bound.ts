import { Extensions } from '@nestjs/graphql';
import type { GraphQLField } from 'graphql';

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
