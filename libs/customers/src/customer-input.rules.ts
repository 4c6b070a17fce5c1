import { ADDRESS_FIELDS, type Address, checkAddress, normalizeEmail, normalizePhone } from '@platform/contact';
import { type MetafieldProblem, REST_METAFIELD_LIMITS, metafieldProblems } from '@platform/metafields';
import { checkedTags } from '@platform/tags';
import { accountProblems } from './customer-account.rules.js';
import {
  type EmailMarketingConsent,
  MARKETING_OPT_IN_LEVELS,
  MARKETING_STATES,
  type MarketingOptInLevel,
  type MarketingState,
  type SmsMarketingConsent,
} from './customer.entity.js';
import type { CustomerAddressInput, CustomerInput, CustomerMetafieldInput, MarketingConsentInput, SmsMarketingConsentInput } from './customer.inputs.js';
import { type CustomerError, type CustomerErrorCode, CustomerErrors } from './customers.errors.js';

// The merchant's create and update (REST and admin GraphQL): every problem of an input at once, with fields named
// as in CustomerInput, and the normalised values of a valid one. Checks that need the database (uniqueness, whose
// address an id is) are the service's.

const TEXT_MAX = 255;
const NOTE_MAX = 5_000;
/** Addresses one customer holds, as the hosted platform allows; an update's list replaces them all, so it is one check. */
export const MAX_CUSTOMER_ADDRESSES = 100;
const METAFIELDS_MAX = 250;
export const TAX_EXEMPTIONS_MAX = 100;

/** An address of the input, checked: with `id` it changes that address (only the fields `set` names), else adds one. */
export interface AddressChange {
  id?: number;
  set: Partial<Address>;
  isDefault?: boolean;
}

export interface MetafieldChange {
  namespace: string;
  key: string;
  type: string;
  value: string;
  description: string | null;
}

/** The normalised values of the fields an input sets (undefined: left as is). */
export interface CustomerChanges {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
  note?: string | null;
  tags?: string[];
  taxExempt?: boolean;
  taxExemptions?: string[];
  multipassIdentifier?: string | null;
  verifiedEmail?: boolean;
  /** Checked, not yet hashed. */
  password?: string;
  addresses?: AddressChange[];
  emailMarketingConsent?: EmailMarketingConsent;
  smsMarketingConsent?: SmsMarketingConsent | null;
  metafields?: MetafieldChange[];
}

export interface CheckedInput {
  problems: CustomerError[];
  changes: CustomerChanges;
}

type Problems = CustomerError[];
const problemOf = (field: string, code: CustomerErrorCode, message: string) => CustomerErrors[code](message, { field });

/** Checks a merchant's create (`creating`: addresses are all new) or update input at `now`. */
export function checkCustomerInput(input: CustomerInput, creating: boolean, now: Date): CheckedInput {
  const problems: Problems = [];
  const changes: CustomerChanges = {};
  if (typeof input !== 'object' || input === null) return { problems: [problemOf('base', 'INVALID', 'Customer is invalid')], changes };

  for (const [key, label] of [['firstName', 'First name'], ['lastName', 'Last name']] as const) {
    if (input[key] !== undefined) changes[key] = text(problems, key, label, input[key], TEXT_MAX, true);
  }
  if (input.note !== undefined) changes.note = text(problems, 'note', 'Note', input.note, NOTE_MAX, false);
  if (input.multipassIdentifier !== undefined) {
    changes.multipassIdentifier = text(problems, 'multipassIdentifier', 'Multipass identifier', input.multipassIdentifier, TEXT_MAX, true);
  }
  contactChanges(problems, changes, input);
  passwordChanges(problems, changes, input);
  for (const [key, label] of [['taxExempt', 'Tax exempt'], ['verifiedEmail', 'Verified email']] as const) {
    const value = input[key];
    if (value === undefined) continue;
    if (value === null || typeof value === 'boolean') changes[key] = value ?? false;
    else problems.push(problemOf(key, 'INVALID', `${label} must be true or false`));
  }
  if (input.tags !== undefined) changes.tags = checkedTags(problems, 'tags', input.tags ?? []) ?? undefined;
  if (input.taxExemptions !== undefined) changes.taxExemptions = taxExemptions(problems, input.taxExemptions ?? []);
  // null leaves the addresses as they are; a list replaces them (those it names by id change, the others are added,
  // the customer's addresses it does not name are removed), as the hosted platform's update does.
  if (input.addresses !== undefined && input.addresses !== null) changes.addresses = addressChanges(problems, input.addresses, creating);
  if (input.emailMarketingConsent !== undefined) {
    changes.emailMarketingConsent = input.emailMarketingConsent === null
      ? { state: 'not_subscribed', optInLevel: null, consentUpdatedAt: null }
      : (emailConsent(problems, 'emailMarketingConsent', input.emailMarketingConsent, now) ?? undefined);
  }
  if (input.smsMarketingConsent !== undefined) {
    changes.smsMarketingConsent = input.smsMarketingConsent === null ? null : (smsConsent(problems, 'smsMarketingConsent', input.smsMarketingConsent, now) ?? undefined);
  }
  if (input.metafields !== undefined && input.metafields !== null) changes.metafields = metafieldChanges(problems, input.metafields);
  for (const key of ['sendEmailWelcome', 'sendEmailInvite'] as const) {
    const value = input[key];
    if (value !== undefined && value !== null && typeof value !== 'boolean') problems.push(problemOf(key, 'INVALID', `${key === 'sendEmailWelcome' ? 'Send email welcome' : 'Send email invite'} must be true or false`));
  }
  return { problems, changes };
}

