import { Field, ID, InterfaceType } from '@nestjs/graphql';
import { AdminSchema, StorefrontSchema } from '../schema-modules.js';

/** What every node value carries so the Node interface can tell its concrete type. */
export interface NodeValue {
  readonly __typename: string;
  readonly id: string;
}

const resolveType = (value: NodeValue) => value.__typename;

// One Node interface per surface, each registered in its surface's schema only (both are named Node).

@InterfaceType('Node', {
  description: 'An object with a global ID (`gid://platform/<Type>/<id>`).',
  resolveType,
  registerIn: () => StorefrontSchema,
})
export abstract class StorefrontNode {
  @Field(() => ID)
  id!: string;
}

@InterfaceType('Node', {
  description: 'An object with a global ID (`gid://platform/<Type>/<id>`).',
  resolveType,
  registerIn: () => AdminSchema,
})
export abstract class AdminNode {
  @Field(() => ID)
  id!: string;
}
