// Email and phone as every context reads them (customers, the cart's buyer, the checkout form): one rule each.

/** Deliberately loose (one @, a dot in the domain): an email sent to it is the real check. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** An email's characters at most, as a text field holds. */
export const MAX_EMAIL_LENGTH = 255;
// E.164: `+`, then 7 to 15 digits, the first not 0 (the shortest numbers in use are seven digits with the country
// code; the cart once took `+12`, two digits).
const E164 = /^\+[1-9]\d{6,14}$/;
// What people write between the digits of a number: spaces, parentheses, dots and dashes.
const PHONE_PUNCTUATION = /[\s().-]/g;

/** An email as stored and compared: trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Whether text (trimmed by the caller) is an email address the platform takes. */
export function isEmail(text: string): boolean {
  return text.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(text);
}

/** `+16135550123` from `+1 (613) 555-0123`; null when it is not an international number. */
export function normalizePhone(phone: string): string | null {
  const compact = phone.replace(PHONE_PUNCTUATION, '');
  return E164.test(compact) ? compact : null;
}
