export { EMAIL_PATTERN, MAX_EMAIL_LENGTH, isEmail, normalizeEmail, normalizePhone } from './contact.js';
export { ADDRESS_FIELDS, type Address, type AddressField, addressName, blankAddress } from './address.js';
export { MAX_ADDRESS_FIELD_LENGTH, type AddressInput, type AddressProblem, type AddressRules, checkAddress, normalizeAddress } from './address.rules.js';
export { MAX_ADDRESS_LINES, formattedAddress, formattedArea } from './address-format.js';
export { type RestAddressSource, restAddress, restOrderAddress } from './rest-address.js';
