import { Field, InputType } from '@nestjs/graphql';
import { AdminSchema } from '@platform/graphql-types';

/** The admin schema's one `MetafieldInput`: a metafield written with its owner (`customerCreate`, `productCreate`…). */
@InputType('MetafieldInput', {
  registerIn: () => AdminSchema,
  description: "A metafield set with the object that owns it. Each owner checks it with the metafields' one validation (customers with REST's shorter limits: namespace 20, key 30 characters).",
})
export class AdminMetafieldInput {
  @Field(() => String, { nullable: true })
  namespace?: string | null;

  @Field(() => String, { nullable: true })
  key?: string | null;

  @Field(() => String, { nullable: true })
  value?: string | null;

  @Field(() => String, { nullable: true, description: 'The metafield type (e.g. `single_line_text_field`).' })
  type?: string | null;
}
