import { Injectable } from '@nestjs/common';
import { SqlPool } from '@platform/database';
import type { RequestContext } from '@platform/request';
import type { VariantRef } from './catalog.records.js';
import type { LocationRecord } from './inventory/inventory.records.js';
import { InventoryService } from './inventory/inventory.service.js';
import { EXISTING_COLLECTIONS, EXISTING_IMAGES, EXISTING_PRODUCTS, EXISTING_VARIANTS } from './metafield-owners.sql.js';
import { ProductVariant } from './product-variant.entity.js';

@Injectable()
export class CatalogService {
  constructor(
    private readonly sql: SqlPool,
    private readonly inventory: InventoryService,
  ) {}

  /** A location of the shop by name, made when it has none of that name (every shop starts with 'Shop location'). */
  ensureLocation(ctx: RequestContext, location: Parameters<InventoryService['ensureLocation']>[1]): Promise<LocationRecord> {
    return this.inventory.ensureLocation(ctx, location);
  }

  /** Which of `ids` are products, variants or collections of ctx's shop (the metafields' owner registry asks), in one statement. */
  async existingOwners(ctx: RequestContext, ownerType: 'PRODUCT' | 'PRODUCTVARIANT' | 'COLLECTION' | 'MEDIA_IMAGE', ids: readonly number[]): Promise<number[]> {
    const statement = { PRODUCT: EXISTING_PRODUCTS, PRODUCTVARIANT: EXISTING_VARIANTS, COLLECTION: EXISTING_COLLECTIONS, MEDIA_IMAGE: EXISTING_IMAGES }[ownerType];
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
}
