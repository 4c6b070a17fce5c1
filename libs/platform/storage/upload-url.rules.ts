import { createHmac, timingSafeEqual } from 'node:crypto';
import { type FileKeyParts, STAGED_KEY_FOLDER, parseFileKey } from './file-key.rules.js';

/** Staged uploads are sent here: `PUT /uploads/<key>?…`, or `POST /uploads` with the parameters as form fields. */
export const UPLOADS_PATH = '/uploads';
/** How long an upload target takes bytes. */
export const UPLOAD_TARGET_SECONDS = 60 * 60;

/** What an upload target allows: the bytes of one file under `key` (its type from the name), at most `maxBytes`, until `expiresAt`. */
export interface UploadGrant {
  key: string;
  /** Unix seconds. */
  expiresAt: number;
  maxBytes: number;
}

const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;
const DIGITS = /^[1-9][0-9]{0,15}$/;

/** HMAC-SHA256 over the grant, base64url; its `upload` label keeps it from ever passing as a read signature. */
export function uploadSignature(grant: UploadGrant, secret: Buffer): string {
  return createHmac('sha256', secret).update(`upload\n${grant.key}\n${grant.expiresAt}\n${grant.maxBytes}`).digest('base64url');
}

/** The query (PUT) or form fields (POST) an upload carries, besides the key and the content type. */
export function uploadParameters(grant: UploadGrant, secret: Buffer): { expires: string; max_bytes: string; signature: string } {
  return { expires: String(grant.expiresAt), max_bytes: String(grant.maxBytes), signature: uploadSignature(grant, secret) };
}

/**
 * The grant `fields` sign for `key`, or null: a staged file's key, `expires`, `max_bytes` and `signature` in the forms
 * uploadParameters writes, the signature compared in constant time, not expired at `nowMs`.
 */
export function grantOf(key: unknown, fields: Record<string, unknown>, secret: Buffer, nowMs: number): (UploadGrant & { file: FileKeyParts }) | null {
  const file = parseFileKey(key);
  if (!file || !isStagedFile(file)) return null;
  const { expires, max_bytes: maxBytes, signature } = fields;
  if (typeof expires !== 'string' || typeof maxBytes !== 'string' || typeof signature !== 'string') return null;
  if (!DIGITS.test(expires) || !DIGITS.test(maxBytes) || !SIGNATURE.test(signature)) return null;
  const grant = { key: key as string, expiresAt: Number(expires), maxBytes: Number(maxBytes) };
  // Both are 43 ASCII characters here, so the comparison's length check tells nothing.
  if (!timingSafeEqual(Buffer.from(signature), Buffer.from(uploadSignature(grant, secret)))) return null;
  return nowMs < grant.expiresAt * 1000 ? { ...grant, file } : null;
}

/** Whether a file is a staged upload: private, in STAGED_KEY_FOLDER. */
export function isStagedFile(file: FileKeyParts): boolean {
  return file.access === 'private' && file.folder === STAGED_KEY_FOLDER;
}
