import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseFileKey } from './file-key.rules.js';

/** Files are served under this path, their key after it: `/files/shops/12/public/media/….png`. */
export const FILES_PATH = '/files/';
/** The longest a signed URL lives. */
export const MAX_SIGNED_URL_SECONDS = 7 * 24 * 60 * 60;

const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;
const EXPIRES = /^[1-9][0-9]{0,11}$/;

/**
 * The absolute URL of a public file on `origin` (a request's `ctx.origin`, or `shopOrigin` for a URL that leaves the
 * request). A key is URL-safe as it is: its alphabet needs no escaping. A private file needs a signed URL instead.
 */
export function fileUrl(origin: string, key: string): string {
  const file = parseFileKey(key);
  if (!file) throw new Error('fileUrl: not a file key');
  if (file.access !== 'public') throw new Error('fileUrl: a private file is reached only by a signed URL');
  return `${trimmed(origin)}${FILES_PATH}${key}`;
}

/** The URL of a private file that works until `expiresAt` (Unix seconds): its key and expiry signed with `secret`. */
export function signedFileUrl(origin: string, key: string, expiresAt: number, secret: Buffer): string {
  if (!parseFileKey(key)) throw new Error('signedFileUrl: not a file key');
  if (!Number.isSafeInteger(expiresAt) || !EXPIRES.test(String(expiresAt))) throw new Error('signedFileUrl: the expiry is Unix seconds');
  return `${trimmed(origin)}${FILES_PATH}${key}?expires=${expiresAt}&signature=${fileSignature(key, expiresAt, secret)}`;
}

/** HMAC-SHA256 over the key and the expiry, base64url (43 characters). */
export function fileSignature(key: string, expiresAt: number, secret: Buffer): string {
  return createHmac('sha256', secret).update(`files\n${key}\n${expiresAt}`).digest('base64url');
}

/**
 * Whether a request for `key` carries a signature of it that has not expired at `nowMs`: `expires` and `signature`
 * each given once, in the forms signedFileUrl writes, the signature compared in constant time. Other parameters
 * are not covered and change nothing.
 */
export function signatureAllows(key: string, query: { expires?: unknown; signature?: unknown }, secret: Buffer, nowMs: number): boolean {
  const { expires, signature } = query;
  if (typeof expires !== 'string' || typeof signature !== 'string' || !EXPIRES.test(expires) || !SIGNATURE.test(signature)) return false;
  // Both are 43 ASCII characters here, so the comparison's length check tells nothing.
  if (!timingSafeEqual(Buffer.from(signature), Buffer.from(fileSignature(key, Number(expires), secret)))) return false;
  return nowMs < Number(expires) * 1000;
}

/** The key a request path names (`/files/<key>`, query ignored), taken as it is, never decoded; null when it names none. */
export function fileKeyOfPath(url: string): string | null {
  if (!url.startsWith(FILES_PATH)) return null;
  const end = url.search(/[?#]/);
  const key = url.slice(FILES_PATH.length, end === -1 ? undefined : end);
  return parseFileKey(key) ? key : null;
}

function trimmed(origin: string): string {
  return origin.replace(/\/+$/, '');
}
