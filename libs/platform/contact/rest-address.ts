import { countryName } from '@platform/locale';
import { type Address, addressName } from './address.js';

/** A postal address kept for a customer, as REST shows it (a customer's `addresses`, an order's `customer.default_address`). */
export interface RestAddressSource extends Address {
  id: number;
  customerId: number;
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
    name: addressName(a) ?? '',
    province_code: a.provinceCode,
    country_code: a.countryCode,
    // Codes are checked on write; one the runtime cannot read (an old import) keeps its letters.
    country_name: a.countryCode ? countryName(a.countryCode) : a.country,
    default: a.isDefault,
  };
}

/** REST an order's `billing_address` and `shipping_address`: the hosted platform's keys in its order, with the name the names make. */
export function restOrderAddress(a: Address) {
  return {
    first_name: a.firstName,
    address1: a.address1,
    phone: a.phone,
    city: a.city,
    zip: a.zip,
    province: a.province,
    country: a.country,
    last_name: a.lastName,
    address2: a.address2,
    company: a.company,
    name: addressName(a) ?? '',
    country_code: a.countryCode,
    province_code: a.provinceCode,
  };
}
