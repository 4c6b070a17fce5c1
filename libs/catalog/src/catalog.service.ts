import { Inject, Injectable, Optional } from '@nestjs/common';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { CLOCK, type Clock, systemClock } from '@platform/clock';
import { SqlPool, insertRows } from '@platform/database';
import { type RequestContext, inTransaction } from '@platform/request';
import type { NewCollection, NewProduct } from './catalog.inputs.js';
import type { ImportedCollection, ImportedProduct, VariantRef } from './catalog.records.js';
import { CatalogErrors, blank, invalidHandle } from './catalog.errors.js';
import { LAST_COLLECTION_POSITIONS, REFRESH_VARIANT_AGGREGATES } from './catalog-writes.sql.js';
import type { LocationRecord } from './inventory/inventory.records.js';
import { InventoryService } from './inventory/inventory.service.js';
import { EXISTING_COLLECTIONS, EXISTING_PRODUCTS, EXISTING_VARIANTS } from './metafield-owners.sql.js';
import { CollectionProduct } from './collection-product.entity.js';
import { Collection } from './collection.entity.js';
import { ProductImage } from './product-image.entity.js';
import { ProductOption } from './product-option.entity.js';
import { ProductVariant } from './product-variant.entity.js';
import { Product } from './product.entity.js';
import { HANDLE_PATTERN, productRows } from './product.rules.js';

