import { Decimal, parseMoney } from '@platform/money';
import type { CatalogAdjustment, FixedPrice, PricePair, PriceRangeRecord } from './company.records.js';

/**
 * A list price under a catalog's percentage: amount × (1 − value/100) for a decrease, × (1 + value/100) for an
 * increase, rounded half-up to the cent (the shop currency's). Zero stays zero. Market conversion and its rounding
 * come after, on this amount (docs/decisions.md).
 */
export function adjustedPrice(amount: string, adjustment: CatalogAdjustment): string {
  const percent = new Decimal(adjustment.value).div(100);
  const factor = adjustment.type === 'PERCENTAGE_DECREASE' ? new Decimal(1).minus(percent) : new Decimal(1).plus(percent);
  return new Decimal(amount).times(factor).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/**
 * A variant's price for a catalog's buyers: its fixed price when the catalog has one (with that price's own
 * compare-at, or none), else the list price and compare-at price both adjusted (the hosted platform's default
 * compare-at mode, ADJUSTED).
 */
export function catalogPrice(list: PricePair, adjustment: CatalogAdjustment, fixed: FixedPrice | undefined): PricePair {
  if (fixed) return { price: fixed.price, compareAtPrice: fixed.compareAtPrice };
  return {
    price: adjustedPrice(list.price, adjustment),
    compareAtPrice: list.compareAtPrice === null ? null : adjustedPrice(list.compareAtPrice, adjustment),
  };
}

/**
 * A product's range under a catalog. Without fixed prices the adjustment keeps the order of prices, so the list
 * range adjusted is exact; with some, the range is taken over every variant's catalog price (`variants`).
 */
export function catalogPriceRange(list: PriceRangeRecord, adjustment: CatalogAdjustment, variants: readonly { list: PricePair; fixed: FixedPrice | undefined }[] | null): PriceRangeRecord {
  if (variants === null || variants.length === 0) {
    const adjust = (amount: string | null) => (amount === null ? null : adjustedPrice(amount, adjustment));
    return { minPrice: adjust(list.minPrice)!, maxPrice: adjust(list.maxPrice)!, minCompareAtPrice: adjust(list.minCompareAtPrice), maxCompareAtPrice: adjust(list.maxCompareAtPrice) };
  }
  const prices = variants.map((v) => catalogPrice(v.list, adjustment, v.fixed));
  const amounts = prices.map((p) => new Decimal(p.price));
  const compareAts = prices.flatMap((p) => (p.compareAtPrice === null ? [] : [new Decimal(p.compareAtPrice)]));
  return {
    minPrice: Decimal.min(...amounts).toFixed(2),
    maxPrice: Decimal.max(...amounts).toFixed(2),
    minCompareAtPrice: compareAts.length ? Decimal.min(...compareAts).toFixed(2) : null,
    maxCompareAtPrice: compareAts.length ? Decimal.max(...compareAts).toFixed(2) : null,
  };
}

const PERCENT = /^\d{1,5}(?:\.\d{1,2})?$/;

/** The adjustment's value as stored text, or null when it is not a percentage this type allows (a decrease is at most 100). */
export function adjustmentValue(adjustment: CatalogAdjustment): string | null {
  if (typeof adjustment.value !== 'string' || !PERCENT.test(adjustment.value)) return null;
  const value = new Decimal(adjustment.value);
  if (adjustment.type === 'PERCENTAGE_DECREASE' && value.gt(100)) return null;
  if (adjustment.type === 'PERCENTAGE_INCREASE' && value.gt(1000)) return null;
  return value.toFixed(2);
}

/** An exact money amount of an import (two places), or null. */
export function priceValue(value: unknown): string | null {
  return parseMoney(value);
}
