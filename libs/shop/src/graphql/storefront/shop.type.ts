import { Field, ID, ObjectType } from '@nestjs/graphql';
import { CountryCode, MAX_COUNTRIES } from '@platform/locale';
import { BoundedList, StorefrontSchema, UrlScalar } from '@platform/graphql-types';
import { CurrencyCode, MAX_CURRENCIES } from '@platform/money';

@ObjectType('Domain', { registerIn: () => StorefrontSchema, description: 'A domain of the shop.' })
export class StorefrontDomain {
  @Field()
  host!: string;

  @Field()
  sslEnabled!: boolean;

  @Field(() => UrlScalar)
  url!: string;
}

@ObjectType('PaymentSettings', { registerIn: () => StorefrontSchema, description: 'Currencies and countries the shop takes payments in.' })
export class StorefrontPaymentSettings {
  @Field(() => CurrencyCode)
  currencyCode!: string;

  @Field(() => CountryCode)
  countryCode!: string;

  @BoundedList({ max: MAX_CURRENCIES, withParent: true })
  @Field(() => [CurrencyCode])
  enabledPresentmentCurrencies!: string[];
}

@ObjectType('Shop', { registerIn: () => StorefrontSchema, description: 'The shop a buyer is visiting.' })
export class StorefrontShop {
  @Field(() => ID)
  id!: string;

  @Field()
  name!: string;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => StorefrontDomain, { description: 'The primary domain, as the buyer reached it.' })
  primaryDomain!: StorefrontDomain;

  @Field({ description: 'How money is written, e.g. `${{amount}}`.' })
  moneyFormat!: string;

  @BoundedList({ max: MAX_COUNTRIES, withParent: true })
  @Field(() => [CountryCode], { description: 'Countries the shop ships to.' })
  shipsToCountries!: string[];

  @Field(() => StorefrontPaymentSettings)
  paymentSettings!: StorefrontPaymentSettings;
}
