export { EMAIL_PATTERN, MAX_EMAIL_LENGTH, isEmail, normalizeEmail, normalizePhone } from './contact.js';
export { type RestAddressSource, restAddress } from './rest-address.js';
