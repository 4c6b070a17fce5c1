import { Decimal } from 'decimal.js';

export { Decimal };

/** A non-negative decimal string with at most two places: the only money input the platform takes. */
export const MONEY_PATTERN = /^\d{1,18}(?:\.\d{1,2})?$/;

/** The amount with exactly two places ('5' → '5.00'), or null when it is not an exact money string. */
export function parseMoney(value: unknown): string | null {
  if (typeof value !== 'string' || !MONEY_PATTERN.test(value)) return null;
  return new Decimal(value).toFixed(2);
}

/** Wire form of an amount: a decimal string with two places. */
export function formatMoney(value: Decimal.Value): string {
  return new Decimal(value).toFixed(2);
}
