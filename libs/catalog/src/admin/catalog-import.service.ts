import { Inject, Injectable, Optional } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { CLOCK, type Clock, systemClock } from '@platform/clock';
import { DomainError } from '@platform/errors';
import { joinCaller, SqlPool, type SqlStatement, insertRows } from '@platform/database';
import { type RequestContext, inTransaction } from '@platform/request';
import type { NewCollection, NewProduct } from '../catalog.inputs.js';
import type { ImportedCollection, ImportedProduct } from '../catalog.records.js';
import { CatalogErrors, invalidHandle } from '../catalog.errors.js';
import { LAST_COLLECTION_POSITIONS, REFRESH_VARIANT_AGGREGATES } from './catalog-writes.sql.js';
import { InventoryService } from '../inventory/inventory.service.js';
import { EXISTING_COLLECTIONS, EXISTING_PRODUCTS } from '../metafield-owners.sql.js';
import { CollectionProduct } from '../collection-product.entity.js';
import { Collection } from '../collection.entity.js';
import { ProductImage } from '../product-image.entity.js';
import { ProductOption } from '../product-option.entity.js';
import { ProductVariant } from '../product-variant.entity.js';
import { Product } from '../product.entity.js';
import { checkCollectionInput } from './collection-input.rules.js';
import type { AdminProductRecord } from './product-admin.records.js';
import { productRows } from './product-rows.rules.js';

/**
 * Makes products and collections many at a time, with multi-row inserts: the seed's and the test factories' way in,
 * and the one productCreate and productSet use for a new product. Every product and collection passes the admin
 * writes' own rules (`productRows`, `checkCollectionInput`); the first problem is thrown and nothing is written.
 * Inside a caller's transaction the import joins it: the caller rolls back with the error.
 */
@Injectable()
export class CatalogImportService {
  constructor(
    private readonly sql: SqlPool,
    private readonly inventory: InventoryService,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  /** Products with their options, variants (stocked at the first location), images and collections, in one transaction; ids in the order given. */
  async importProducts(ctx: RequestContext, products: readonly NewProduct[]): Promise<ImportedProduct[]> {
    return (await this.importWithRecords(ctx, products)).map(({ record: _record, ...imported }) => imported);
  }

  /** One product as importProducts makes it, with the product as the admin reads it: productCreate's and productSet's new product. */
  async importProduct(ctx: RequestContext, product: NewProduct): Promise<ImportedProduct & { record: AdminProductRecord }> {
    const [imported] = await this.importWithRecords(ctx, [product]);
    return imported!;
  }

  private async importWithRecords(ctx: RequestContext, products: readonly NewProduct[]): Promise<(ImportedProduct & { record: AdminProductRecord })[]> {
    if (products.length === 0) return [];
    const shopId = ctx.shop.id;
    const now = new Date(this.clock.now());
    const prepared = products.map((p, i) => productRows(p, now, `products[${i}]`));
    return handleTaken(ctx.em.transactional(async (em) => {
      const tx = inTransaction(ctx, em);
      const productIds = await insertRows(em, Product, prepared.map((p) => ({ shopId, ...p.product })));
      const children = <R>(pick: (p: (typeof prepared)[number]) => R[]) =>
        prepared.flatMap((p, i) => pick(p).map((row) => ({ shopId, productId: productIds[i], ...row })));
      await insertRows(em, ProductOption, children((p) => p.options));
      const variantIds = await insertRows(em, ProductVariant, children((p) => p.variants));
      await insertRows(em, ProductImage, children((p) => p.images));
      // Every variant is stocked at the shop's first location from its first moment, with what it came with.
      await this.inventory.stockNewVariants(tx, variantIds, prepared.flatMap((p) => p.variants.map((v) => v.inventoryQuantity)));
      const records = new Map((await this.sql.rows<AdminProductRecord>(tx, REFRESH_VARIANT_AGGREGATES, [shopId, productIds, null])).map((r) => [Number(r.id), r]));
      await this.joinCollections(tx, prepared.flatMap((p, i) => p.collectionIds.map((collectionId) => ({ collectionId, productId: productIds[i]! }))));
      let v = 0;
      return prepared.map((p, i) => ({
        id: productIds[i]!,
        handle: p.product.handle,
        record: records.get(productIds[i]!)!,
        variants: p.variants.map((variant) => ({ id: variantIds[v++]!, sku: variant.sku })),
      }));
    }, joinCaller()));
  }

  /** Manual collections with their products in the given order, in one transaction. */
  async importCollections(ctx: RequestContext, collections: readonly NewCollection[]): Promise<ImportedCollection[]> {
    if (collections.length === 0) return [];
    const rows = collections.map((c, i) => {
      const { changes, problems } = checkCollectionInput({ title: c.title, handle: c.handle, descriptionHtml: c.descriptionHtml }, 'create');
      const problem = problems[0] ?? (changes.handle === undefined ? invalidHandle('handle') : undefined);
      if (problem) throw new DomainError(problem.kind, problem.message, { field: `collections[${i}].${problem.field}`, code: problem.code });
      return { shopId: ctx.shop.id, handle: changes.handle!, title: changes.title!, descriptionHtml: changes.descriptionHtml ?? '' };
    });
    return handleTaken(ctx.em.transactional(async (em) => {
      const ids = await insertRows(em, Collection, rows);
      await this.joinCollections(inTransaction(ctx, em), collections.flatMap((c, i) => (c.productIds ?? []).map((productId) => ({ collectionId: ids[i]!, productId }))));
      return rows.map((c, i) => ({ id: ids[i]!, handle: c.handle }));
    }, joinCaller()));
  }

  // Appends products to collections after the products they already hold. Collections and products of
  // another shop are refused: foreign keys alone would accept them.
  private async joinCollections(ctx: RequestContext, links: { collectionId: number; productId: number }[]): Promise<void> {
    if (links.length === 0) return;
    const collectionIds = [...new Set(links.map((l) => l.collectionId))];
    await this.requireAll(ctx, EXISTING_COLLECTIONS, collectionIds, 'collectionIds');
    await this.requireAll(ctx, EXISTING_PRODUCTS, [...new Set(links.map((l) => l.productId))], 'productIds');
    const last = await this.sql.rows<{ collection_id: number; last: number }>(ctx, LAST_COLLECTION_POSITIONS, [ctx.shop.id, collectionIds]);
    const next = new Map<number, number>(last.map((r) => [r.collection_id, r.last]));
    await insertRows(
      ctx.em,
      CollectionProduct,
      links.map((l) => {
        const position = (next.get(l.collectionId) ?? 0) + 1;
        next.set(l.collectionId, position);
        return { shopId: ctx.shop.id, collectionId: l.collectionId, productId: l.productId, position };
      }),
    );
  }

  private async requireAll(ctx: RequestContext, statement: SqlStatement, ids: number[], field: string): Promise<void> {
    const found = new Set((await this.sql.rows<{ id: number }>(ctx, statement, [ctx.shop.id, ids])).map((row) => Number(row.id)));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) throw CatalogErrors.NOT_FOUND(`do not exist: ${missing.join(', ')}`, { field });
  }
}

// Handles are unique per shop; a clash (with an existing row or within the batch) is the caller's input error.
async function handleTaken<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException && error.message.includes('handle')) {
      throw CatalogErrors.TAKEN('has already been taken', { field: 'handle' });
    }
    throw error;
  }
}