/** What a customer is known by after a write. */
export interface CustomerContact {
  email: string | null;
  phone: string | null;
  firstName: string | null;
  lastName: string | null;
}

/**
 * The problems of the customer a write leaves: it must have a name, a phone or an email, and the marketing consent
 * the input sets needs the channel it is about. `reported` are the input's problems: a contact field given but
 * invalid is reported there, not again as a customer without contact.
 */
export function contactProblems(result: CustomerContact, changes: CustomerChanges, reported: readonly CustomerError[] = []): CustomerError[] {
  const problems: Problems = [];
  const contactReported = reported.some((p) => ['email', 'phone', 'firstName', 'lastName'].includes(p.field ?? ''));
  if (!result.email && !result.phone && !result.firstName && !result.lastName && !contactReported) {
    problems.push(problemOf('base', 'BLANK', 'Customer must have a name, phone number or email address'));
  }
  if (changes.emailMarketingConsent && changes.emailMarketingConsent.consentUpdatedAt !== null && !result.email) problems.push(consentNeedsEmail());
  if (changes.smsMarketingConsent && !result.phone) problems.push(consentNeedsPhone());
  return problems;
}

export function consentNeedsEmail(): CustomerError {
  return problemOf('emailMarketingConsent', 'INVALID', 'Email marketing consent requires an email');
}

export function consentNeedsPhone(): CustomerError {
  return problemOf('smsMarketingConsent', 'INVALID', 'Sms marketing consent requires a phone number');
}

/** Email marketing consent as given (state and opt-in level case-insensitive), dated `now` unless it says when. */
export function emailConsent(problems: Problems, field: string, input: MarketingConsentInput, now: Date): EmailMarketingConsent | null {
  if (typeof input !== 'object' || input === null) {
    problems.push(problemOf(field, 'INVALID', `${labelOf(field)} is invalid`));
    return null;
  }
  const before = problems.length;
  const state = oneOf(problems, `${field}.state`, 'State', input.state, MARKETING_STATES, true);
  const optInLevel = input.optInLevel === undefined || input.optInLevel === null
    ? null
    : oneOf(problems, `${field}.optInLevel`, 'Opt in level', input.optInLevel, MARKETING_OPT_IN_LEVELS, true);
  const consentUpdatedAt = consentDate(problems, `${field}.consentUpdatedAt`, input.consentUpdatedAt, now);
  if (problems.length > before) return null;
  return { state: state as MarketingState, optInLevel: optInLevel as MarketingOptInLevel | null, consentUpdatedAt };
}

/** SMS marketing consent as given; `consentCollectedFrom` defaults to OTHER. */
export function smsConsent(problems: Problems, field: string, input: SmsMarketingConsentInput, now: Date): SmsMarketingConsent | null {
  const before = problems.length;
  const consent = emailConsent(problems, field, input, now);
  let from = 'OTHER';
  if (consent && input.consentCollectedFrom !== undefined && input.consentCollectedFrom !== null) {
    if (typeof input.consentCollectedFrom === 'string' && /^[A-Za-z_]{1,32}$/.test(input.consentCollectedFrom)) from = input.consentCollectedFrom.toUpperCase();
    else problems.push(problemOf(`${field}.consentCollectedFrom`, 'INVALID', 'Consent collected from is invalid'));
  }
  return consent && problems.length === before ? { ...consent, consentCollectedFrom: from } : null;
}

// ---- pieces

