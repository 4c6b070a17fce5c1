import { CATALOG_ADJUSTMENT_TYPES } from './company.records.js';
import type { NewCompany } from './company.inputs.js';
import { invalidAt } from './companies.errors.js';
import { adjustmentValue, priceValue } from './catalog-price.rules.js';

const MAX_NAME = 255;
const MAX_EXTERNAL_ID = 64;
const MAX_LOCATIONS = 250;
const MAX_FIXED_PRICES = 10_000;

/** A company of an import, checked and normalized (names trimmed, amounts with two places); throws its first problem. */
export function companyRows(input: NewCompany, field = 'company'): NewCompany {
  const at = (path: string) => `${field}.${path}`;
  const name = text(input.name, at('name'), MAX_NAME);
  const externalId = input.externalId == null ? null : text(input.externalId, at('externalId'), MAX_EXTERNAL_ID);
  if (!Array.isArray(input.locations) || input.locations.length === 0) throw invalidAt(at('locations'), 'must have at least one location', 'BLANK');
  if (input.locations.length > MAX_LOCATIONS) throw invalidAt(at('locations'), `must have at most ${MAX_LOCATIONS} locations`);
  const names = new Set<string>();
  const locations = input.locations.map((location, i) => {
    const locationName = text(location.name, at(`locations[${i}].name`), MAX_NAME);
    if (names.has(locationName)) throw invalidAt(at(`locations[${i}].name`), 'has already been taken', 'TAKEN');
    names.add(locationName);
    const catalog = location.catalog;
    if (!catalog) return { name: locationName, catalog: null };
    const path = `locations[${i}].catalog`;
    if (!CATALOG_ADJUSTMENT_TYPES.includes(catalog.adjustment?.type)) throw invalidAt(at(`${path}.adjustment.type`), 'must be PERCENTAGE_DECREASE or PERCENTAGE_INCREASE');
    const value = adjustmentValue(catalog.adjustment);
    if (value === null) throw invalidAt(at(`${path}.adjustment.value`), 'must be a percentage with at most two decimals (at most 100 for a decrease)');
    const fixed = catalog.fixedPrices ?? [];
    if (fixed.length > MAX_FIXED_PRICES) throw invalidAt(at(`${path}.fixedPrices`), `must have at most ${MAX_FIXED_PRICES} prices`);
    const variants = new Set<number>();
    const fixedPrices = fixed.map((p, j) => {
      if (!Number.isSafeInteger(p.variantId) || p.variantId <= 0) throw invalidAt(at(`${path}.fixedPrices[${j}].variantId`), 'must be a variant id');
      if (variants.has(p.variantId)) throw invalidAt(at(`${path}.fixedPrices[${j}].variantId`), 'has already been taken', 'TAKEN');
      variants.add(p.variantId);
      const price = priceValue(p.price);
      if (price === null) throw invalidAt(at(`${path}.fixedPrices[${j}].price`), 'must be a non-negative amount with at most two decimals');
      const compareAtPrice = p.compareAtPrice == null ? null : priceValue(p.compareAtPrice);
      if (p.compareAtPrice != null && compareAtPrice === null) throw invalidAt(at(`${path}.fixedPrices[${j}].compareAtPrice`), 'must be a non-negative amount with at most two decimals');
      return { variantId: p.variantId, price, compareAtPrice };
    });
    return { name: locationName, catalog: { title: text(catalog.title, at(`${path}.title`), MAX_NAME), adjustment: { type: catalog.adjustment.type, value }, fixedPrices } };
  });
  const customers = new Set<number>();
  const contacts = (input.contacts ?? []).map((contact, i) => {
    if (!Number.isSafeInteger(contact.customerId) || contact.customerId <= 0) throw invalidAt(at(`contacts[${i}].customerId`), 'must be a customer id');
    if (customers.has(contact.customerId)) throw invalidAt(at(`contacts[${i}].customerId`), 'has already been taken', 'TAKEN');
    customers.add(contact.customerId);
    contact.locations.forEach((locationName, j) => {
      if (!names.has(locationName)) throw invalidAt(at(`contacts[${i}].locations[${j}]`), "must name one of the company's locations");
    });
    return { customerId: contact.customerId, locations: [...new Set(contact.locations)] };
  });
  return { name, externalId, locations, contacts };
}

function text(value: unknown, field: string, max: number): string {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  if (!trimmed) throw invalidAt(field, "can't be blank", 'BLANK');
  if (trimmed.length > max) throw invalidAt(field, `is too long (maximum is ${max} characters)`, 'TOO_LONG');
  if (trimmed.includes('\u0000')) throw invalidAt(field, 'is invalid');
  return trimmed;
}

