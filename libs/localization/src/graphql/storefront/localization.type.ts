import { Field, ID, ObjectType } from '@nestjs/graphql';
import { CountryCode, LanguageCode, MAX_COUNTRIES, MAX_LANGUAGES } from '@platform/locale';
import { BoundedList, StorefrontSchema } from '@platform/graphql-types';
import { CurrencyCode } from '@platform/money';

@ObjectType('Currency', { registerIn: () => StorefrontSchema, description: 'A currency.' })
export class StorefrontCurrency {
  @Field(() => CurrencyCode)
  isoCode!: string;

  @Field()
  name!: string;

  @Field()
  symbol!: string;
}

@ObjectType('Language', { registerIn: () => StorefrontSchema, description: 'A language.' })
export class StorefrontLanguage {
  @Field(() => LanguageCode)
  isoCode!: string;

  @Field({ description: 'The name of the language in the current language.' })
  name!: string;

  @Field({ description: 'The name of the language in itself.' })
  endonymName!: string;
}

@ObjectType('Market', { registerIn: () => StorefrontSchema, description: 'A group of countries sold to with shared settings.' })
export class StorefrontMarket {
  @Field(() => ID)
  id!: string;

  @Field()
  handle!: string;
}

@ObjectType('Country', { registerIn: () => StorefrontSchema, description: 'A country the shop sells to.' })
export class StorefrontCountry {
  @Field(() => CountryCode)
  isoCode!: string;

  @Field()
  name!: string;

  @Field(() => StorefrontCurrency)
  currency!: StorefrontCurrency;

  @BoundedList({ max: MAX_LANGUAGES, withParent: true })
  @Field(() => [StorefrontLanguage])
  availableLanguages!: StorefrontLanguage[];

  @Field(() => StorefrontMarket, { nullable: true })
  market!: StorefrontMarket | null;
}

@ObjectType('Localization', { registerIn: () => StorefrontSchema, description: 'Countries and languages of the shop, and the ones in effect.' })
export class StorefrontLocalization {
  @BoundedList({ max: MAX_COUNTRIES, withParent: true })
  @Field(() => [StorefrontCountry])
  availableCountries!: StorefrontCountry[];

  @BoundedList({ max: MAX_LANGUAGES, withParent: true })
  @Field(() => [StorefrontLanguage], { description: 'Languages of the country in effect.' })
  availableLanguages!: StorefrontLanguage[];

  @Field(() => StorefrontCountry, { description: 'The country in effect (@inContext country, else the primary market).' })
  country!: StorefrontCountry;

  @Field(() => StorefrontLanguage, { description: 'The language in effect.' })
  language!: StorefrontLanguage;

  @Field(() => StorefrontMarket)
  market!: StorefrontMarket;
}
