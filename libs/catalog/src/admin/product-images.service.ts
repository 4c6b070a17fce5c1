import { Inject, Injectable, Optional } from '@nestjs/common';
import { CLOCK, type Clock, systemClock } from '@platform/clock';
import { SqlPool } from '@platform/database';
import type { DomainError } from '@platform/errors';
import { isRecordId } from '@platform/ids';
import { MediaService, type StoredImage } from '@platform/media';
import { MetafieldsService, REST_METAFIELD_LIMITS } from '@platform/metafields';
import { type RequestContext, inTransaction } from '@platform/request';
import { ProductMediaErrors } from '../catalog.errors.js';
import type { ProductImageInput } from './product-image.inputs.js';
import type { ProductImageRecord, ProductMediaRecord } from './product-image.records.js';
import { MAX_IMAGES_PER_PRODUCT, decodedAttachment, imageInputProblems, placed } from './product-image.rules.js';
import { ImageDownloadQueue } from './image-download-queue.js';
import { type OwnedMetafield, ownedMetafields } from './owned-metafields.rules.js';
import { PRODUCT_EXISTS } from './product-writes.sql.js';
import { reordered } from './collection-input.rules.js';
import { LOCK_PRODUCT } from './variant-writes.sql.js';
import {
  ATTACH_FILES,
  COUNT_IMAGES,
  FREE_FILES,
  DELETE_IMAGES,
  IMAGES_OF_PRODUCT,
  IMAGE_OF_PRODUCT,
  IMAGE_ORDER,
  INSERT_IMAGE,
  IMAGE_STATUSES,
  INSERT_SOURCES,
  MEDIA_OF_IDS,
  LINK_VARIANTS,
  SET_IMAGE_ALTS,
  SET_IMAGE_ORDER,
  SET_VARIANT_IMAGES,
  UNREFERENCED_FILES,
  UPDATE_IMAGE,
  VARIANT_IMAGES,
  VARIANTS_OF_PRODUCT_AMONG,
} from './product-images.sql.js';

export interface ProductImageWrite {
  image: ProductImageRecord | null;
  problems: readonly DomainError[];
}

class Refused extends Error {
  constructor(readonly problems: readonly DomainError[]) {
    super('refused');
  }
}

/** A media to add to a product, as CreateMediaInput gives it. */
export interface NewMedia {
  originalSource: string;
  mediaContentType: string;
  alt?: string | null;
}

/** An entry of productSet's `files`: a media of the product by `id`, or a new one from `originalSource`. */
export interface MediaSetEntry {
  id?: number | null;
  originalSource?: string | null;
  contentType?: string | null;
  alt?: string | null;
}

export const productNotFound = (field = 'product_id') => ProductMediaErrors.PRODUCT_DOES_NOT_EXIST('Product does not exist', { field });
export const imageNotFound = () => ProductMediaErrors.MEDIA_DOES_NOT_EXIST('Image does not exist', { field: 'id' });

/**
 * A product's images (spec 3's product image resource): read, counted, created from an attachment, moved, relabelled,
 * linked to the product's variants, deleted. Writes lock the product, so positions stay 1… without gaps and the 250th
 * image is the last; a file kept for a write that is then refused is deleted, so no file outlives its row.
 */
