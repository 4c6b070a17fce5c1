import { randomBytes, timingSafeEqual } from 'node:crypto';
import { hashToken } from '@platform/auth';
import type { CustomerInviteInput } from './customer.inputs.js';
import type { CustomerInviteRecord } from './customer.records.js';
import { EMAIL_PATTERN, normalizeEmail } from '@platform/contact';
import { type CustomerError, CustomerErrors } from './customers.errors.js';

// Account activation links (spec 3): one per customer, valid 30 days, used once; only the token's SHA-256 is kept.

export const ACTIVATION_LINK_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
// Tokens are 32 random bytes in base64url (43 characters); anything else is not one of ours.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

export const INVITE_SUBJECT = 'Customer account activation';
const INVITE_BCC_MAX = 10;
const INVITE_SUBJECT_MAX = 255;
const INVITE_MESSAGE_MAX = 5_000;

/** When a link issued at `now` stops working. */
export function activationExpiry(now: Date): Date {
  return new Date(now.getTime() + ACTIVATION_LINK_LIFETIME_MS);
}

/** A new link issued at `now`: the token to hand out once, and what the customer keeps of it. */
export function newActivationLink(now: Date): { token: string; hash: string; expiresAt: Date } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token), expiresAt: activationExpiry(now) };
}

/** The hosted activation page of a customer's link, on the origin the caller used. */
export function activationUrl(origin: string, customerId: number, token: string): string {
  return `${origin}/account/activate/${customerId}/${token}`;
}

/** Whether `token` is the customer's live link: its hash matches (in constant time) and it has not expired. */
export function activationTokenIsLive(token: string, link: { hash: string | null; expiresAt: Date | null }, now: Date): boolean {
  if (!link.hash || !link.expiresAt || link.expiresAt.getTime() <= now.getTime()) return false;
  if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return false;
  const given = Buffer.from(hashToken(token), 'hex');
  const kept = Buffer.from(link.hash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}

export function linkExpired(): CustomerError {
  return CustomerErrors.EXPIRED('This activation link has expired or was already used', { field: 'token' });
}

export function alreadyEnabled(): CustomerError {
  return CustomerErrors.ALREADY_ENABLED('Account already enabled', { field: 'base' });
}

/**
 * The invite an email will carry: what the merchant gave, else the defaults (to the customer's email, from the
 * shop's no-reply address, the standard subject, no message). Problems name the invite's fields.
 */
export function inviteRecord(invite: CustomerInviteInput, customerEmail: string | null, shopDomain: string): { invite: CustomerInviteRecord | null; problems: CustomerError[] } {
  const problems: CustomerError[] = [];
  const given = typeof invite === 'object' && invite !== null ? invite : {};
  const address = (field: string, label: string, value: unknown): string | null => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return null;
    if (typeof value === 'string' && value.length <= 255 && EMAIL_PATTERN.test(normalizeEmail(value))) return normalizeEmail(value);
    problems.push(CustomerErrors.INVALID(`${label} is invalid`, { field }));
    return null;
  };
  const text = (field: string, label: string, value: unknown, max: number): string | null => {
    if (value === undefined || value === null) return null;
    if (typeof value === 'string' && !value.includes('\0') && value.length <= max) return value;
    problems.push(CustomerErrors.INVALID(`${label} is invalid (at most ${max} characters)`, { field }));
    return null;
  };

  const to = address('to', 'To', given.to) ?? customerEmail;
  if (!to && !problems.some((p) => p.field === 'to')) problems.push(CustomerErrors.INVALID('To is required: the customer has no email', { field: 'to' }));
  const from = address('from', 'From', given.from) ?? `no-reply@${shopDomain}`;
  const bcc: string[] = [];
  if (given.bcc !== undefined && given.bcc !== null) {
    if (!Array.isArray(given.bcc) || given.bcc.length > INVITE_BCC_MAX) {
      problems.push(CustomerErrors.INVALID(`Bcc must be a list of at most ${INVITE_BCC_MAX} addresses`, { field: 'bcc' }));
    } else {
      given.bcc.forEach((value, i) => {
        const kept = address(`bcc[${i}]`, 'Bcc', value);
        if (kept) bcc.push(kept);
      });
    }
  }
  const subject = text('subject', 'Subject', given.subject, INVITE_SUBJECT_MAX)?.trim() || INVITE_SUBJECT;
  const customMessage = text('customMessage', 'Custom message', given.customMessage, INVITE_MESSAGE_MAX) ?? '';
  if (problems.length > 0) return { invite: null, problems };
  return { invite: { to: to!, from, bcc: [...new Set(bcc)], subject, customMessage }, problems };
}
