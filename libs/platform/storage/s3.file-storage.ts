import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Upload } from '@aws-sdk/lib-storage';
import type { S3StorageConfig } from '@platform/config';
import { ByteMeter } from './byte-meter.js';
import { type FileTarget, checkedFileKey, folderPrefix, plannedFile } from './file-key.rules.js';
import { rangeProblem, rangeWithin } from './file-response.rules.js';
import type { FileDownload, FileInfo, FileStorage, GetOptions, PutOptions, StoredFile } from './file-storage.js';
import { PublicFileCache } from './public-file-cache.js';
import { StorageErrors } from './storage.errors.js';

// Multipart parts: the smallest S3 takes, two in flight, so an upload holds at most ~15 MiB however large the file.
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;
const CONTENT_RANGE = /^bytes (\d+)-(\d+)\/(\d+)$/;

// The SDK is loaded when a bucket is configured: about 6 MiB of heap an installation on local disk never uses.
type Sdk = typeof import('@aws-sdk/client-s3') & typeof import('@aws-sdk/lib-storage');
const loadSdk = async (): Promise<Sdk> => ({ ...(await import('@aws-sdk/client-s3')), ...(await import('@aws-sdk/lib-storage')) });

/**
 * Files as objects of an S3-compatible bucket (STORAGE_URL `s3://…`), at `<prefix>/<key>`. A put streams through
 * lib-storage's Upload: one PutObject for a small file, a multipart upload for a larger one, which S3 shows only once
 * completed and which is aborted when the body fails, passes its cap or is aborted.
 */
export class S3FileStorage implements FileStorage {
  readonly location: string;
  private readonly cache = new PublicFileCache();
  private readonly config: S3StorageConfig;
  private loaded?: Promise<{ sdk: Sdk; client: S3Client }>;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(config: S3StorageConfig) {
    this.bucket = config.bucket;
    this.prefix = config.prefix ? `${config.prefix}/` : '';
    // Never the credentials: the location is logged.
    this.location = `s3://${config.bucket}/${config.prefix}${config.endpoint ? ` at ${config.endpoint}` : ''}`;
    this.config = config;
  }