@Injectable()
export class ProductImagesService {
  constructor(
    private readonly sql: SqlPool,
    private readonly media: MediaService,
    private readonly downloads: ImageDownloadQueue,
    private readonly metafields: MetafieldsService,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  /** The product's images after `sinceId` in display order; null when the shop has no such product. */
  async list(ctx: RequestContext, productId: number, sinceId = 0): Promise<ProductImageRecord[] | null> {
    if (!isRecordId(productId)) return null;
    const images = await this.sql.rows<ProductImageRecord>(ctx, IMAGES_OF_PRODUCT, [ctx.shop.id, productId, sinceId]);
    if (images.length > 0) return images;
    return (await this.productExists(ctx, productId)) ? [] : null;
  }

  async image(ctx: RequestContext, productId: number, imageId: number): Promise<ProductImageRecord | null> {
    if (!isRecordId(productId) || !isRecordId(imageId)) return null;
    const [image] = await this.sql.rows<ProductImageRecord>(ctx, IMAGE_OF_PRODUCT, [ctx.shop.id, productId, imageId]);
    return image ?? null;
  }

  /** How many images the product has after `sinceId`; null when the shop has no such product. */
  async count(ctx: RequestContext, productId: number, sinceId = 0): Promise<number | null> {
    if (!isRecordId(productId) || !(await this.productExists(ctx, productId))) return null;
    const [row] = await this.sql.rows<{ count: number }>(ctx, COUNT_IMAGES, [ctx.shop.id, productId, sinceId]);
    return row!.count;
  }

  /**
   * An image placed at `position`: from its attachment (base64 bytes, checked and kept by the media part) at once, or
   * from its `src`, answered at once without a file (UPLOADED) while a job downloads it (READY or FAILED). Its
   * metafields (REST's limits) are set with it.
   */
  async create(ctx: RequestContext, productId: number, input: ProductImageInput): Promise<ProductImageWrite> {
    if (!isRecordId(productId)) return refused([productNotFound()]);
    const problems: DomainError[] = imageInputProblems(input, 'create');
    const metafields = input.metafields == null ? [] : ownedMetafields(problems, input.metafields, metafieldProblem, '', REST_METAFIELD_LIMITS);
    const bytes = input.attachment != null ? decodedAttachment(input.attachment) : null;
    if (input.attachment != null && !bytes) problems.push(ProductMediaErrors.INVALID('is not valid base64', { field: 'attachment' }));
    if (input.src != null && problems.length === 0) {
      const problem = await this.media.sourceProblem(ctx, input.src, 'src');
      if (problem) problems.push(problem);
    }
    if (problems.length > 0) return refused(problems);
    if (!(await this.productExists(ctx, productId))) return refused([productNotFound()]);
    if (input.src != null) return this.inserting(ctx, productId, input, { source: input.src }, metafields!);

    const kept = await this.media.storeImage(ctx, bytes!, { field: 'attachment', filename: input.filename });
    if (!kept.image) return refused(kept.problems);
    let written: ProductImageWrite | undefined;
    try {
      written = await this.inserting(ctx, productId, input, { file: kept.image }, metafields!);
      return written;
    } finally {
      // A refused or failed write keeps no file.
      if (!written?.image) await this.media.deleteImage(ctx, kept.image.key);
    }
  }

  /** The position, alt text and variants given; the rest as it is. */
  async update(ctx: RequestContext, productId: number, imageId: number, input: ProductImageInput): Promise<ProductImageWrite> {
    if (!isRecordId(productId)) return refused([productNotFound()]);
    if (!isRecordId(imageId)) return refused([imageNotFound()]);
    const problems = imageInputProblems(input, 'update');
    if (problems.length > 0) return refused(problems);
    return this.writing(ctx, productId, async (tx, order) => {
      if (!order.includes(imageId)) throw new Refused([imageNotFound()]);
      if (input.position != null) await this.sql.run(tx, SET_IMAGE_ORDER, [tx.shop.id, placed(order, imageId, input.position)]);
      if (input.variantIds != null) await this.linkVariants(tx, productId, imageId, input.variantIds);
      await this.sql.run(tx, UPDATE_IMAGE, [tx.shop.id, imageId, input.alt !== undefined, input.alt ?? null, new Date(this.clock.now())]);
      return imageId;
    });
  }

  /** Deletes the image (its variants keep no image) and its file; the images after it move up. */
  async delete(ctx: RequestContext, productId: number, imageId: number): Promise<{ problems: readonly DomainError[] }> {
    if (!isRecordId(productId)) return { problems: [productNotFound()] };
    if (!isRecordId(imageId)) return { problems: [imageNotFound()] };
    return this.deleting(ctx, productId, [imageId], imageNotFound);
  }

  /**
   * The problems of media to add to a product (productCreateMedia, productCreate/productUpdate `media:`), fields under
   * `field` (`media[2].originalSource`): an IMAGE with a source no download could get past, too long an alt text, or
   * more images than the product may have (`productId` 0: a product not made yet).
   */
  async mediaProblems(ctx: RequestContext, productId: number, media: readonly NewMedia[], field = 'media'): Promise<DomainError[]> {
    const problems: DomainError[] = [];
    // The sources checked together (each URL once, several at a time, in bounded time), then read in order.
    const given = [...media.entries()].filter(([, item]) => item.originalSource.trim() !== '');
    const checked = await this.media.sourceProblems(ctx, given.map(([i, item]) => ({ url: item.originalSource, field: `${field}[${i}].originalSource` })));
    const sourceProblems = new Map(given.map(([i], n) => [i, checked[n]]));
    for (const [i, item] of media.entries()) {
      const at = `${field}[${i}]`;
      if (item.mediaContentType !== 'IMAGE') problems.push(ProductMediaErrors.INVALID_MEDIA_TYPE('Only images are kept', { field: `${at}.mediaContentType` }));
      if (item.originalSource.trim() === '') problems.push(ProductMediaErrors.BLANK("Original source can't be blank", { field: `${at}.originalSource` }));
      else {
        const problem = sourceProblems.get(i);
        if (problem) problems.push(ProductMediaErrors.INVALID(problem.message, { field: problem.field }));
      }
      problems.push(...imageInputProblems({ alt: item.alt }, 'update').map((p) => ProductMediaErrors[p.code!](p.message, { field: `${at}.${p.field}` })));
    }
    const existing = productId === 0 ? 0 : ((await this.count(ctx, productId)) ?? 0);
    if (existing + media.length > MAX_IMAGES_PER_PRODUCT) {
      problems.push(ProductMediaErrors.PRODUCT_MEDIA_LIMIT_EXCEEDED(`A product can have at most ${MAX_IMAGES_PER_PRODUCT} media`, { field }));
    }
    return problems;
  }

  /**
   * Media from sources, after the product's images: each answered at once (UPLOADED) and downloaded by its job. Checked
   * as `mediaProblems` says (`checked`: the caller has, before its own write), the limit again under the product's
   * lock; nothing is written when a problem is found.
   */
  async createMedia(ctx: RequestContext, productId: number, media: readonly NewMedia[], options: { field?: string; checked?: boolean } = {}): Promise<{ media: ProductMediaRecord[]; problems: readonly DomainError[] }> {
    const field = options.field ?? 'media';
    if (!isRecordId(productId) || !(await this.productExists(ctx, productId))) return { media: [], problems: [productNotFound()] };
    const problems = options.checked ? [] : await this.mediaProblems(ctx, productId, media, field);
    if (problems.length > 0) return { media: [], problems };
    let created: ProductMediaRecord[] = [];
    const written = await this.writing(ctx, productId, async (tx, order) => {
      if (order.length + media.length > MAX_IMAGES_PER_PRODUCT) {
        throw new Refused([ProductMediaErrors.PRODUCT_MEDIA_LIMIT_EXCEEDED(`A product can have at most ${MAX_IMAGES_PER_PRODUCT} media`, { field })]);
      }
      const rows = await this.sql.rows<{ id: number }>(tx, INSERT_SOURCES, [
        tx.shop.id, productId, order.length, media.map((m) => m.originalSource), media.map((m) => m.alt ?? null), new Date(this.clock.now()),
      ]);
      const ids = rows.map((row) => Number(row.id));
      this.downloads.ask(tx, ids);
      // As written (UPLOADED): their jobs start once this commits.
      created = await this.sql.rows<ProductMediaRecord>(tx, MEDIA_OF_IDS, [tx.shop.id, ids]);
      return null;
    });
    if (written.problems.length > 0) return { media: [], problems: written.problems };
    return { media: created, problems: [] };
  }

  /**
   * productSet's `files`: the product's media become those listed, in that order. An entry with `id` keeps that media
   * of the product, or takes a file of the shop's that no product has (fileCreate's), its `alt` changed when given;
   * one without adds a media from `originalSource`, downloaded by its job; media left out are deleted. Runs in the caller's transaction (`ctx` in it), so its rows go with the caller's write;
   * answers the keys of the deleted media's files for the caller to hand to `deleteFiles` once it has committed.
   */
  async setMedia(ctx: RequestContext, productId: number, files: readonly MediaSetEntry[], field: string): Promise<{ goneKeys: string[]; problems: readonly DomainError[] }> {
    const problems: DomainError[] = [];
    if (files.length > MAX_IMAGES_PER_PRODUCT) problems.push(ProductMediaErrors.PRODUCT_MEDIA_LIMIT_EXCEEDED(`A product can have at most ${MAX_IMAGES_PER_PRODUCT} media`, { field }));
    const added = files.flatMap((file, i) => (file.id == null ? [{ i, media: { originalSource: file.originalSource ?? '', mediaContentType: file.contentType ?? 'IMAGE', alt: file.alt } }] : []));
    // The new entries checked together as media inputs (their sources at once), each problem under its entry's index;
    // the count is the list's, checked above.
    const found = added.length === 0 ? [] : await this.mediaProblems(ctx, 0, added.map((a) => a.media), field);
    for (const p of found) {
      // `<field>[<index among the new>]<rest>`, as `<field>[<index in the list>]<rest>`.
      const at = p.field?.startsWith(`${field}[`) ? /^(\d+)\](.*)$/.exec(p.field.slice(field.length + 1)) : null;
      if (p.code === 'PRODUCT_MEDIA_LIMIT_EXCEEDED' || !at) continue;
      problems.push(ProductMediaErrors[p.code as keyof typeof ProductMediaErrors](p.message, { field: `${field}[${added[Number(at[1])]!.i}]${at[2]}` }));
    }
    files.forEach((file, i) => {
      if (file.id != null) problems.push(...imageInputProblems({ alt: file.alt }, 'update').map((p) => ProductMediaErrors[p.code!](p.message, { field: `${field}[${i}].${p.field}` })));
    });
    if (problems.length > 0) return { goneKeys: [], problems };
    let goneKeys: string[] = [];
    const written = await this.writing(ctx, productId, async (inner, order) => {
      const kept = files.flatMap((file, i) => (file.id != null ? [{ i, id: file.id, alt: file.alt }] : []));
      // The shop's files of no product (fileCreate's) that the list names join the product.
      const others = kept.filter(({ id }) => !order.includes(id)).map(({ id }) => id);
      const free = others.length === 0 ? [] : (await this.sql.rows<{ id: number }>(inner, FREE_FILES, [inner.shop.id, others])).map((row) => Number(row.id));
      const seen = new Set<number>();
      for (const { i, id } of kept) {
        // Each media of the product or free file, listed once.
        if (!(order.includes(id) || free.includes(id)) || seen.has(id)) throw new Refused([ProductMediaErrors.MEDIA_DOES_NOT_EXIST_ON_PRODUCT('Media does not exist on the product', { field: `${field}[${i}].id` })]);
        seen.add(id);
      }
      const now = new Date(this.clock.now());
      if (free.length > 0) await this.sql.run(inner, ATTACH_FILES, [inner.shop.id, productId, free, now]);
      const gone = order.filter((id) => !seen.has(id));
      if (gone.length > 0) {
        goneKeys = (await this.sql.rows<{ fileKey: string | null }>(inner, DELETE_IMAGES, [inner.shop.id, productId, gone])).flatMap(({ fileKey }) => (fileKey ? [fileKey] : []));
        await this.metafields.deleteMetafields(inner, 'MEDIA_IMAGE', gone);
      }
      const relabelled = kept.filter((k) => k.alt !== undefined);
      if (relabelled.length > 0) await this.sql.run(inner, SET_IMAGE_ALTS, [inner.shop.id, relabelled.map((k) => k.id), relabelled.map((k) => k.alt ?? null), now]);
      const newIds = added.length === 0 ? [] : (await this.sql.rows<{ id: number }>(inner, INSERT_SOURCES, [
        inner.shop.id, productId, order.length, added.map((a) => a.media.originalSource), added.map((a) => a.media.alt ?? null), now,
      ])).map((row) => Number(row.id));
      this.downloads.ask(inner, newIds);
      // The listed order, new media where they were listed.
      const fresh = [...newIds];
      await this.sql.run(inner, SET_IMAGE_ORDER, [inner.shop.id, files.map((file) => file.id ?? fresh.shift()!)]);
      return null;
    });
    return { goneKeys: written.problems.length > 0 ? [] : goneKeys, problems: written.problems };
  }

