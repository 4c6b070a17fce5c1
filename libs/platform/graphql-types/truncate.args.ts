import { ArgsType, Field, Int } from '@nestjs/graphql';

/** `truncateAt` of the plain-text fields (`Product.description`, `Article.content`, …). */
@ArgsType()
export class TruncateArgs {
  @Field(() => Int, { nullable: true, description: 'Truncates a string after the given length.' })
  truncateAt?: number | null;
}
