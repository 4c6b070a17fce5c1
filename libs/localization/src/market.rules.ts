import { Decimal } from '@platform/money';
import { invalidAt, taken } from './localization.errors.js';
import type { NewMarket } from './market.inputs.js';
import { normalizeLocale } from './translation.rules.js';

const HANDLE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_HANDLE = 255;
const MAX_NAME = 255;
const RATE = /^\d{1,10}(?:\.\d{1,10})?$/;
const ROUNDING = /^0(?:\.\d{1,2})?$/;

/** What a market's price conversion needs: exact decimal strings. */
export interface PriceConversion {
  exchangeRate: string;
  rounding: string | null;
}

/**
 * An amount of the shop's currency in a market's currency, exact to the cent: amount × exchangeRate, then
 * with `rounding` null rounded half-up to two places, otherwise rounded up to the next price ending in that
 * fraction ('0.99': 18.8865 → 18.99, 19.00 → 19.99; '0.00' rounds up to whole units). Zero stays zero (free
 * stays free). A rate of 1 without rounding returns the amount unchanged.
 */
export function convertPrice(amount: Decimal.Value, conversion: PriceConversion): string {
  const converted = new Decimal(amount).times(conversion.exchangeRate);
  if (converted.isZero()) return '0.00';
  if (conversion.rounding === null) return converted.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
  const ending = new Decimal(conversion.rounding);
  const units = Decimal.max(0, converted.minus(ending).ceil());
  return units.plus(ending).toFixed(2);
}

/** Validates a new market and turns it into a row; `field` prefixes error fields (e.g. `markets[1]`). */
export function marketRow(input: NewMarket, field = 'market') {
  const invalid = invalidAt(field);
  if (!HANDLE.test(input.handle) || input.handle.length > MAX_HANDLE) throw invalid('handle', 'must be lowercase letters, digits and single hyphens');
  const name = input.name.trim();
  if (!name) throw invalid('name', "can't be blank", 'BLANK');
  if (name.length > MAX_NAME) throw invalid('name', `is too long (maximum is ${MAX_NAME} characters)`, 'TOO_LONG');
  const countries = input.countries.map((c) => c.trim().toUpperCase());
  if (countries.length === 0) throw invalid('countries', 'must have at least one country', 'BLANK');
  countries.forEach((c, i) => {
    if (!/^[A-Z]{2}$/.test(c)) throw invalid(`countries[${i}]`, 'must be an ISO 3166-1 alpha-2 code');
  });
  if (new Set(countries).size !== countries.length) throw invalid('countries', 'must not repeat a country');
  const currency = input.currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) throw invalid('currency', 'must be an ISO 4217 code');
  const languages = input.languages.map((l, i) => {
    const locale = normalizeLocale(l);
    if (!locale) throw invalid(`languages[${i}]`, 'must be a language code, optionally with a region (fr, pt-BR)');
    return locale;
  });
  if (languages.length === 0) throw invalid('languages', 'must have at least one language', 'BLANK');
  if (new Set(languages).size !== languages.length) throw invalid('languages', 'must not repeat a language');
  const exchangeRate = input.exchangeRate ?? '1';
  if (!RATE.test(exchangeRate) || new Decimal(exchangeRate).isZero()) throw invalid('exchangeRate', 'must be a positive decimal with at most 10 places');
  const rounding = input.rounding ?? null;
  if (rounding !== null && !ROUNDING.test(rounding)) throw invalid('rounding', 'must be a price ending from 0.00 to 0.99');
  const isPrimary = input.primary ?? false;
  if (isPrimary && !new Decimal(exchangeRate).eq(1)) throw invalid('exchangeRate', "must be 1 for the primary market (it sells in the shop's currency)");
  return {
    handle: input.handle,
    name,
    enabled: input.enabled ?? true,
    isPrimary,
    countries,
    currency,
    languages,
    exchangeRate: new Decimal(exchangeRate).toString(),
    rounding: rounding === null ? null : new Decimal(rounding).toFixed(2),
  };
}

/**
 * Refuses a batch of markets that, with the shop's existing ones, would repeat a handle, put a country in two
 * markets or have two primary markets.
 */
export function checkMarketSet(
  batch: readonly { handle: string; isPrimary: boolean; countries: string[] }[],
  existing: readonly { handle: string; isPrimary: boolean; countries: string[] }[],
): void {
  const handles = new Set(existing.map((m) => m.handle));
  const owner = new Map<string, string>();
  for (const m of existing) for (const c of m.countries) owner.set(c, m.handle);
  let primary = existing.find((m) => m.isPrimary)?.handle;
  batch.forEach((m, i) => {
    if (handles.has(m.handle)) throw taken(`markets[${i}].handle`);
    handles.add(m.handle);
    m.countries.forEach((c) => {
      const other = owner.get(c);
      if (other !== undefined) {
        throw taken(`markets[${i}].countries`, `${c} is already in market ${other}`);
      }
      owner.set(c, m.handle);
    });
    if (m.isPrimary) {
      if (primary !== undefined) throw taken(`markets[${i}].primary`, `${primary} is already the primary market`);
      primary = m.handle;
    }
  });
}