  /** productDeleteMedia: the images go with their files (all named must be the product's, else none goes). */
  async deleteMedia(ctx: RequestContext, productId: number, ids: readonly number[], field = 'mediaIds'): Promise<{ deletedIds: number[]; problems: readonly DomainError[] }> {
    return this.deleting(ctx, productId, ids, (i) => ProductMediaErrors.MEDIA_DOES_NOT_EXIST('Media does not exist', { field: `${field}[${i}]` }));
  }

  /** productReorderMedia: each move takes its media to `newPosition` (0-based; past the end is the end), in the order given. */
  async reorderMedia(ctx: RequestContext, productId: number, moves: readonly { id: number; newPosition: number }[]): Promise<{ problems: readonly DomainError[] }> {
    if (!isRecordId(productId) || !(await this.productExists(ctx, productId))) return { problems: [productNotFound('id')] };
    const bad = moves.findIndex((m) => !Number.isSafeInteger(m.newPosition) || m.newPosition < 0);
    if (bad >= 0) return { problems: [ProductMediaErrors.INVALID('The new position must be a whole number from 0', { field: `moves[${bad}].newPosition` })] };
    const { problems } = await this.writing(ctx, productId, async (tx, order) => {
      const missing = moves.findIndex((m) => !order.includes(m.id));
      if (missing >= 0) throw new Refused([ProductMediaErrors.MEDIA_DOES_NOT_EXIST_ON_PRODUCT('Media does not exist on the product', { field: `moves[${missing}].id` })]);
      await this.sql.run(tx, SET_IMAGE_ORDER, [tx.shop.id, reordered(order, moves)]);
      return null;
    });
    return { problems };
  }

