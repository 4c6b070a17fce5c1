import { Injectable } from '@nestjs/common';
import { insertRows } from '@platform/database';
import type { RequestContext } from '@platform/request';
import { uniqueOn } from './import-checks.js';
import { uniqueWithin } from './content.rules.js';
import { Metafield } from './metafield.entity.js';
import { metafieldRow } from './metafield.rules.js';
import type { NewMetafield } from './metafield.inputs.js';
import type { MetafieldOwnerType } from './metafield.entity.js';

// Rows per INSERT … ON CONFLICT statement (eight parameters a row).
const UPSERTS_PER_STATEMENT = 1_000;

/** Writes metafields: custom data on products, collections, the shop, pages, articles, blogs and customers. */
@Injectable()
export class MetafieldsService {
  /**
   * Creates metafields in one transaction; returns their ids in the order given. Owners are held by plain id
   * (a SHOP metafield must name the shop itself); reads are scoped to the shop, so no other shop sees them.
   */
  async importMetafields(ctx: RequestContext, metafields: NewMetafield[]): Promise<number[]> {
    if (metafields.length === 0) return [];
    const shopId = ctx.shop.id;
    const rows = metafields.map((m, i) => metafieldRow(m, shopId, `metafields[${i}]`));
    uniqueWithin(rows, (r) => `${r.ownerType}/${r.ownerId}/${r.namespace}/${r.key}`, (i) => `metafields[${i}].key`);
    return uniqueOn('key', ctx.em.transactional((em) => insertRows(em, Metafield, rows.map((r) => ({ shopId, ...r })))));
  }

  /**
   * Sets metafields of one owner, by namespace and key: new ones are created, existing ones take the new type, value
   * and description. Pass `inTransaction(ctx, em)` to write within the caller's transaction.
   */
  async setMetafields(ctx: RequestContext, ownerType: MetafieldOwnerType, ownerId: number, metafields: Omit<NewMetafield, 'ownerType' | 'ownerId'>[]): Promise<void> {
    if (metafields.length === 0) return;
    const shopId = ctx.shop.id;
    const rows = metafields.map((m, i) => metafieldRow({ ...m, ownerType, ownerId }, shopId, `metafields[${i}]`));
    uniqueWithin(rows, (r) => `${r.namespace}/${r.key}`, (i) => `metafields[${i}].key`);
    for (let start = 0; start < rows.length; start += UPSERTS_PER_STATEMENT) {
      const chunk = rows.slice(start, start + UPSERTS_PER_STATEMENT);
      await ctx.em.getConnection().execute(
        `insert into metafields (shop_id, owner_type, owner_id, namespace, key, type, value, description)
         values ${chunk.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}
         on conflict (shop_id, owner_type, owner_id, namespace, key)
         do update set type = excluded.type, value = excluded.value, description = excluded.description, updated_at = now()`,
        chunk.flatMap((r) => [shopId, r.ownerType, r.ownerId, r.namespace, r.key, r.type, r.value, r.description]),
        'run',
        ctx.em.getTransactionContext(),
      );
    }
  }

  /** Deletes every metafield of one owner (when the owner is deleted); `inTransaction(ctx, em)` joins the caller's transaction. */
  async deleteMetafields(ctx: RequestContext, ownerType: MetafieldOwnerType, ownerId: number): Promise<number> {
    return ctx.em.nativeDelete(Metafield, { shopId: ctx.shop.id, ownerType, ownerId });
  }
}
