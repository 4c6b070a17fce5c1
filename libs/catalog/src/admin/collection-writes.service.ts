import { Inject, Injectable, Optional } from '@nestjs/common';
import { CLOCK, type Clock, systemClock } from '@platform/clock';
import { SqlPool } from '@platform/database';
import { isRecordId } from '@platform/ids';
import { MetafieldsService } from '@platform/metafields';
import { type RequestContext, inTransaction } from '@platform/request';
import type { CollectionRecord } from '../catalog.records.js';
import { type CatalogError, CatalogErrors } from '../catalog.errors.js';
import { freeHandle } from './catalog-text.rules.js';
import { type CollectionInput, checkCollectionInput, collectionHandle, reordered } from './collection-input.rules.js';
import {
  APPEND_PRODUCTS,
  COLLECTION_HANDLES_LIKE,
  COLLECTION_HANDLE_TAKEN,
  DELETE_COLLECTION,
  EXISTING_PRODUCT_IDS,
  INSERT_COLLECTION,
  LOCK_COLLECTION,
  PRODUCT_ORDER,
  REMOVE_PRODUCTS,
  SET_PRODUCT_ORDER,
  UPDATE_COLLECTION,
} from './collection-writes.sql.js';

export interface CollectionWriteResult {
  collection: CollectionRecord | null;
  problems: readonly CatalogError[];
}

export interface CollectionDeletion {
  deletedId: number | null;
  problems: readonly CatalogError[];
}

class Refused extends Error {
  constructor(readonly problems: CatalogError[]) {
    super('refused');
  }
}

export function collectionNotFound(field = 'id'): CatalogError {
  return CatalogErrors.NOT_FOUND('Collection does not exist', { field });
}

/**
 * The merchant's manual collections on the admin API: create, update, delete, and their products added, removed and
 * reordered. Each checks its whole input and writes in one transaction; the storefront reads the same rows.
 */