  /**
   * productVariantAppendMedia (`attach`) and productVariantDetachMedia: each variant (of the product) gets the one READY
   * media named, or loses the one it has. A variant has one media: appending to one that has another, or naming two,
   * is refused; so is detaching media a variant does not show. All or nothing.
   */
  async variantMedia(ctx: RequestContext, productId: number, pairs: readonly { variantId: number; mediaIds: number[] }[], attach: boolean): Promise<{ variantIds: number[]; problems: readonly DomainError[] }> {
    if (!isRecordId(productId) || !(await this.productExists(ctx, productId))) return { variantIds: [], problems: [productNotFound()] };
    const variantIds = pairs.map((p) => p.variantId);
    const { problems } = await this.writing(ctx, productId, async (tx) => {
      const variants = new Map((await this.sql.rows<{ id: number; imageId: number | null }>(tx, VARIANT_IMAGES, [tx.shop.id, productId, variantIds])).map((v) => [Number(v.id), v.imageId === null ? null : Number(v.imageId)]));
      const mediaIds = [...new Set(pairs.flatMap((p) => p.mediaIds))];
      const statuses = new Map((await this.sql.rows<{ id: number; status: string }>(tx, IMAGE_STATUSES, [tx.shop.id, productId, mediaIds])).map((m) => [Number(m.id), m.status]));
      const found: DomainError[] = [];
      const seen = new Set<number>();
      pairs.forEach((pair, i) => {
        const at = `variantMedia[${i}]`;
        const current = variants.get(pair.variantId);
        if (current === undefined || seen.has(pair.variantId)) return void found.push(ProductMediaErrors.PRODUCT_VARIANT_DOES_NOT_EXIST('Variant does not exist on the product', { field: `${at}.variantId` }));
        seen.add(pair.variantId);
        const missing = pair.mediaIds.findIndex((id) => !statuses.has(id));
        if (missing >= 0) return void found.push(ProductMediaErrors.MEDIA_DOES_NOT_EXIST_ON_PRODUCT('Media does not exist on the product', { field: `${at}.mediaIds[${missing}]` }));
        if (pair.mediaIds.length !== 1) return void found.push(ProductMediaErrors.INVALID('A variant has exactly one media', { field: `${at}.mediaIds` }));
        const media = pair.mediaIds[0]!;
        if (attach && statuses.get(media) !== 'READY') found.push(ProductMediaErrors.NON_READY_MEDIA('Media is not ready', { field: `${at}.mediaIds[0]` }));
        else if (attach && current !== null && current !== media) found.push(ProductMediaErrors.PRODUCT_VARIANT_ALREADY_HAS_MEDIA('Variant already has a media', { field: `${at}.variantId` }));
        else if (!attach && current !== media) found.push(ProductMediaErrors.INVALID('Media is not attached to the variant', { field: `${at}.mediaIds[0]` }));
      });
      if (found.length > 0) throw new Refused(found);
      await this.sql.run(tx, SET_VARIANT_IMAGES, [tx.shop.id, variantIds, pairs.map((p) => (attach ? p.mediaIds[0]! : null)), new Date(this.clock.now())]);
      return null;
    });
    return { variantIds: problems.length > 0 ? [] : variantIds, problems };
  }

