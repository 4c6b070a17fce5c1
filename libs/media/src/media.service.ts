import { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { PLATFORM_CONFIG, type PlatformConfig } from '@platform/config';
import type { RequestContext } from '@platform/request';
import { FILE_STORAGE, type FileStorage, parseFileKey } from '@platform/storage';
import { filenameProblem } from './image-filename.rules.js';
import { type ImageFacts, inspectImage } from './image-inspection.js';
import { type MediaError, MediaErrors } from './media.errors.js';

/** An image kept in the shop's public media files. */
export interface StoredImage extends ImageFacts {
  /** Its file's key (FileStorage): served at `/files/<key>`, never reused for other bytes. */
  key: string;
}

/** Where a shop's images go: public files, served to anyone with the URL, as the hosted CDN serves them. */
const MEDIA_FOLDER = 'media';

/**
 * The shop's image files: bytes checked (format from the bytes, size, sides, pixels, whole decode) and kept in file
 * storage, or refused with the hosted media error codes. Owners of images (a product's) keep the key the put returns.
 */
@Injectable()
export class MediaService {
  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
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

  /** Deletes the shop's image file under `key` (another shop's key, or none, is left alone). */
  async deleteImage(ctx: RequestContext, key: string): Promise<void> {
    if (parseFileKey(key)?.shopId !== ctx.shop.id) return;
    await this.storage.delete(key);
  }
}
