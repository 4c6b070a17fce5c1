import { Field, ObjectType, registerEnumType } from '@nestjs/graphql';
import { DecimalScalar } from './decimal.scalar.js';

/** Every ISO 4217 code the runtime knows, as the CurrencyCode enum (`USD`, `EUR`, …). */
export const CurrencyCode = Object.fromEntries(Intl.supportedValuesOf('currency').map((code) => [code, code])) as Record<string, string>;
registerEnumType(CurrencyCode, { name: 'CurrencyCode', description: 'ISO 4217 currency codes.' });
/** Each code at most once: the most currencies any list of them holds. */
export const MAX_CURRENCIES = Object.keys(CurrencyCode).length;

@ObjectType('MoneyV2', { description: 'An amount and its currency.' })
export class MoneyV2 {
  @Field(() => DecimalScalar)
  amount!: string;

  @Field(() => CurrencyCode)
  currencyCode!: string;
}

export function moneyV2(amount: string, currencyCode: string): MoneyV2 {
  return { amount, currencyCode };
}
