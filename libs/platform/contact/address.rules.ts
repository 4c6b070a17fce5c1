import { textProblem } from '@platform/errors';
import { countryCodeOf, countryName, hasProvinceList, knownCountryCode, provinceOf } from '@platform/locale';
import { ADDRESS_FIELDS, type Address, type AddressField } from './address.js';
import { normalizePhone } from './contact.js';

// The one normalisation and validation of an address, for every context that takes one: the merchant's customer
// writes (REST, admin GraphQL), imports and the seed, the orders a checkout places, the checkout's form.

/** Characters any part of an address holds at most (after trimming). */
export const MAX_ADDRESS_FIELD_LENGTH = 255;

/** What is wrong with one part of an address, with a message naming the part ("Province is not a province of Canada"). */
export interface AddressProblem {
  field: AddressField;
  code: 'BLANK' | 'INVALID' | 'TOO_LONG';
  message: string;
}

/** An address as a caller sends it: any parts, of any type (undefined: not set; null: cleared). */
export type AddressInput = { readonly [Field in AddressField]?: unknown };

export interface AddressRules {
  /**
   * The country code of the address a write changes, for a write that sets its province without its country
   * (undefined: not known, and the province is kept as given; null: the address has no country).
   */
  countryOfAddress?: string | null;
  /** Parts that must be given (an order ships to the checkout's address; an address book takes any part of one). */
  required?: readonly AddressField[];
  /** The names the messages give the parts (a page's own labels); the API's names otherwise. */
  labels?: Partial<Record<AddressField, string>>;
}

const LABELS: Record<AddressField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  company: 'Company',
  address1: 'Address1',
  address2: 'Address2',
  city: 'City',
  province: 'Province',
  provinceCode: 'Province code',
  country: 'Country',
  countryCode: 'Country code',
  zip: 'Zip',
  phone: 'Phone',
};

type Texts = Partial<Record<AddressField, string | null>>;

/**
 * The parts a write sets, normalised: text trimmed (blank is null), a phone that reads as an international number
 * in E.164 (`+1 (613) 555-0123` → `+16135550123`; a national one as written), the country's name and code and, for a
 * country with a province list, the province's name and code each completed from the other (a code given wins over
 * a name beside it; withdrawn codes read as their successor, `UK` → `GB`). What it cannot read is kept as given.
 * Never throws, and normalising twice is normalising once.
 */
export function normalizeAddress(set: Texts, countryOfAddress?: string | null): Partial<Address> {
  return completedRegion(trimmed(set), countryOfAddress, LABELS).set;
}

/**
 * The parts `input` sets, checked and normalised (`normalizeAddress`), or the problems of every part that is wrong:
 * not text, text Postgres cannot store (NUL, a lone surrogate), over MAX_ADDRESS_FIELD_LENGTH, blank when required,
 * an international phone number that is not one, a country not in the country table (`CountryCode`, by English
 * name or two-letter code), a province not of its country's list. Problems come in the parts' order.
 */
export function checkAddress(input: AddressInput, rules: AddressRules = {}): { address: Partial<Address>; problems: AddressProblem[] } {
  const labels = { ...LABELS, ...rules.labels };
  const problems: AddressProblem[] = [];
  const texts: Texts = {};
  for (const field of ADDRESS_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    const problem = textError(value, labels[field]);
    if (problem) problems.push({ field, ...problem });
    else texts[field] = value as string | null;
  }
  const set = trimmed(texts);
  for (const field of rules.required ?? []) {
    if (!set[field] && !problems.some((p) => p.field === field)) problems.push({ field, code: 'BLANK', message: `${labels[field]} can't be blank` });
  }
  if (set.phone?.startsWith('+') && normalizePhone(set.phone) === null) {
    problems.push({ field: 'phone', code: 'INVALID', message: `${labels.phone} is invalid` });
    delete set.phone;
  }
  const region = completedRegion(set, rules.countryOfAddress, labels);
  problems.push(...region.problems);
  return { address: region.set, problems: problems.sort((a, b) => ADDRESS_FIELDS.indexOf(a.field) - ADDRESS_FIELDS.indexOf(b.field)) };
}

// ---- pieces

function textError(value: unknown, label: string): Omit<AddressProblem, 'field'> | null {
  if (value === null) return null;
  if (typeof value !== 'string') return { code: 'INVALID', message: `${label} is invalid` };
  if (textProblem(value)) return { code: 'INVALID', message: `${label} contains a character that is not allowed` };
  if (value.trim().length > MAX_ADDRESS_FIELD_LENGTH) return { code: 'TOO_LONG', message: `${label} is too long (maximum is ${MAX_ADDRESS_FIELD_LENGTH} characters)` };
  return null;
}

// Text trimmed, blank as null; an international phone number in E.164.
function trimmed(set: Texts): Partial<Address> {
  const out: Partial<Address> = {};
  for (const field of ADDRESS_FIELDS) {
    const value = set[field];
    if (value !== undefined) out[field] = typeof value === 'string' ? value.trim() || null : null;
  }
  if (out.phone) out.phone = normalizePhone(out.phone) ?? out.phone;
  return out;
}

// The country and province fields a write sets, each completed from its pair; unknown ones are problems.
function completedRegion(set: Partial<Address>, countryOfAddress: string | null | undefined, labels: Record<AddressField, string>): { set: Partial<Address>; problems: AddressProblem[] } {
  const out: Partial<Address> = { ...set };
  const problems: AddressProblem[] = [];
  let country: string | null | undefined = countryOfAddress;
  const named = typeof set.countryCode === 'string' || typeof set.country === 'string';
  if (named) {
    // A code given wins over a name beside it; an unknown country leaves nothing to check the province against.
    const code = typeof set.countryCode === 'string' ? knownCountryCode(set.countryCode) : countryCodeOf(set.country!);
    if (code) [out.countryCode, out.country] = [code, countryName(code)];
    else if (typeof set.countryCode === 'string') problems.push({ field: 'countryCode', code: 'INVALID', message: `${labels.countryCode} is invalid` });
    else problems.push({ field: 'country', code: 'INVALID', message: `${labels.country} is not a known country` });
    country = code ?? undefined;
  } else if (set.country === null || set.countryCode === null) {
    [out.countryCode, out.country] = [null, null];
    country = null;
  }

  if (!country || !hasProvinceList(country)) {
    if (typeof out.provinceCode === 'string') out.provinceCode = out.provinceCode.toUpperCase();
    return { set: out, problems };
  }
  const of = `is not a province of ${countryName(country)}`;
  if (typeof set.provinceCode === 'string') {
    const found = provinceOf(country, set.provinceCode);
    if (found && found[0] === set.provinceCode.toUpperCase()) [out.provinceCode, out.province] = found;
    else problems.push({ field: 'provinceCode', code: 'INVALID', message: `${labels.provinceCode} ${of}` });
  } else if (typeof set.province === 'string') {
    const found = provinceOf(country, set.province);
    if (found) [out.provinceCode, out.province] = found;
    else problems.push({ field: 'province', code: 'INVALID', message: `${labels.province} ${of}` });
  } else if (set.province === null || set.provinceCode === null) {
    out.province = null;
    out.provinceCode = null;
  }
  return { set: out, problems };
}
