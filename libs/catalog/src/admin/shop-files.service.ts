import { Inject, Injectable, Optional } from '@nestjs/common';
import { CLOCK, type Clock, systemClock } from '@platform/clock';
import { SqlPool } from '@platform/database';
import type { DomainError } from '@platform/errors';
import { MetafieldsService } from '@platform/metafields';
import { type RequestContext, inTransaction } from '@platform/request';
import { ProductMediaErrors } from '../catalog.errors.js';
import { ImageDownloadQueue } from './image-download-queue.js';
import type { ProductMediaRecord } from './product-image.records.js';
import { ProductImagesService } from './product-images.service.js';
import { DELETE_FREE_FILES, INSERT_FILES, MEDIA_OF_IDS, MEDIA_PRODUCTS } from './product-images.sql.js';

/** A file to make, as FileCreateInput gives it. */
export interface NewFile {
  originalSource: string;
  contentType?: string | null;
  alt?: string | null;
}

/** At most this many files a call, as the hosted fileCreate takes. */
export const MAX_FILES_PER_CALL = 250;

/**
 * The shop's files (fileCreate, fileDelete): images of no product yet, in the products' image rows, downloaded by the
 * same job; a product takes one through productSet's `files`. Deleting one deletes its bytes when nothing else shows
 * them, and a product's media leaves its product's order without a gap.
 */
@Injectable()
export class ShopFilesService {
  constructor(
    private readonly sql: SqlPool,
    private readonly images: ProductImagesService,
    private readonly downloads: ImageDownloadQueue,
    private readonly metafields: MetafieldsService,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  /** fileCreate: each file answered at once (UPLOADED) and downloaded by its job; checked as media are, all or none. */
  async create(ctx: RequestContext, files: readonly NewFile[]): Promise<{ files: ProductMediaRecord[]; problems: readonly DomainError[] }> {
    if (files.length > MAX_FILES_PER_CALL) return { files: [], problems: [ProductMediaErrors.INVALID(`At most ${MAX_FILES_PER_CALL} files a call`, { field: 'files' })] };
    const media = files.map((file) => ({ originalSource: file.originalSource, mediaContentType: file.contentType ?? 'IMAGE', alt: file.alt }));
    const problems = await this.images.mediaProblems(ctx, 0, media, 'files');
    if (problems.length > 0) return { files: [], problems };
    const created = await ctx.em.transactional(async (em) => {
      const tx = inTransaction(ctx, em);
      const rows = await this.sql.rows<{ id: number }>(tx, INSERT_FILES, [tx.shop.id, media.map((m) => m.originalSource), media.map((m) => m.alt ?? null), new Date(this.clock.now())]);
      const ids = rows.map((row) => Number(row.id));
      this.downloads.ask(tx, ids);
      return this.sql.rows<ProductMediaRecord>(tx, MEDIA_OF_IDS, [tx.shop.id, ids]);
    });
    // In the order given: ids rise with it, and files have no position.
    return { files: created, problems: [] };
  }

  /**
   * fileDelete: the shop's files named (all must exist, else none goes) with their bytes: a file of no product at once,
   * a product's media as productDeleteMedia deletes it (its product's order closed up).
   */
  async delete(ctx: RequestContext, ids: readonly number[]): Promise<{ deletedIds: number[]; problems: readonly DomainError[] }> {
    const found = new Map((await this.sql.rows<{ id: number; productId: number | null }>(ctx, MEDIA_PRODUCTS, [ctx.shop.id, [...new Set(ids)]])).map((row) => [Number(row.id), row.productId === null ? null : Number(row.productId)]));
    const missing = ids.findIndex((id) => !found.has(id));
    if (missing >= 0) return { deletedIds: [], problems: [ProductMediaErrors.MEDIA_DOES_NOT_EXIST('File does not exist', { field: `fileIds[${missing}]` })] };
    const byProduct = new Map<number | null, number[]>();
    for (const [id, productId] of found) byProduct.set(productId, [...(byProduct.get(productId) ?? []), id]);
    const deleted: number[] = [];
    for (const [productId, group] of byProduct) {
      if (productId === null) {
        const gone = await ctx.em.transactional(async (em) => {
          const tx = inTransaction(ctx, em);
          const rows = await this.sql.rows<{ id: number; fileKey: string | null }>(tx, DELETE_FREE_FILES, [tx.shop.id, group]);
          await this.metafields.deleteMetafields(tx, 'MEDIA_IMAGE', rows.map((row) => Number(row.id)));
          return rows;
        });
        await this.images.deleteFiles(ctx, gone.flatMap(({ fileKey }) => (fileKey ? [fileKey] : [])));
        deleted.push(...gone.map((row) => Number(row.id)));
      } else {
        deleted.push(...(await this.images.deleteMedia(ctx, productId, group)).deletedIds);
      }
    }
    return { deletedIds: deleted, problems: [] };
  }
}
