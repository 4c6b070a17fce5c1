import { Inject, Injectable, Optional } from '@nestjs/common';
import { CLOCK, type Clock, systemClock } from '@platform/clock';
import { joinCaller, SqlPool } from '@platform/database';
import { isRecordId } from '@platform/ids';
import { DomainError, MAX_TAGS, isErrorOf } from '@platform/errors';
import { MetafieldsService } from '@platform/metafields';
import { type RequestContext, inTransaction } from '@platform/request';
import { type TagError, checkedTags, tooManyTags } from '@platform/tags';
import { type CatalogError, CatalogErrors } from '../catalog.errors.js';
import type { AdminProductRecord } from './product-admin.records.js';
import type { ProductInput } from './product-admin.inputs.js';
import type { NewProductVariant } from '../catalog.inputs.js';
import type { VariantFields } from './variant-input.rules.js';
import { CatalogImportService } from './catalog-import.service.js';
import { ProductImagesService } from './product-images.service.js';
import { VariantCreationLimit } from './variant-creation-limit.js';
import { freeHandle } from './catalog-text.rules.js';
import { type ProductChanges, checkProductInput, productHandle } from './product-input.rules.js';
import {
  CHANGE_PRODUCT_TAGS,
  DELETE_PRODUCT,
  EXISTING_COLLECTION_IDS,
  HANDLES_LIKE,
  HANDLE_TAKEN,
  JOIN_COLLECTIONS,
  LEAVE_COLLECTIONS,
  PRODUCT_EXISTS,
  SET_PRODUCT_PUBLISHED_AT,
  UPDATE_PRODUCT,
} from './product-writes.sql.js';

/** What a product write answers: the product as it now is, or null with the problems (nothing written). */
/** A new product's whole list of options and variants (productSet's), checked, in place of the default variant. */
export interface NewProductList {
  options: { name: string; values: string[] }[];
  variants: VariantFields[];
}

export interface ProductWriteResult {
  product: AdminProductRecord | null;
  problems: readonly (CatalogError | TagError)[];
}

export interface ProductDeletion {
  deletedId: number | null;
  problems: readonly CatalogError[];
}

/** Thrown inside a transaction to roll it back and answer the problems. */
class Refused extends Error {
  constructor(readonly problems: CatalogError[]) {
    super('refused');
  }
}

export function productNotFound(field = 'id'): CatalogError {
  return CatalogErrors.NOT_FOUND('Product does not exist', { field });
}

/**
 * The merchant's product writes on the admin API: productCreate, productUpdate, productDelete, tags and publishing.
 * Each checks the whole input first (checkProductInput) and writes in one transaction, so a problem anywhere leaves
 * the shop as it was. The storefront reads the same rows, uncached, so it follows each write at once.
 */