  /** Deletes the files of deleted images that no image of the shop shows any more (called once the rows are gone). */
  async deleteFiles(ctx: RequestContext, keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    const unreferenced = await this.sql.rows<{ key: string }>(ctx, UNREFERENCED_FILES, [ctx.shop.id, [...new Set(keys)]]);
    for (const { key } of unreferenced) await this.media.deleteImage(ctx, key);
  }

  // Deletes images of the product (all must be its own, else `missing(i)` of the first that is not, and none goes),
  // closes their gaps, then deletes the files no image shows any more: a failed delete leaves rows and files.
  private async deleting(ctx: RequestContext, productId: number, ids: readonly number[], missing: (index: number) => DomainError): Promise<{ deletedIds: number[]; problems: readonly DomainError[] }> {
    if (!isRecordId(productId)) return { deletedIds: [], problems: [productNotFound()] };
    const wanted = [...new Set(ids)];
    let gone: { id: number; fileKey: string | null }[] = [];
    const { problems } = await this.writing(ctx, productId, async (tx, order) => {
      const absent = ids.findIndex((id) => !order.includes(id));
      if (absent >= 0) throw new Refused([missing(absent)]);
      gone = (await this.sql.rows<{ id: number; fileKey: string | null }>(tx, DELETE_IMAGES, [tx.shop.id, productId, wanted])).map((r) => ({ id: Number(r.id), fileKey: r.fileKey }));
      await this.metafields.deleteMetafields(tx, 'MEDIA_IMAGE', wanted);
      await this.sql.run(tx, SET_IMAGE_ORDER, [tx.shop.id, order.filter((id) => !wanted.includes(id))]);
      return null;
    });
    if (problems.length > 0) return { deletedIds: [], problems };
    await this.deleteFiles(ctx, gone.flatMap(({ fileKey }) => (fileKey ? [fileKey] : [])));
    return { deletedIds: gone.map((g) => g.id), problems: [] };
  }

