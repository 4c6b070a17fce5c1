import type { EmailMarketingConsent } from './customer.entity.js';
import type { AccountInput } from './customer.inputs.js';
import { EMAIL_PATTERN, normalizeEmail, normalizePhone } from '@platform/contact';
import { type CustomerError, type CustomerErrorCode, CustomerErrors } from './customers.errors.js';

export const PASSWORD_MIN_LENGTH = 5;
export const PASSWORD_MAX_LENGTH = 40;
const TEXT_MAX_LENGTH = 255;

// The hosted platform documents that customer tokens expire but not when; its maintainers have said six weeks.
export const ACCESS_TOKEN_LIFETIME_MS = 42 * 24 * 60 * 60 * 1000;

/** Normalised values of the fields an input sets (undefined: not set). */
export interface AccountChanges {
  email?: string;
  password?: string;
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  acceptsMarketing?: boolean;
}

const HTML_TAG = /<[^>]*>/;
const URL_LIKE = /(?:https?:\/\/|www\.)\S/i;

/**
 * Checks a sign-up (`required`: email and password must be given) or an update, the way the hosted platform
 * reports it: every problem at once, each with its code and the path of its field under `path`.
 */
export function accountProblems(input: AccountInput, path: string, required: boolean): CustomerError[] {
  const problems: CustomerError[] = [];
  // An empty path names the fields bare (the merchant's input: `password`, not `customer.password`).
  const problem = (key: string, code: CustomerErrorCode, message: string) => problems.push(CustomerErrors[code](message, { field: path ? `${path}.${key}` : key }));

  if (required || input.email !== undefined) {
    const email = input.email?.trim() ?? '';
    if (email === '') problem('email', 'BLANK', "Email can't be blank");
    else if (email.length > TEXT_MAX_LENGTH) problem('email', 'TOO_LONG', `Email is too long (maximum is ${TEXT_MAX_LENGTH} characters)`);
    else if (!EMAIL_PATTERN.test(normalizeEmail(email))) problem('email', 'INVALID', 'Email is invalid');
  }
  if (required || (input.password !== undefined && input.password !== null)) {
    const password = input.password ?? '';
    if (password === '') problem('password', 'BLANK', "Password can't be blank");
    else if (password.length < PASSWORD_MIN_LENGTH) problem('password', 'TOO_SHORT', `Password is too short (minimum is ${PASSWORD_MIN_LENGTH} characters)`);
    else if (password.length > PASSWORD_MAX_LENGTH) problem('password', 'TOO_LONG', `Password is too long (maximum is ${PASSWORD_MAX_LENGTH} characters)`);
    else if (password.trim() !== password) problem('password', 'PASSWORD_STARTS_OR_ENDS_WITH_WHITESPACE', 'Password cannot start or end with whitespace');
  }
  for (const [key, label] of [['firstName', 'First name'], ['lastName', 'Last name']] as const) {
    const value = input[key];
    if (typeof value !== 'string') continue;
    if (value.length > TEXT_MAX_LENGTH) problem(key, 'TOO_LONG', `${label} is too long (maximum is ${TEXT_MAX_LENGTH} characters)`);
    else if (HTML_TAG.test(value)) problem(key, 'CONTAINS_HTML_TAGS', `${label} cannot contain HTML tags`);
    else if (URL_LIKE.test(value)) problem(key, 'CONTAINS_URL', `${label} cannot contain URL`);
  }
  if (typeof input.phone === 'string' && input.phone.trim() !== '' && normalizePhone(input.phone) === null) {
    problem('phone', 'INVALID', 'Phone is invalid');
  }
  return problems;
}

/** The normalised values of a valid input: email lowercased, names trimmed (blank clears), phone in E.164. */
export function accountChanges(input: AccountInput): AccountChanges {
  const changes: AccountChanges = {};
  if (typeof input.email === 'string') changes.email = normalizeEmail(input.email);
  if (typeof input.password === 'string') changes.password = input.password;
  if (input.firstName !== undefined) changes.firstName = input.firstName?.trim() || null;
  if (input.lastName !== undefined) changes.lastName = input.lastName?.trim() || null;
  if (input.phone !== undefined) changes.phone = input.phone?.trim() ? normalizePhone(input.phone) : null;
  if (typeof input.acceptsMarketing === 'boolean') changes.acceptsMarketing = input.acceptsMarketing;
  return changes;
}

/** Email marketing consent after the buyer said yes or no (unchanged when they already had that answer). */
export function consentAfter(current: EmailMarketingConsent, accepts: boolean, now: Date): EmailMarketingConsent {
  if ((current.state === 'subscribed') === accepts) return current;
  return accepts
    ? { state: 'subscribed', optInLevel: 'single_opt_in', consentUpdatedAt: now.toISOString() }
    : { state: 'unsubscribed', optInLevel: current.optInLevel, consentUpdatedAt: now.toISOString() };
}

/** When a token issued or renewed at `now` stops working. */
export function accessTokenExpiry(now: Date): Date {
  return new Date(now.getTime() + ACCESS_TOKEN_LIFETIME_MS);
}

/** The hosted platform's display name: the full name, else the email, else the phone. */
export function displayName(customer: { firstName: string | null; lastName: string | null; email: string | null; phone: string | null }): string {
  const name = [customer.firstName, customer.lastName].filter(Boolean).join(' ');
  return name || customer.email || customer.phone || '';
}
