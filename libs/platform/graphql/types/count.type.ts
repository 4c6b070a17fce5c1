import { Field, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { AdminSchema } from '../schema-modules.js';

export const COUNT_PRECISIONS = ['AT_LEAST', 'EXACT'] as const;
export const CountPrecision = Object.fromEntries(COUNT_PRECISIONS.map((v) => [v, v])) as Record<(typeof COUNT_PRECISIONS)[number], (typeof COUNT_PRECISIONS)[number]>;
registerEnumType(CountPrecision, { registerIn: () => AdminSchema, name: 'CountPrecision', description: 'Whether a count is exact or a lower bound.' });

/** The admin `Count` every `<things>Count` query answers (customersCount, ordersCount). */
@ObjectType('Count', { registerIn: () => AdminSchema, description: 'A number of objects.' })
export class AdminCount {
  @Field(() => Int)
  count!: number;

  @Field(() => CountPrecision)
  precision!: string;
}
