import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { Inject, Injectable } from '@nestjs/common';
import pLimit from 'p-limit';
import { PLATFORM_CONFIG, type PlatformConfig } from '@platform/config';
import { OutboundHttp, type OutboundRefusal, OutboundRefusedError } from '@platform/http';
import type { RequestContext } from '@platform/request';
import { isErrorOf } from '@platform/errors';
import { FILE_STORAGE, type FileStorage, StorageErrors, fileKeyOfPath, parseFileKey } from '@platform/storage';
import { filenameProblem } from './image-filename.rules.js';
import { variantsFolder } from './image-variants.js';
import { type ImageFacts, inspectImage } from './image-inspection.js';
import { type MediaError, MediaErrors } from './media.errors.js';

/** An image kept in the shop's public media files. */
export interface StoredImage extends ImageFacts {
  /** Its file's key (FileStorage): served at `/files/<key>`, never reused for other bytes. */
  key: string;
}

/** Refusals that are the URL's own fault: another try would be refused again. */
const PERMANENT: ReadonlySet<OutboundRefusal> = new Set(['BAD_URL', 'BAD_SCHEME', 'PRIVATE_ADDRESS', 'TOO_MANY_REDIRECTS', 'TOO_LARGE']);

/** Where a shop's images go: public files, served to anyone with the URL, as the hosted CDN serves them. */
const MEDIA_FOLDER = 'media';
/**
 * The source checks of one call (up to 250 sources, each a name to resolve) run this many at a time, and all of them
 * within this time: a check not done by then finds no problem, as an unresolved name does (the download checks
 * again). One by one, 250 lookups outlasted the request's deadline, and its write still happened after the timeout
 * was answered.
 */
const SOURCE_CHECKS_AT_ONCE = 8;
const SOURCE_CHECKS_MS = 3_000;

/**
 * The shop's image files: bytes checked (format from the bytes, size, sides, pixels, whole decode) and kept in file
 * storage, or refused with the hosted media error codes. Owners of images (a product's) keep the key the put returns.
 */