@Injectable()
export class CollectionWritesService {
  constructor(
    private readonly sql: SqlPool,
    private readonly metafields: MetafieldsService,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  /** collectionCreate: a manual collection, its products in the order given; a handle made from the title when absent. */
  async create(ctx: RequestContext, input: CollectionInput): Promise<CollectionWriteResult> {
    const { changes, problems } = checkCollectionInput(input, 'create');
    if (problems.length > 0) return refused(problems);
    return this.refusing(ctx, async (tx) => {
      let handle = changes.handle;
      if (handle === undefined) {
        const base = collectionHandle(changes.title!);
        handle = freeHandle(base, new Set((await this.sql.rows<{ handle: string }>(tx, COLLECTION_HANDLES_LIKE, [tx.shop.id, base])).map((r) => r.handle)));
      } else await this.requireFreeHandle(tx, handle, 0);
      const products = changes.products ?? [];
      await this.requireProducts(tx, products, 'products');
      const [collection] = await this.sql.rows<CollectionRecord>(tx, INSERT_COLLECTION, [tx.shop.id, handle, changes.title, changes.descriptionHtml ?? '', this.now()]);
      if (products.length > 0) await this.sql.run(tx, APPEND_PRODUCTS, [tx.shop.id, collection!.id, products]);
      await this.metafields.setMetafields(tx, 'COLLECTION', collection!.id, changes.metafields ?? []);
      return collection!;
    });
  }

  /** collectionUpdate: the title, handle, description and metafields given. */
  async update(ctx: RequestContext, id: number, input: CollectionInput): Promise<CollectionWriteResult> {
    if (!isRecordId(id)) return refused([collectionNotFound()]);
    const { changes, problems } = checkCollectionInput(input, 'update');
    if (problems.length > 0) return refused(problems);
    return this.refusing(ctx, async (tx) => {
      if (changes.handle !== undefined) await this.requireFreeHandle(tx, changes.handle, id);
      const [collection] = await this.sql.rows<CollectionRecord>(tx, UPDATE_COLLECTION, [
        tx.shop.id,
        id,
        changes.title ?? null,
        changes.handle ?? null,
        changes.descriptionHtml ?? null,
        this.now(),
      ]);
      if (!collection) throw new Refused([collectionNotFound()]);
      await this.metafields.setMetafields(tx, 'COLLECTION', id, changes.metafields ?? []);
      return collection;
    });
  }

  /** collectionDelete: the collection, its product places and its metafields; the products stay. */
  async delete(ctx: RequestContext, id: number): Promise<CollectionDeletion> {
    if (!isRecordId(id)) return { deletedId: null, problems: [collectionNotFound()] };
    return ctx.em.transactional(async (em) => {
      const tx = inTransaction(ctx, em);
      const [row] = await this.sql.rows<{ id: number }>(tx, DELETE_COLLECTION, [tx.shop.id, id]);
      if (!row) return { deletedId: null, problems: [collectionNotFound()] };
      await this.metafields.deleteMetafields(tx, 'COLLECTION', id);
      return { deletedId: id, problems: [] };
    });
  }

  /** collectionAddProducts: products after the collection's own, in the order given; those already in it stay. */
  async addProducts(ctx: RequestContext, id: number, productIds: readonly number[]): Promise<CollectionWriteResult> {
    return this.changingProducts(ctx, id, async (tx) => {
      const ids = [...new Set(productIds)];
      await this.requireProducts(tx, ids, 'productIds');
      await this.sql.run(tx, APPEND_PRODUCTS, [tx.shop.id, id, ids]);
    });
  }

  /** collectionRemoveProducts: the products leave the collection (ids not in it are ignored, unknown ones refused). */
  async removeProducts(ctx: RequestContext, id: number, productIds: readonly number[]): Promise<CollectionWriteResult> {
    return this.changingProducts(ctx, id, async (tx) => {
      const ids = [...new Set(productIds)];
      await this.requireProducts(tx, ids, 'productIds');
      await this.sql.run(tx, REMOVE_PRODUCTS, [tx.shop.id, id, ids]);
    });
  }

  /** collectionReorderProducts: each move takes a product of the collection to a 0-based position, in order. */
  async reorderProducts(ctx: RequestContext, id: number, moves: readonly { id: number; newPosition: number }[]): Promise<CollectionWriteResult> {
    const bad = moves.findIndex((m) => !Number.isSafeInteger(m.newPosition) || m.newPosition < 0);
    if (bad >= 0) return refused([CatalogErrors.INVALID('The new position must be a whole number from 0', { field: `moves[${bad}].newPosition` })]);
    return this.changingProducts(ctx, id, async (tx) => {
      const order = (await this.sql.rows<{ id: number }>(tx, PRODUCT_ORDER, [tx.shop.id, id])).map((r) => Number(r.id));
      const present = new Set(order);
      const missing = moves.findIndex((m) => !present.has(m.id));
      if (missing >= 0) throw new Refused([CatalogErrors.NOT_FOUND('Product is not in the collection', { field: `moves[${missing}].id` })]);
      await this.sql.run(tx, SET_PRODUCT_ORDER, [tx.shop.id, id, reordered(order, moves)]);
    });
  }

  private async changingProducts(ctx: RequestContext, id: number, change: (tx: RequestContext) => Promise<void>): Promise<CollectionWriteResult> {
    if (!isRecordId(id)) return refused([collectionNotFound()]);
    return this.refusing(ctx, async (tx) => {
      if ((await this.sql.rows(tx, LOCK_COLLECTION, [tx.shop.id, id])).length === 0) throw new Refused([collectionNotFound()]);
      await change(tx);
      // No field given: the update only marks it changed, and answers it.
      const [collection] = await this.sql.rows<CollectionRecord>(tx, UPDATE_COLLECTION, [tx.shop.id, id, null, null, null, this.now()]);
      return collection!;
    });
  }

  private async refusing(ctx: RequestContext, write: (tx: RequestContext) => Promise<CollectionRecord>): Promise<CollectionWriteResult> {
    try {
      return { collection: await ctx.em.transactional((em) => write(inTransaction(ctx, em))), problems: [] };
    } catch (error) {
      if (error instanceof Refused) return refused(error.problems);
      throw error;
    }
  }

  private async requireFreeHandle(tx: RequestContext, handle: string, exceptId: number): Promise<void> {
    if ((await this.sql.rows(tx, COLLECTION_HANDLE_TAKEN, [tx.shop.id, handle, exceptId])).length > 0) {
      throw new Refused([CatalogErrors.TAKEN(`Handle '${handle}' already in use. Please provide a new handle.`, { field: 'handle' })]);
    }
  }

  private async requireProducts(tx: RequestContext, ids: readonly number[], field: string): Promise<void> {
    if (ids.length === 0) return;
    const valid = ids.filter(isRecordId);
    const found = valid.length === 0 ? [] : await this.sql.rows(tx, EXISTING_PRODUCT_IDS, [tx.shop.id, valid]);
    if (found.length !== ids.length) throw new Refused([CatalogErrors.NOT_FOUND('Product does not exist', { field })]);
  }

  private now(): Date {
    return new Date(this.clock.now());
  }
}

function refused(problems: readonly CatalogError[]): CollectionWriteResult {
  return { collection: null, problems };
}
