// The one postal address every context keeps: a customer's address book, an order's billing and shipping copies, the
// checkout's form. Fields in the hosted platform's input names; null is a part not given.

/** The parts of an address, in the order the hosted platform's MailingAddressInput and REST list them. */
export const ADDRESS_FIELDS = ['firstName', 'lastName', 'company', 'address1', 'address2', 'city', 'province', 'provinceCode', 'country', 'countryCode', 'zip', 'phone'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/**
 * A postal address. `country` is the English name of `countryCode` and, for a country with a province list,
 * `province` the name of `provinceCode` (`checkAddress` completes each from the other); `name` is made, not kept.
 */
export type Address = { [Field in AddressField]: string | null };

/** An address with no part given: what a new address starts from before the parts a write sets. */
export function blankAddress(): Address {
  return Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, null])) as Address;
}

/** "Ada Lovelace" from the names given, or null without names. */
export function addressName(a: Pick<Address, 'firstName' | 'lastName'>): string | null {
  return [a.firstName, a.lastName].filter(Boolean).join(' ') || null;
}