@Injectable()
export class ProductWritesService {
  constructor(
    private readonly sql: SqlPool,
    private readonly imports: CatalogImportService,
    private readonly metafields: MetafieldsService,
    private readonly limit: VariantCreationLimit,
    private readonly images: ProductImagesService,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  /**
   * productCreate: the product with its options and one variant (each option's first value; the default variant
   * without options), price 0.00, unpublished: publishablePublish puts it on the online store, as on the hosted platform.
   * A handle not given is made from the title, with `-1`, `-2`… when taken; a given one that is taken is refused.
   * `list` (productSet's, checked by `planVariantList`) gives the options and variants instead; each counts against
   * the variant-creation limit.
   */
  async create(ctx: RequestContext, input: ProductInput, list?: NewProductList): Promise<ProductWriteResult> {
    const { changes, problems } = checkProductInput(input, 'create');
    if (problems.length > 0) return refused(problems);
    const title = changes.title!;
    return this.refusing(ctx, async (tx) => {
      // A handle given is free or refused by the products' unique index (TAKEN below): no read first.
      const handle = changes.handle ?? (await this.generatedHandle(tx, productHandle(title)));
      await this.requireCollections(tx, changes.collectionsToJoin ?? [], 'collectionsToJoin');
      const options = list ? list.options : (changes.options ?? []);
      // Not tracked in stock until the merchant says so, so for sale once published (as hosted).
      const variants = list ? list.variants.map(newVariant) : [{ price: '0.00', options: options.map((o) => o.values[0]!), tracked: false }];
      const created = await this.imports
        .importProduct(tx, {
          handle,
          title,
          descriptionHtml: changes.descriptionHtml,
          vendor: changes.vendor,
          productType: changes.productType,
          tags: changes.tags,
          status: changes.status ?? 'active',
          publishedAt: null,
          seoTitle: changes.seoTitle,
          seoDescription: changes.seoDescription,
          options: options.map((o) => ({ name: o.name, values: o.values })),
          variants,
          collectionIds: changes.collectionsToJoin,
        })
        .catch((error: unknown) => {
          throw isErrorOf(CatalogErrors, error) && error.code === 'TAKEN' ? new Refused([handleTaken(handle)]) : error;
        });
      await this.limit.take(tx, created.variants.length);
      await this.metafields.setMetafields(tx, 'PRODUCT', created.id, changes.metafields ?? []);
      for (const [i, variant] of (list?.variants ?? []).entries()) await this.metafields.setMetafields(tx, 'PRODUCTVARIANT', created.variants[i]!.id, variant.metafields ?? []);
      return created.record;
    });
  }

  /** productUpdate: the fields given change; tags and metafields given replace or set theirs; collections joined and left. */
  async update(ctx: RequestContext, id: number, input: ProductInput): Promise<ProductWriteResult> {
    if (!isRecordId(id)) return refused([productNotFound()]);
    const { changes, problems } = checkProductInput(input, 'update');
    if (problems.length > 0) return refused(problems);
    return this.refusing(ctx, async (tx) => {
      if (changes.handle !== undefined) await this.requireFreeHandle(tx, changes.handle, id);
      const [row] = await this.sql.rows<AdminProductRecord>(tx, UPDATE_PRODUCT, [ctx.shop.id, id, ...updateValues(changes), new Date(this.clock.now())]);
      if (!row) throw new Refused([productNotFound()]);
      await this.changeCollections(tx, id, changes);
      await this.metafields.setMetafields(tx, 'PRODUCT', id, changes.metafields ?? []);
      return row;
    });
  }

  /** productDelete: the product, its options, variants, images (their files too), collection places and metafields (its variants' too). */
  async delete(ctx: RequestContext, id: number): Promise<ProductDeletion> {
    if (!isRecordId(id)) return { deletedId: null, problems: [productNotFound()] };
    let fileKeys: string[] = [];
    const deletion = await ctx.em.transactional(async (em) => {
      const tx = inTransaction(ctx, em);
      const [row] = await this.sql.rows<{ id: number; variantIds: number[]; fileKeys: string[]; imageIds: number[] }>(tx, DELETE_PRODUCT, [ctx.shop.id, id]);
      if (!row) return { deletedId: null, problems: [productNotFound()] };
      await this.metafields.deleteMetafields(tx, 'PRODUCT', id);
      await this.metafields.deleteMetafields(tx, 'PRODUCTVARIANT', row.variantIds);
      await this.metafields.deleteMetafields(tx, 'MEDIA_IMAGE', row.imageIds);
      fileKeys = row.fileKeys;
      return { deletedId: id, problems: [] };
    });
    // Its images' files go once their rows have (those no other image shows).
    await this.images.deleteFiles(ctx, fileKeys);
    return deletion;
  }

  /** tagsAdd / tagsRemove on a product: one statement; more than 250 tags after adding is refused. */
  async changeTags(ctx: RequestContext, id: number, add: readonly string[], remove: readonly string[]): Promise<ProductWriteResult> {
    if (!isRecordId(id)) return refused([productNotFound()]);
    const problems: (CatalogError | TagError)[] = [];
    const adding = checkedTags(problems, 'tags', add);
    const removing = checkedTags(problems, 'tags', remove);
    if (adding && removing) {
      const [row] = await this.sql.rows<AdminProductRecord>(ctx, CHANGE_PRODUCT_TAGS, [ctx.shop.id, id, adding, removing, MAX_TAGS, new Date(this.clock.now())]);
      if (row) return { product: row, problems: [] };
      problems.push(tooManyTags());
    }
    const found = await this.sql.rows(ctx, PRODUCT_EXISTS, [ctx.shop.id, id]);
    return { product: null, problems: found.length > 0 ? problems : [productNotFound()] };
  }

  /** publishablePublish / Unpublish on the online store: published from `at` (now when null), or unpublished. */
  async setPublished(ctx: RequestContext, id: number, at: Date | null, published: boolean): Promise<ProductWriteResult> {
    if (!isRecordId(id)) return refused([productNotFound()]);
    const now = new Date(this.clock.now());
    const [row] = await this.sql.rows<AdminProductRecord>(ctx, SET_PRODUCT_PUBLISHED_AT, [ctx.shop.id, id, published ? (at ?? now) : null, now]);
    return row ? { product: row, problems: [] } : refused([productNotFound()]);
  }

  // Runs a write in a transaction; a Refused thrown inside rolls it back and answers its problems. Inside a caller's
  // transaction (productSet's) it joins it without a savepoint: that caller refuses whole on any problem.
  private async refusing(ctx: RequestContext, write: (tx: RequestContext) => Promise<AdminProductRecord>): Promise<ProductWriteResult> {
    try {
      return { product: await ctx.em.transactional((em) => write(inTransaction(ctx, em)), joinCaller()), problems: [] };
    } catch (error) {
      if (error instanceof Refused) return refused(error.problems);
      // The import's own checks (a handle taken in a race) answer as the caller's problems.
      if (error instanceof DomainError && error.kind === 'UNPROCESSABLE') return refused([error as CatalogError]);
      throw error;
    }
  }

  private async generatedHandle(tx: RequestContext, base: string): Promise<string> {
    const rows = await this.sql.rows<{ handle: string }>(tx, HANDLES_LIKE, [tx.shop.id, base]);
    return freeHandle(base, new Set(rows.map((r) => r.handle)));
  }

  private async requireFreeHandle(tx: RequestContext, handle: string, exceptId: number): Promise<void> {
    const taken = await this.sql.rows(tx, HANDLE_TAKEN, [tx.shop.id, handle, exceptId]);
    if (taken.length > 0) throw new Refused([handleTaken(handle)]);
  }

  private async requireCollections(tx: RequestContext, ids: readonly number[], field: 'collectionsToJoin' | 'collectionsToLeave'): Promise<void> {
    if (ids.length === 0) return;
    const valid = ids.filter(isRecordId);
    const found = valid.length === 0 ? [] : await this.sql.rows<{ id: number }>(tx, EXISTING_COLLECTION_IDS, [tx.shop.id, valid]);
    if (found.length !== ids.length) throw new Refused([CatalogErrors.NOT_FOUND('Collection does not exist', { field })]);
  }

  private async changeCollections(tx: RequestContext, id: number, changes: ProductChanges): Promise<void> {
    const join = changes.collectionsToJoin ?? [];
    const leave = changes.collectionsToLeave ?? [];
    await this.requireCollections(tx, join, 'collectionsToJoin');
    await this.requireCollections(tx, leave, 'collectionsToLeave');
    if (join.length > 0) await this.sql.run(tx, JOIN_COLLECTIONS, [tx.shop.id, id, join]);
    if (leave.length > 0) await this.sql.run(tx, LEAVE_COLLECTIONS, [tx.shop.id, id, leave]);
  }
}

// UPDATE_PRODUCT's $3…$13: null leaves a field as it is; the SEO texts carry a flag, as null is a value they take.
function updateValues(c: ProductChanges): unknown[] {
  return [
    c.title ?? null,
    c.handle ?? null,
    c.descriptionHtml ?? null,
    c.vendor ?? null,
    c.productType ?? null,
    c.status ?? null,
    c.tags ?? null,
    c.seoTitle !== undefined,
    c.seoTitle ?? null,
    c.seoDescription !== undefined,
    c.seoDescription ?? null,
  ];
}

// A variant of productSet's list as the import takes it: not tracked in stock unless told (as the variant writes make them).
function newVariant(fields: VariantFields): NewProductVariant {
  return {
    price: fields.price ?? '0.00',
    compareAtPrice: fields.compareAtPrice,
    sku: fields.sku,
    barcode: fields.barcode,
    taxable: fields.taxable,
    tracked: fields.tracked ?? false,
    requiresShipping: fields.requiresShipping,
    unitCost: fields.unitCost,
    options: fields.values!,
  };
}

function handleTaken(handle: string): CatalogError {
  return CatalogErrors.TAKEN(`Handle '${handle}' already in use. Please provide a new handle.`, { field: 'handle' });
}

function refused(problems: readonly (CatalogError | TagError)[]): ProductWriteResult {
  return { product: null, problems };
}
