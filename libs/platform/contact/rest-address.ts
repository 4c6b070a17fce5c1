import { countryName } from '@platform/locale';

/** A postal address kept for a customer, as REST shows it (a customer's `addresses`, an order's `customer.default_address`). */
export interface RestAddressSource {
  id: number;
  customerId: number;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  province: string | null;
  provinceCode: string | null;
  country: string | null;
  countryCode: string | null;
  zip: string | null;
  phone: string | null;
  isDefault: boolean;
}

/**
 * REST `customer_address`, keys in the hosted platform's order: `name` is made from the names, `country_name` named
 * from the code. Every resource that shows a customer's address shows this one (docs/decisions.md).
 */
export function restAddress(a: RestAddressSource) {
  return {
    id: a.id,
    customer_id: a.customerId,
    first_name: a.firstName,
    last_name: a.lastName,
    company: a.company,
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    province: a.province,
    country: a.country,
    zip: a.zip,
    phone: a.phone,
    name: [a.firstName, a.lastName].filter(Boolean).join(' '),
    province_code: a.provinceCode,
    country_code: a.countryCode,
    country_name: a.countryCode ? nameOfCountry(a.countryCode) : a.country,
    default: a.isDefault,
  };
}

// countryName builds an Intl.DisplayNames per call; a page of 250 customers names up to 2,750 addresses.
const countryNames = new Map<string, string>();

function nameOfCountry(code: string): string {
  let name = countryNames.get(code);
  if (name === undefined) {
    name = safeCountryName(code);
    if (countryNames.size < 1_000) countryNames.set(code, name);
  }
  return name;
}

// Codes are checked on write; a code the runtime cannot read (an old import) keeps its letters.
function safeCountryName(code: string): string {
  try {
    return countryName(code);
  } catch {
    return code;
  }
}
