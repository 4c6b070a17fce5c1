import { ArgsType, Field, Int } from '@nestjs/graphql';
import { type PageRequest, pageRequest } from '@platform/paging';

/** `first/after/last/before/reverse` of every connection field. */
@ArgsType()
export class ConnectionArgs {
  @Field(() => Int, { nullable: true, description: 'Returns up to the first `n` elements (at most 250).' })
  first?: number | null;

  @Field(() => String, { nullable: true, description: 'Returns the elements after this cursor.' })
  after?: string | null;

  @Field(() => Int, { nullable: true, description: 'Returns up to the last `n` elements (at most 250).' })
  last?: number | null;

  @Field(() => String, { nullable: true, description: 'Returns the elements before this cursor.' })
  before?: string | null;

  @Field(() => Boolean, { nullable: true, defaultValue: false, description: 'Reverses the order of the list.' })
  reverse?: boolean | null;
}

export function pageOf(args: ConnectionArgs): PageRequest {
  return pageRequest(args);
}
