import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import type { DomainError } from '@platform/errors';
import { StorageErrors } from './storage.errors.js';

/**
 * Passes a put's bytes through, counting them and hashing them (SHA-256), and fails with FILE_TOO_LARGE the moment
 * they pass `maxBytes`, before the chunk that passes it is written anywhere.
 */
export class ByteMeter extends Transform {
  bytes = 0;
  /** FILE_TOO_LARGE once the body passed the cap: the reason a put failed, whatever the adapter reports. */
  failure?: DomainError;
  private readonly hash = createHash('sha256');

  constructor(private readonly maxBytes = Number.POSITIVE_INFINITY) {
    super();
    // NaN or a negative cap would silently let everything through, or nothing.
    if (!(maxBytes >= 0)) throw new TypeError('maxBytes is a number of bytes, 0 or more');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      this.failure = StorageErrors.FILE_TOO_LARGE(`A file may have at most ${this.maxBytes} bytes`, { field: 'body' });
      callback(this.failure);
      return;
    }
    this.hash.update(chunk);
    callback(null, chunk);
  }

  /** The hex SHA-256 of every byte passed; once, after the body ended. */
  sha256(): string {
    return this.hash.digest('hex');
  }
}
