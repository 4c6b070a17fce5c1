import { Field, ObjectType } from '@nestjs/graphql';
import { BoundedList, MAX_USER_ERRORS } from '../list-bound.js';
import { AdminNode, type NodeValue } from '../node/node.interface.js';
import { AdminSchema } from '../schema-modules.js';
import { AdminUserError } from '../types/admin-user-error.type.js';

@ObjectType('TagsAddPayload', { registerIn: () => AdminSchema })
export class TagsAddPayload {
  @Field(() => AdminNode, { nullable: true, description: 'The object whose tags changed.' })
  node!: NodeValue | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [AdminUserError])
  userErrors!: AdminUserError[];
}

@ObjectType('TagsRemovePayload', { registerIn: () => AdminSchema })
export class TagsRemovePayload {
  @Field(() => AdminNode, { nullable: true, description: 'The object whose tags changed.' })
  node!: NodeValue | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [AdminUserError])
  userErrors!: AdminUserError[];
}