@Injectable()
export class CatalogService {
  constructor(
    private readonly sql: SqlPool,
    private readonly inventory: InventoryService,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  /**
   * Creates products with their options, variants, images and collection memberships in one transaction,
   * with multi-row inserts (bulk import and seeding). Returns the ids in the order given.
   */
  async importProducts(ctx: RequestContext, products: NewProduct[]): Promise<ImportedProduct[]> {
    if (products.length === 0) return [];
    const shopId = ctx.shop.id;
    const now = new Date(this.clock.now());
    const prepared = products.map((p, i) => productRows(p, now, `products[${i}]`));
    return handleTaken(ctx.em.transactional(async (em) => {
      const productIds = await insertRows(em, Product, prepared.map((p) => ({ shopId, ...p.product })));
      const children = <R>(pick: (p: (typeof prepared)[number]) => R[]) =>
        prepared.flatMap((p, i) => pick(p).map((row) => ({ shopId, productId: productIds[i], ...row })));
      await insertRows(em, ProductOption, children((p) => p.options));
      const variantIds = await insertRows(em, ProductVariant, children((p) => p.variants));
      await insertRows(em, ProductImage, children((p) => p.images));
      const tx = inTransaction(ctx, em);
      // Every variant is stocked at the shop's first location from its first moment, with what it came with.
      await this.inventory.stockNewVariants(tx, variantIds, prepared.flatMap((p) => p.variants.map((v) => v.inventoryQuantity)));
      await this.refreshVariantAggregates(tx, productIds);
      await this.joinCollections(tx, prepared.flatMap((p, i) => p.collectionIds.map((collectionId) => ({ collectionId, productId: productIds[i] }))));

      let v = 0;
      return prepared.map((p, i) => ({
        id: productIds[i],
        handle: p.product.handle,
        variants: p.variants.map((variant) => ({ id: variantIds[v++], sku: variant.sku })),
      }));
    }));
  }

  /** Creates collections (with their products in the given order) in one transaction. */
  async importCollections(ctx: RequestContext, collections: NewCollection[]): Promise<ImportedCollection[]> {
    if (collections.length === 0) return [];
    collections.forEach((c, i) => {
      if (!HANDLE_PATTERN.test(c.handle)) throw invalidHandle(`collections[${i}].handle`);
      if (!c.title.trim()) throw blank(`collections[${i}].title`);
    });
    const shopId = ctx.shop.id;
    return handleTaken(ctx.em.transactional(async (em) => {
      const ids = await insertRows(
        em,
        Collection,
        collections.map((c) => ({ shopId, handle: c.handle, title: c.title.trim(), descriptionHtml: c.descriptionHtml ?? '' })),
      );
      await this.joinCollections(inTransaction(ctx, em), collections.flatMap((c, i) => (c.productIds ?? []).map((productId) => ({ collectionId: ids[i], productId }))));
      return collections.map((c, i) => ({ id: ids[i], handle: c.handle }));
    }));
  }

  /** A location of the shop by name, made when it has none of that name (every shop starts with 'Shop location'). */
  ensureLocation(ctx: RequestContext, location: Parameters<InventoryService['ensureLocation']>[1]): Promise<LocationRecord> {
    return this.inventory.ensureLocation(ctx, location);
  }

  /** Which of `ids` are products, variants or collections of ctx's shop (the metafields' owner registry asks), in one statement. */
  async existingOwners(ctx: RequestContext, ownerType: 'PRODUCT' | 'PRODUCTVARIANT' | 'COLLECTION', ids: readonly number[]): Promise<number[]> {
    const statement = { PRODUCT: EXISTING_PRODUCTS, PRODUCTVARIANT: EXISTING_VARIANTS, COLLECTION: EXISTING_COLLECTIONS }[ownerType];
    return (await this.sql.rows<{ id: number }>(ctx, statement, [ctx.shop.id, ids])).map((row) => row.id);
  }

  /** Variants of this shop with the given SKUs (SKUs are not unique: a SKU may answer several variants). */
  async findVariantsBySku(ctx: RequestContext, skus: string[]): Promise<VariantRef[]> {
    if (skus.length === 0) return [];
    const rows = await ctx.em.find(
      ProductVariant,
      { sku: { $in: [...new Set(skus)] } },
      { fields: ['id', 'productId', 'sku'], orderBy: { id: 'asc' }, disableIdentityMap: true },
    );
    return rows.map((r) => ({ id: r.id, productId: r.productId, sku: r.sku ?? null }));
  }

  /**
   * Puts units back in stock (an order's refunded or cancelled lines, `order` its global id): adds each quantity at
   * the first active location stocking its variant, recorded as a `restock`; the variants' availability and their
   * products' totals follow. Untracked variants and those the shop no longer has are skipped (an order line outlives
   * its product). Called with `inTransaction(ctx, em)`, it commits or rolls back with the caller's writes.
   */
  async restock(ctx: RequestContext, units: readonly { variantId: number; quantity: number }[], order: string): Promise<void> {
    await this.inventory.moveStock(ctx, units.filter((u) => u.quantity > 0), 'restock', order);
  }

  /**
   * Takes a paid order's units from stock (`order` its global id), recorded with reason `order`, at the first active
   * location stocking each tracked variant; joins the placement's transaction.
   */
  async takeStock(ctx: RequestContext, units: readonly { variantId: number; quantity: number }[], order: string): Promise<void> {
    await this.inventory.moveStock(ctx, units.filter((u) => u.quantity > 0).map((u) => ({ variantId: u.variantId, quantity: -u.quantity })), 'order', order);
  }

  // Appends products to collections after the products they already hold. Collections and products of
  // another shop are refused: foreign keys alone would accept them (the tenant filter scopes the lookups).
  private async joinCollections(ctx: RequestContext, links: { collectionId: number; productId: number }[]): Promise<void> {
    if (links.length === 0) return;
    const collectionIds = [...new Set(links.map((l) => l.collectionId))];
    await requireAll(ctx.em, Collection, collectionIds, 'collectionIds');
    await requireAll(ctx.em, Product, [...new Set(links.map((l) => l.productId))], 'productIds');
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

  // Price range, availability and inventory of each product, from its variants: one statement, run by every
  // write that changes variants so storefront reads never aggregate.
  private async refreshVariantAggregates(ctx: RequestContext, productIds: number[]): Promise<void> {
    if (productIds.length > 0) await this.sql.run(ctx, REFRESH_VARIANT_AGGREGATES, [ctx.shop.id, productIds]);
  }
}

async function requireAll(em: EntityManager, entity: typeof Collection | typeof Product, ids: number[], field: string): Promise<void> {
  const found = await em.find(entity as typeof Product, { id: { $in: ids } }, { fields: ['id'], disableIdentityMap: true });
  if (found.length === ids.length) return;
  const missing = ids.filter((id) => !found.some((row) => row.id === id));
  throw CatalogErrors.NOT_FOUND(`do not exist: ${missing.join(', ')}`, { field });
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