  // Inserts the image: a kept file (READY) or a source to download (UPLOADED, its job asked for with the insert), and
  // its metafields.
  private inserting(ctx: RequestContext, productId: number, input: ProductImageInput, from: { file: StoredImage } | { source: string }, metafields: OwnedMetafield[]): Promise<ProductImageWrite> {
    return this.writing(ctx, productId, async (tx, order) => {
      if (order.length >= MAX_IMAGES_PER_PRODUCT) {
        throw new Refused([ProductMediaErrors.PRODUCT_MEDIA_LIMIT_EXCEEDED(`A product can have at most ${MAX_IMAGES_PER_PRODUCT} images`, { field: 'base' })]);
      }
      const now = new Date(this.clock.now());
      const file = 'file' in from ? from.file : null;
      const [row] = await this.sql.rows<{ id: number }>(tx, INSERT_IMAGE, [
        tx.shop.id, productId, order.length + 1, input.alt ?? null, file?.width ?? null, file?.height ?? null, file?.key ?? null, file?.mimeType ?? null,
        'source' in from ? from.source : null, file ? 'READY' : 'UPLOADED', now,
      ]);
      const id = Number(row!.id);
      if (!file) this.downloads.ask(tx, [id]);
      await this.metafields.setMetafields(tx, 'MEDIA_IMAGE', id, metafields);
      if (input.position != null) await this.sql.run(tx, SET_IMAGE_ORDER, [tx.shop.id, placed([...order, id], id, input.position)]);
      if (input.variantIds != null) await this.linkVariants(tx, productId, id, input.variantIds);
      return id;
    });
  }

