export interface NewMarket {
  handle: string;
  name: string;
  /** ISO 3166-1 alpha-2 codes; a country is in at most one market of a shop. */
  countries: string[];
  /** ISO 4217 code. */
  currency: string;
  /** Locales (`en`, `fr`); the first is the default language. */
  languages: string[];
  /** At most one per shop; its rate must be 1. */
  primary?: boolean;
  enabled?: boolean;
  /** Units of `currency` per unit of the shop's currency, as an exact decimal string; defaults to '1'. */
  exchangeRate?: string;
  /** Price ending to round converted prices up to ('0.99', '0.00'); null rounds half-up to cents. */
  rounding?: string | null;
}