function contactChanges(problems: Problems, changes: CustomerChanges, input: CustomerInput): void {
  const email = input.email;
  const phone = input.phone;
  const invalidType = (key: 'email' | 'phone', label: string) => problems.push(problemOf(key, 'INVALID', `${label} is invalid`));
  if (email !== undefined && email !== null && typeof email !== 'string') invalidType('email', 'Email');
  if (phone !== undefined && phone !== null && typeof phone !== 'string') invalidType('phone', 'Phone');
  const emailText = typeof email === 'string' && email.trim() !== '' ? email : undefined;
  const phoneText = typeof phone === 'string' && phone.trim() !== '' ? phone : undefined;
  // The storefront's rules for the format; blank or null clears the field.
  problems.push(...accountProblems({ email: emailText, phone: phoneText }, '', false));
  if (emailText?.includes('\0')) invalidType('email', 'Email');
  if (email === null || (typeof email === 'string' && email.trim() === '')) changes.email = null;
  else if (emailText !== undefined) changes.email = normalizeEmail(emailText);
  if (phone === null || (typeof phone === 'string' && phone.trim() === '')) changes.phone = null;
  else if (phoneText !== undefined) changes.phone = normalizePhone(phoneText);
}

function passwordChanges(problems: Problems, changes: CustomerChanges, input: CustomerInput): void {
  const { password, passwordConfirmation } = input;
  const hasPassword = password !== undefined && password !== null;
  const hasConfirmation = passwordConfirmation !== undefined && passwordConfirmation !== null;
  if (!hasPassword && !hasConfirmation) return;
  if (hasPassword && typeof password !== 'string') {
    problems.push(problemOf('password', 'INVALID', 'Password is invalid'));
    return;
  }
  const before = problems.length;
  if (hasPassword) problems.push(...accountProblems({ password }, '', false));
  if (password !== passwordConfirmation) problems.push(confirmationMismatch());
  if (hasPassword && problems.length === before) changes.password = password;
}

export function confirmationMismatch(): CustomerError {
  return problemOf('passwordConfirmation', 'INVALID', "Password confirmation doesn't match Password");
}

// A text field: trimmed when `trim` (blank clears), at most `max` characters, never a NUL.
function text(problems: Problems, field: string, label: string, value: unknown, max: number, trim: boolean): string | null | undefined {
  if (value === null) return null;
  if (typeof value !== 'string' || value.includes('\0')) {
    problems.push(problemOf(field, 'INVALID', `${label} is invalid`));
    return undefined;
  }
  const kept = trim ? value.trim() : value;
  if (kept.length > max) {
    problems.push(problemOf(field, 'TOO_LONG', `${label} is too long (maximum is ${max} characters)`));
    return undefined;
  }
  return kept === '' ? null : kept;
}

function taxExemptions(problems: Problems, values: unknown): string[] | undefined {
  if (!Array.isArray(values) || values.length > TAX_EXEMPTIONS_MAX) {
    problems.push(problemOf('taxExemptions', 'INVALID', `Tax exemptions must be a list of at most ${TAX_EXEMPTIONS_MAX} codes`));
    return undefined;
  }
  const codes: string[] = [];
  values.forEach((value, i) => {
    if (typeof value === 'string' && /^[A-Za-z][A-Za-z0-9_]{0,99}$/.test(value)) codes.push(value.toUpperCase());
    else problems.push(problemOf(`taxExemptions[${i}]`, 'INVALID', 'Tax exemptions has an invalid code'));
  });
  return [...new Set(codes)];
}

function addressChanges(problems: Problems, addresses: unknown, creating: boolean): AddressChange[] | undefined {
  if (!Array.isArray(addresses)) {
    problems.push(problemOf('addresses', 'INVALID', 'Addresses must be a list'));
    return undefined;
  }
  if (addresses.length > MAX_CUSTOMER_ADDRESSES) {
    problems.push(problemOf('addresses', 'INVALID', `Addresses cannot be more than ${MAX_CUSTOMER_ADDRESSES} for a customer`));
    return undefined;
  }
  const ids = new Set<number>();
  const changes = addresses.map((address: CustomerAddressInput, i): AddressChange => {
    const path = `addresses[${i}]`;
    const change: AddressChange = { set: {} };
    if (typeof address !== 'object' || address === null) {
      problems.push(problemOf(path, 'INVALID', 'Address is invalid'));
      return change;
    }
    if (!creating && address.id !== undefined && address.id !== null) {
      if (!Number.isSafeInteger(address.id) || address.id <= 0) problems.push(problemOf(`${path}.id`, 'INVALID', 'Id is invalid'));
      else if (ids.has(address.id)) problems.push(problemOf(`${path}.id`, 'INVALID', 'Id is given twice'));
      else change.id = address.id;
      ids.add(address.id);
    }
    for (const key of ADDRESS_FIELDS) if (address[key] !== undefined) change.set[key] = address[key];
    // A new address has no country but the one it is given; a changed one's is the service's to look up.
    checkAddressChange(problems, path, change, change.id === undefined ? null : undefined);
    if (address.isDefault !== undefined && address.isDefault !== null) {
      if (typeof address.isDefault === 'boolean') change.isDefault = address.isDefault;
      else problems.push(problemOf(`${path}.isDefault`, 'INVALID', 'Default must be true or false'));
    }
    return change;
  });
  if (changes.filter((c) => c.isDefault).length > 1) problems.push(problemOf('addresses', 'INVALID', 'Addresses can have only one default address'));
  return changes;
}

