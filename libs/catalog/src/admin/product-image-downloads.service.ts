import { Inject, Injectable, Optional } from '@nestjs/common';
import { CLOCK, type Clock, systemClock } from '@platform/clock';
import { SqlPool } from '@platform/database';
import { MediaService } from '@platform/media';
import type { RequestContext } from '@platform/request';
import { FAIL_DOWNLOAD, FINISH_DOWNLOAD, START_DOWNLOAD } from './product-images.sql.js';

/** Tries of a download whose failure may pass (a timeout, a 5xx) before the image is FAILED. */
export const MAX_DOWNLOAD_ATTEMPTS = 3;

/** The downloads of images created from a `src` (the download job's work). */
@Injectable()
export class ProductImageDownloadsService {
  constructor(
    private readonly sql: SqlPool,
    private readonly media: MediaService,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  /**
   * One try of the image's download: its file kept and the image READY, or FAILED with its media errors once the
   * failure is for good or the tries are spent (a failure that may pass is thrown, for the queue to try again). An
   * image deleted or finished meanwhile is left alone, and keeps no file.
   */
  async download(ctx: RequestContext, imageId: number): Promise<void> {
    const [started] = await this.sql.rows<{ originalSource: string; attempts: number }>(ctx, START_DOWNLOAD, [ctx.shop.id, imageId]);
    if (!started) return;
    const got = await this.media.downloadImage(ctx, started.originalSource, 'src');
    const now = new Date(this.clock.now());
    if (got.image) {
      const { key, mimeType, width, height } = got.image;
      const finished = await this.sql.rows(ctx, FINISH_DOWNLOAD, [ctx.shop.id, imageId, key, mimeType, width, height, now]);
      if (finished.length === 0) await this.media.deleteImage(ctx, key);
      return;
    }
    if (got.retry && started.attempts < MAX_DOWNLOAD_ATTEMPTS) throw new Error(`The download of image ${imageId} failed and is tried again: ${got.problems[0]?.message}`);
    const errors = got.problems.map((p) => ({ code: p.code, message: p.message, details: null }));
    await this.sql.run(ctx, FAIL_DOWNLOAD, [ctx.shop.id, imageId, JSON.stringify(errors), now]);
  }
}