@Injectable()
export class MediaService {
  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    private readonly outbound: OutboundHttp,
  ) {}

  /**
   * Checks `bytes` (`field` names the input that brought them) and the file name they came with (`filename`, keyed
   * `filenameField`), and keeps them; nothing is kept when refused.
   */
  async storeImage(
    ctx: RequestContext,
    bytes: Buffer,
    options: { field: string; filename?: string | null; filenameField?: string },
  ): Promise<{ image: StoredImage; problems: [] } | { image: null; problems: MediaError[] }> {
    const problems: MediaError[] = [];
    const badName = options.filename != null ? filenameProblem(options.filename) : null;
    if (badName) problems.push(MediaErrors.INVALID(`Filename ${badName}`, { field: options.filenameField ?? 'filename' }));
    const inspected = await inspectImage(bytes, this.config.mediaMaxBytes, options.field);
    if ('problem' in inspected) problems.push(inspected.problem);
    if (problems.length > 0 || !('image' in inspected)) return { image: null, problems };
    const stored = await this.storage.put({ shopId: ctx.shop.id, access: 'public', folder: MEDIA_FOLDER }, Readable.from([bytes]), {
      contentType: inspected.image.mimeType,
      maxBytes: this.config.mediaMaxBytes,
    });
    return { image: { ...inspected.image, key: stored.key }, problems: [] };
  }

  /**
   * The problem with a source URL that no download of it could get past (not http or https, not a URL, a private
   * address the installation does not allow), or null: a name that does not resolve now may later.
   */
  async sourceProblem(ctx: RequestContext, url: string, field: string): Promise<MediaError | null> {
    const [problem] = await this.sourceProblems(ctx, [{ url, field }]);
    return problem ?? null;
  }

  /**
   * `sourceProblem` of each source, in their order: each URL checked once, SOURCE_CHECKS_AT_ONCE at a time, all within
   * SOURCE_CHECKS_MS (a check still running then finds no problem).
   */
  async sourceProblems(ctx: RequestContext, sources: readonly { url: string; field: string }[]): Promise<(MediaError | null)[]> {
    const limit = pLimit(SOURCE_CHECKS_AT_ONCE);
    let timer: NodeJS.Timeout | undefined;
    const outOfTime = new Promise<null>((resolve) => {
      timer = setTimeout(() => {
        limit.clearQueue();
        resolve(null);
      }, SOURCE_CHECKS_MS);
    });
    const checks = new Map<string, Promise<string | null>>();
    for (const { url } of sources) {
      if (!checks.has(url)) checks.set(url, Promise.race([limit(() => this.sourceRefusal(ctx, url)), outOfTime]));
    }
    try {
      const refusals = await Promise.all(sources.map(({ url }) => checks.get(url)!));
      return refusals.map((refusal, i) => (refusal === null ? null : MediaErrors.IMAGE_DOWNLOAD_FAILURE(refusal, { field: sources[i]!.field })));
    } finally {
      clearTimeout(timer);
    }
  }

  // Why no download of `url` could succeed (a sentence), or null.
  private async sourceRefusal(ctx: RequestContext, url: string): Promise<string | null> {
    const own = ownFileKey(ctx, url);
    if (own) return (await this.storage.exists(own)) ? null : 'Image URL names no uploaded file';
    try {
      await this.outbound.check(url);
      return null;
    } catch (error) {
      if (error instanceof OutboundRefusedError && PERMANENT.has(error.reason)) return `Image URL ${error.message}`;
      if (error instanceof OutboundRefusedError) return null;
      throw error;
    }
  }

  /**
   * Downloads the image at `url` (through the outbound client: public addresses only, MEDIA_MAX_BYTES, its time and
   * redirect caps) and keeps it as `storeImage` does. `retry`: the failure may pass (a timeout, a refused
   * connection, a 5xx or 429), so another try may succeed.
   */
  async downloadImage(ctx: RequestContext, url: string, field: string): Promise<{ image: StoredImage; problems: []; retry: false } | { image: null; problems: MediaError[]; retry: boolean }> {
    const failed = (message: string, retry: boolean) => ({ image: null, problems: [MediaErrors.IMAGE_DOWNLOAD_FAILURE(message, { field })], retry });
    const own = ownFileKey(ctx, url);
    if (own) {
      const bytes = await this.readOwnFile(own);
      if (!bytes) return failed('Image URL names no uploaded file', false);
      return { ...(await this.storeImage(ctx, bytes, { field })), retry: false };
    }
    let bytes: Buffer;
    try {
      const response = await this.outbound.request(url, { maxBytes: this.config.mediaMaxBytes });
      if (response.status < 200 || response.status > 299) return failed(`Image URL answered HTTP ${response.status}`, response.status >= 500 || response.status === 429);
      bytes = response.body;
    } catch (error) {
      if (!(error instanceof OutboundRefusedError)) throw error;
      if (error.reason === 'TOO_LARGE') return { image: null, problems: [MediaErrors.INVALID_IMAGE_FILE_SIZE(`Image is larger than ${this.config.mediaMaxBytes} bytes`, { field })], retry: false };
      return failed(`Image could not be downloaded: ${error.message}`, !PERMANENT.has(error.reason));
    }
    const kept = await this.storeImage(ctx, bytes, { field });
    return { ...kept, retry: false };
  }

  /** The bytes of the shop's file under `key` (at most MEDIA_MAX_BYTES and one more), or null when there is none. */
  private async readOwnFile(key: string): Promise<Buffer | null> {
    try {
      const download = await this.storage.get(key, { range: { start: 0, end: this.config.mediaMaxBytes } });
      return await buffer(download.body);
    } catch (error) {
      if (isErrorOf(StorageErrors, error) && error.code === 'FILE_NOT_FOUND') return null;
      // An empty file has no first byte to read from: its bytes are none (refused as an empty image).
      if (isErrorOf(StorageErrors, error) && error.code === 'INVALID_RANGE') return Buffer.alloc(0);
      throw error;
    }
  }

  /** Deletes the shop's image file under `key` and the variants made of it (another shop's key, or none, is left alone). */
  async deleteImage(ctx: RequestContext, key: string): Promise<void> {
    const file = parseFileKey(key);
    if (file?.shopId !== ctx.shop.id) return;
    await this.storage.delete(key);
    await this.storage.deleteFolder({ shopId: file.shopId, access: file.access, folder: variantsFolder(file.folder, file.name) });
  }
}

/**
 * The key of the shop's own file a source URL names (a staged upload's `resourceUrl`, a kept image's `src`), on
 * whatever host it was given: read from storage, never fetched. Another shop's file is a URL like any other.
 */
function ownFileKey(ctx: RequestContext, url: string): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const key = fileKeyOfPath(path);
  return key && parseFileKey(key)?.shopId === ctx.shop.id ? key : null;
}
