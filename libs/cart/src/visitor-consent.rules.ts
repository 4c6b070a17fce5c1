import { createHmac, timingSafeEqual } from 'node:crypto';

/** A visitor's consent as `@inContext(visitorConsent:)` gave it: each choice true, false, or null when not given. */
export interface VisitorConsent {
  analytics: boolean | null;
  preferences: boolean | null;
  marketing: boolean | null;
  saleOfData: boolean | null;
}

/** The directive's input: every field optional. */
export type VisitorConsentInput = { readonly [K in keyof VisitorConsent]?: boolean | null };

/** The query parameter of the checkout URL that carries the consent. */
export const VISITOR_CONSENT_PARAMETER = '_cs';

// `_cs` = base64url(format byte, consent byte, the first 12 bytes of HMAC-SHA256(key, label ‖ cart token ‖ both
// bytes)): 14 bytes, 19 characters. Two bits per choice (00 not given, 01 false, 10 true) in FIELDS' order. The cart
// token in the MAC binds a value to its cart, so one cart's consent cannot be pasted onto another's URL.
const FIELDS = ['analytics', 'preferences', 'marketing', 'saleOfData'] as const;
const FORMAT = 1;
const MAC_BYTES = 12;
const BYTES = 2 + MAC_BYTES;
const ENCODED = /^[A-Za-z0-9_-]{19}$/;
const LABEL = 'platform.visitor-consent\0';

/** True when the input gives at least one choice (an empty object is no consent at all). */
export function givesConsent(input: VisitorConsentInput | undefined | null): input is VisitorConsentInput {
  return !!input && FIELDS.some((field) => typeof input[field] === 'boolean');
}

/** The signed `_cs` value of a consent for one cart. */
export function encodeVisitorConsent(consent: VisitorConsentInput, cartToken: string, key: Buffer): string {
  let bits = 0;
  FIELDS.forEach((field, i) => {
    const value = consent[field];
    if (typeof value === 'boolean') bits |= (value ? 0b10 : 0b01) << (i * 2);
  });
  const payload = Buffer.from([FORMAT, bits]);
  return Buffer.concat([payload, mac(payload, cartToken, key)]).toString('base64url');
}

/**
 * The consent a `_cs` value carries for that cart, or null when it is not one this installation signed for it:
 * malformed, another format, altered, signed with another key or for another cart.
 */
export function decodeVisitorConsent(cs: unknown, cartToken: string, key: Buffer): VisitorConsent | null {
  if (typeof cs !== 'string' || !ENCODED.test(cs)) return null;
  const raw = Buffer.from(cs, 'base64url');
  // Only the canonical spelling: the last character's unused bits must be zero.
  if (raw.length !== BYTES || raw[0] !== FORMAT || raw.toString('base64url') !== cs) return null;
  if (!timingSafeEqual(mac(raw.subarray(0, 2), cartToken, key), raw.subarray(2))) return null;
  const bits = raw[1]!;
  const consent: Partial<VisitorConsent> = {};
  for (const [i, field] of FIELDS.entries()) {
    const value = (bits >> (i * 2)) & 0b11;
    if (value === 0b11) return null;
    consent[field] = value === 0 ? null : value === 0b10;
  }
  return consent as VisitorConsent;
}

function mac(payload: Buffer, cartToken: string, key: Buffer): Buffer {
  return createHmac('sha256', key).update(LABEL).update(cartToken).update('\0').update(payload).digest().subarray(0, MAC_BYTES);
}