  async put(target: FileTarget, body: Readable, options: PutOptions): Promise<StoredFile> {
    let upload: Upload | undefined;
    const abort = () => void upload?.abort().catch(() => undefined);
    try {
      const { sdk, client } = await this.sdk();
      const meter = new ByteMeter(options.maxBytes);
      const planned = plannedFile(target, options.contentType, () => randomBytes(16));
      // Check, then write: two puts of one named public file at the same moment could both pass (S3-compatible
      // services do not all take a conditional write); one at a time, the second is refused.
      if (planned.writeOnce && (await this.head(planned.key))) {
        throw StorageErrors.FILE_EXISTS('A public file with this name exists: its name stays with its first bytes', { field: 'name' });
      }
      options.signal?.addEventListener('abort', abort, { once: true });
      upload = new sdk.Upload({
        client,
        params: { Bucket: this.bucket, Key: this.objectKey(planned.key), Body: meter, ContentType: planned.contentType },
        partSize: PART_SIZE,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      // The body flows through the meter into the upload; when either side fails, both stop.
      let feedError: unknown;
      const feeding = pipeline(body, meter, { signal: options.signal }).catch((error: unknown) => {
        feedError = error;
      });
      let etag: string | undefined;
      try {
        etag = (await upload.done()).ETag;
      } catch (error) {
        meter.destroy();
        await feeding;
        // The body's own failure (its cap, an abort, a broken source) is what the caller needs, not how the upload ended.
        throw meter.failure ?? feedError ?? error;
      }
      await feeding;
      if (feedError) throw meter.failure ?? feedError;
      return { key: planned.key, size: meter.bytes, contentType: planned.contentType, etag: etag ?? '""', sha256: meter.sha256() };
    } catch (error) {
      body.destroy();
      throw error;
    } finally {
      options.signal?.removeEventListener('abort', abort);
    }
  }

  async get(key: string, options: GetOptions = {}): Promise<FileDownload> {
    const file = checkedFileKey(key);
    // A small public file, whole, from memory once read (PublicFileCache).
    if (file.access === 'public' && !options.range) return this.cache.get(key, { head: () => this.head(key), read: () => this.read(key, file.contentType, options) });
    return this.read(key, file.contentType, options);
  }

  private async read(key: string, contentType: string, options: GetOptions): Promise<FileDownload> {
    const range = options.range;
    const problem = range ? rangeProblem(range) : null;
    if (problem) throw StorageErrors.INVALID_RANGE(problem, { field: 'range' });
    try {
      const { sdk, client } = await this.sdk();
      const object = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key), Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined }),
      );
      const length = object.ContentLength ?? 0;
      const body = object.Body as Readable;
      const etag = object.ETag ?? '""';
      if (!range) return { key, size: length, contentType, etag, body, length };
      // What was served: the range Content-Range names, or the whole object from a server that ignored the Range.
      const served = servedRange(object.ContentRange) ?? { start: 0, end: length - 1, size: length };
      const wanted = rangeWithin(range, served.size);
      if (!wanted) {
        body.destroy();
        throw StorageErrors.INVALID_RANGE(`The file has ${served.size} bytes`, { field: 'range' });
      }
      if (served.start > wanted.start || served.end < wanted.end) {
        body.destroy();
        throw new Error(`The storage answered bytes ${served.start}-${served.end} for ${wanted.start}-${wanted.end}`);
      }
      // A server that answered more than asked (s3rver reads `bytes=0-0` as the whole object) is cut to the range.
      const exact = served.start === wanted.start && served.end === wanted.end;
      const sent = exact ? body : Readable.from(sliceOf(body, wanted.start - served.start, wanted.end - wanted.start + 1), { objectMode: false });
      return { key, size: served.size, contentType, etag, body: sent, range: wanted, length: wanted.end - wanted.start + 1 };
    } catch (error) {
      if (isMissing(error)) throw StorageErrors.FILE_NOT_FOUND('No file has this key', { field: 'key' });
      if (statusOf(error) === 416) throw StorageErrors.INVALID_RANGE('The range starts past the end of the file', { field: 'range' });
      throw error;
    }
  }

  async head(key: string): Promise<FileInfo | null> {
    const file = checkedFileKey(key);
    try {
      const { sdk, client } = await this.sdk();
      const object = await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return { key, size: object.ContentLength ?? 0, contentType: file.contentType, etag: object.ETag ?? '""' };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    checkedFileKey(key);
    this.cache.forget(key);
    const { sdk, client } = await this.sdk();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async deleteFolder(folder: Omit<FileTarget, 'name'>): Promise<void> {
    this.cache.forgetUnder(folderPrefix(folder));
    const prefix = this.objectKey(folderPrefix(folder));
    const { sdk, client } = await this.sdk();
    // A page of at most 1,000 keys at a time, each deleted in one request.
    for (let token: string | undefined; ; ) {
      const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length > 0) await client.send(new sdk.DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }));
      if (!page.IsTruncated || !page.NextContinuationToken) return;
      token = page.NextContinuationToken;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  /** Closes the client's connections. */
  close(): void {
    void this.loaded?.then(({ client }) => client.destroy(), () => undefined);
  }

  /** The SDK and the client, made on the first call. */
  private sdk(): Promise<{ sdk: Sdk; client: S3Client }> {
    const config = this.config;
    this.loaded ??= loadSdk().then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle,
        credentials: config.credentials,
        // Checksums only where S3 requires them: several S3-compatible services refuse the SDK's newer default ones.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    }));
    return this.loaded;
  }

  private objectKey(key: string): string {
    return `${this.prefix}${key}`;
  }
}

function servedRange(header: string | undefined): { start: number; end: number; size: number } | null {
  const match = CONTENT_RANGE.exec(header ?? '');
  return match ? { start: Number(match[1]), end: Number(match[2]), size: Number(match[3]) } : null;
}

// `take` bytes after the first `skip` of `source`; the rest is not read.
async function* sliceOf(source: Readable, skip: number, take: number): AsyncGenerator<Buffer> {
  let position = 0;
  const end = skip + take;
  try {
    for await (const chunk of source) {
      const bytes = chunk as Buffer;
      const from = Math.max(skip - position, 0);
      const to = Math.min(end - position, bytes.length);
      position += bytes.length;
      if (to > from) yield bytes.subarray(from, to);
      if (position >= end) return;
    }
  } finally {
    source.destroy();
  }
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

function isMissing(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return statusOf(error) === 404 || name === 'NotFound' || name === 'NoSuchKey';
}