/**
 * Checks and normalises the parts `change` sets (`checkAddress`: lengths, the phone, country and province completed
 * from each other), adding its problems under `path` (`addresses[0]`) and keeping only the parts without one.
 * `countryOfAddress`: the country code of the address changed, undefined when not known.
 */
export function checkAddressChange(problems: Problems, path: string, change: AddressChange, countryOfAddress: string | null | undefined): void {
  const { address, problems: found } = checkAddress(change.set, { countryOfAddress });
  for (const problem of found) problems.push(problemOf(`${path}.${problem.field}`, problem.code, problem.message));
  change.set = address;
}

// The metafields' codes as the customers' own: a type or value the metafield's type refuses is INVALID here.
const METAFIELD_CODES: Record<MetafieldProblem['code'], CustomerErrorCode> = {
  BLANK: 'BLANK',
  INVALID: 'INVALID',
  TOO_SHORT: 'TOO_SHORT',
  TOO_LONG: 'TOO_LONG',
  INVALID_TYPE: 'INVALID',
  INVALID_VALUE: 'INVALID',
};

function metafieldChanges(problems: Problems, metafields: unknown): MetafieldChange[] | undefined {
  if (!Array.isArray(metafields) || metafields.length > METAFIELDS_MAX) {
    problems.push(problemOf('metafields', 'INVALID', `Metafields must be a list of at most ${METAFIELDS_MAX}`));
    return undefined;
  }
  const seen = new Set<string>();
  const changes: MetafieldChange[] = [];
  metafields.forEach((metafield: CustomerMetafieldInput, i) => {
    const path = `metafields[${i}]`;
    if (typeof metafield !== 'object' || metafield === null) {
      problems.push(problemOf(path, 'INVALID', 'Metafield is invalid'));
      return;
    }
    const before = problems.length;
    // The metafields' one validation, with REST's shorter namespace and key (spec 3); a value its type refuses is
    // reported after the description, as the form reads.
    const found = metafieldProblems(metafield, REST_METAFIELD_LIMITS);
    const ofType = (p: MetafieldProblem) => p.code === 'INVALID_TYPE' || p.code === 'INVALID_VALUE';
    for (const p of found.filter((p) => !ofType(p))) problems.push(problemOf(`${path}.${p.path}`, METAFIELD_CODES[p.code], p.message));
    const description = metafield.description === undefined ? null : text(problems, `${path}.description`, 'Description', metafield.description, TEXT_MAX, false);
    for (const p of found.filter(ofType)) problems.push(problemOf(`${path}.${p.path}`, METAFIELD_CODES[p.code], p.message));
    const { namespace, key } = metafield;
    if (!found.some((p) => p.path === 'namespace' || p.path === 'key')) {
      if (seen.has(`${namespace}\n${key}`)) problems.push(problemOf(`${path}.key`, 'TAKEN', 'Key has already been taken in this namespace'));
      seen.add(`${namespace}\n${key}`);
    }
    if (problems.length === before) {
      changes.push({ namespace: namespace as string, key: key as string, type: metafield.type as string, value: metafield.value as string, description: description ?? null });
    }
  });
  return changes;
}

function oneOf(problems: Problems, field: string, label: string, value: unknown, allowed: readonly string[], lowercase: boolean): string | null {
  const candidate = typeof value === 'string' && lowercase ? value.toLowerCase() : value;
  if (typeof candidate === 'string' && allowed.includes(candidate)) return candidate;
  problems.push(problemOf(field, 'INVALID', `${label} must be one of ${allowed.join(', ')}`));
  return null;
}

// When consent was given: a valid date not in the future, the time of the request by default.
function consentDate(problems: Problems, field: string, value: unknown, now: Date): string {
  if (value === undefined || value === null) return now.toISOString();
  const date = typeof value === 'string' && value.length <= 64 && /^\d{4}-\d{2}-\d{2}/.test(value) ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) {
    problems.push(problemOf(field, 'INVALID', 'Consent updated at must be an ISO 8601 date and time'));
    return now.toISOString();
  }
  if (date.getTime() > now.getTime()) problems.push(problemOf(field, 'INVALID', 'Consent updated at cannot be in the future'));
  return date.toISOString();
}

// "Email marketing consent" for `emailMarketingConsent`, "Tags" for `tags`.
function labelOf(field: string): string {
  const last = field.split('.').at(-1)!.replace(/\[\d+\]$/, '');
  const words = last.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);
  return words.charAt(0).toUpperCase() + words.slice(1);
}
