import { Field, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { AdminSchema } from '../schema-modules.js';
import { enumOf } from './enum-of.js';

export const COUNT_PRECISIONS = ['AT_LEAST', 'EXACT'] as const;
export const CountPrecision = enumOf(COUNT_PRECISIONS);
registerEnumType(CountPrecision, { registerIn: () => AdminSchema, name: 'CountPrecision', description: 'Whether a count is exact or a lower bound.' });

/** The admin `Count` every `<things>Count` query answers (customersCount, ordersCount). */
@ObjectType('Count', { registerIn: () => AdminSchema, description: 'A number of objects.' })
export class AdminCount {
  @Field(() => Int)
  count!: number;

  @Field(() => CountPrecision)
  precision!: string;
}
