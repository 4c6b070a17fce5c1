import { Inject, Injectable, Optional } from '@nestjs/common';
import { CLOCK, type Clock, systemClock } from '@platform/clock';
import { SqlPool, installationSecret } from '@platform/database';
import { parseFileKey } from './file-key.rules.js';
import { MAX_SIGNED_URL_SECONDS, fileUrl, signatureAllows, signedFileUrl } from './file-url.rules.js';

const SECRET_NAME = 'file_urls';
const KEY_BYTES = 32;
const DEFAULT_SIGNED_URL_SECONDS = 60 * 60;

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

  private signingKey(): Promise<Buffer> {
    // A failed read is tried again by the next request instead of being remembered.
    return (this.secret ??= installationSecret(this.sql, SECRET_NAME, KEY_BYTES).catch((error: unknown) => {
      this.secret = undefined;
      throw error;
    }));
  }
}
