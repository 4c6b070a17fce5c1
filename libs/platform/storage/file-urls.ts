import { Inject, Injectable, Optional } from '@nestjs/common';
import { CLOCK, type Clock, systemClock } from '@platform/clock';
import { SqlPool, installationSecret } from '@platform/database';
import { randomBytes } from 'node:crypto';
import { type FileKeyParts, STAGED_KEY_FOLDER, parseFileKey, plannedFile } from './file-key.rules.js';
import { FILES_PATH, MAX_SIGNED_URL_SECONDS, fileUrl, signatureAllows, signedFileUrl } from './file-url.rules.js';
import { UPLOADS_PATH, UPLOAD_TARGET_SECONDS, type UploadGrant, grantOf, uploadParameters } from './upload-url.rules.js';

const SECRET_NAME = 'file_urls';
const KEY_BYTES = 32;
const DEFAULT_SIGNED_URL_SECONDS = 60 * 60;

/** Where a client sends one file (the hosted platform's staged upload target), and the URL that names it after. */
export interface UploadTarget {
  /** PUT the bytes here; or POST a form of `parameters` and then the file (field `file`). */
  url: string;
  /** Names the file once it is sent: what a media input's `originalSource` takes. */
  resourceUrl: string;
  /** PUT: the headers to send (`content_type`); POST: the form fields to send before the file. */
  parameters: { name: string; value: string }[];
  key: string;
}

/**
 * The URLs files are served at (`/files/<key>` on an origin): a public file's as it is, a private file's signed with
 * the installation's `file_urls` secret (HMAC over its key and expiry), whatever adapter keeps the bytes.
 */
@Injectable()
export class FileUrls {
  private secret?: Promise<Buffer>;

  constructor(
    private readonly sql: SqlPool,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  /**
   * The absolute URL of the file under `key` on `origin` (`ctx.origin`, or `shopOrigin` for one that leaves the
   * request): a private file's works for `expiresInSeconds` (default an hour, at most a week).
   */
  async url(origin: string, key: string, options: { expiresInSeconds?: number; now?: number } = {}): Promise<string> {
    const file = parseFileKey(key);
    if (!file) throw new Error('FileUrls.url: not a file key');
    if (file.access === 'public') return fileUrl(origin, key);
    const seconds = options.expiresInSeconds ?? DEFAULT_SIGNED_URL_SECONDS;
    if (!Number.isSafeInteger(seconds) || seconds < 1 || seconds > MAX_SIGNED_URL_SECONDS) {
      throw new Error(`FileUrls.url: a signed URL lives 1 to ${MAX_SIGNED_URL_SECONDS} seconds`);
    }
    const expiresAt = Math.floor((options.now ?? this.clock.now()) / 1000) + seconds;
    return signedFileUrl(origin, key, expiresAt, await this.signingKey());
  }

  /** Whether a request's query signs the private file `key` and has not expired. */
  async allows(key: string, query: { expires?: unknown; signature?: unknown }, now = this.clock.now()): Promise<boolean> {
    return signatureAllows(key, query, await this.signingKey(), now);
  }

  /**
   * A new staged upload of the shop's: one private file of `contentType`, at most `maxBytes`, sent within the hour with
   * the `method` given, to `origin` (the request's). The key is made here, signed with the expiry and the size.
   */
  async uploadTarget(origin: string, upload: { shopId: number; contentType: string; maxBytes: number; method: 'PUT' | 'POST' }, now = this.clock.now()): Promise<UploadTarget> {
    const { key, contentType } = plannedFile({ shopId: upload.shopId, access: 'private', folder: STAGED_KEY_FOLDER }, upload.contentType, () => randomBytes(16));
    const grant: UploadGrant = { key, expiresAt: Math.floor(now / 1000) + UPLOAD_TARGET_SECONDS, maxBytes: upload.maxBytes };
    const signed = uploadParameters(grant, await this.signingKey());
    const base = origin.replace(/\/+$/, '');
    const resourceUrl = `${base}${FILES_PATH}${key}`;
    if (upload.method === 'PUT') {
      const query = new URLSearchParams(signed).toString();
      return { url: `${base}${UPLOADS_PATH}/${key}?${query}`, resourceUrl, key, parameters: [{ name: 'content_type', value: contentType }, { name: 'acl', value: 'private' }] };
    }
    const fields = { 'Content-Type': contentType, success_action_status: '201', acl: 'private', key, ...signed };
    return { url: `${base}${UPLOADS_PATH}`, resourceUrl, key, parameters: Object.entries(fields).map(([name, value]) => ({ name, value })) };
  }

  /** What an upload's key and fields (query or form) allow, or null when they are not a live target's. */
  async uploadGrant(key: unknown, fields: Record<string, unknown>, now = this.clock.now()): Promise<(UploadGrant & { file: FileKeyParts }) | null> {
    return grantOf(key, fields, await this.signingKey(), now);
  }

  private signingKey(): Promise<Buffer> {
    // A failed read is tried again by the next request instead of being remembered.
    return (this.secret ??= installationSecret(this.sql, SECRET_NAME, KEY_BYTES).catch((error: unknown) => {
      this.secret = undefined;
      throw error;
    }));
  }
}