  // Locks the product and runs the write with its images' order; answers the image the write names, as it now is.
  private async writing(ctx: RequestContext, productId: number, write: (tx: RequestContext, order: number[]) => Promise<number | null>): Promise<ProductImageWrite> {
    try {
      return await ctx.em.transactional(async (em) => {
        const tx = inTransaction(ctx, em);
        if ((await this.sql.rows(tx, LOCK_PRODUCT, [tx.shop.id, productId])).length === 0) throw new Refused([productNotFound()]);
        const order = (await this.sql.rows<{ id: number }>(tx, IMAGE_ORDER, [tx.shop.id, productId])).map((r) => Number(r.id));
        const id = await write(tx, order);
        if (id === null) return { image: null, problems: [] };
        const [image] = await this.sql.rows<ProductImageRecord>(tx, IMAGE_OF_PRODUCT, [tx.shop.id, productId, id]);
        return { image: image!, problems: [] };
      });
    } catch (error) {
      if (error instanceof Refused) return refused(error.problems);
      throw error;
    }
  }

  // The image's variants become exactly those given, each a variant of this product (a variant has one image).
  private async linkVariants(tx: RequestContext, productId: number, imageId: number, variantIds: readonly number[]): Promise<void> {
    const wanted = [...new Set(variantIds)];
    const found = await this.sql.rows<{ id: number }>(tx, VARIANTS_OF_PRODUCT_AMONG, [tx.shop.id, productId, wanted]);
    if (found.length !== wanted.length) throw new Refused([ProductMediaErrors.PRODUCT_VARIANT_DOES_NOT_EXIST('must be variants of the product', { field: 'variant_ids' })]);
    await this.sql.run(tx, LINK_VARIANTS, [tx.shop.id, productId, imageId, wanted]);
  }

  private async productExists(ctx: RequestContext, productId: number): Promise<boolean> {
    return (await this.sql.rows(ctx, PRODUCT_EXISTS, [ctx.shop.id, productId])).length > 0;
  }
}

function refused(problems: readonly DomainError[]): ProductImageWrite {
  return { image: null, problems };
}

// A metafield problem of an image, in the image's codes (REST answers them as 422 keyed by the field).
function metafieldProblem(code: string, message: string, field: string): DomainError {
  return code === 'BLANK' || code === 'TOO_LONG' ? ProductMediaErrors[code](message, { field }) : ProductMediaErrors.INVALID(message, { field });
}
