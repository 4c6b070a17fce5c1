import { Field, ID, ObjectType } from '@nestjs/graphql';
import { AdminSchema } from '../schema-modules.js';

/**
 * The hosted `Job` some mutations answer (orderCancel, collectionRemoveProducts, collectionReorderProducts): the
 * platform finishes that work before it answers, so `done` is true. One type for every context's payloads.
 */
@ObjectType('Job', { registerIn: () => AdminSchema, description: 'Work the platform did for a request. It finishes before the mutation answers: `done` is true.' })
export class AdminJob {
  @Field(() => ID)
  id!: string;

  @Field()
  done!: boolean;
}
