import { Injectable } from '@nestjs/common';
import { insertRows } from '@platform/database';
import type { RequestContext } from '@platform/request';
import { uniqueOn } from './import-checks.js';
import { uniqueWithin } from './content.rules.js';
import { Metafield } from './metafield.entity.js';
import { metafieldRow } from './metafield.rules.js';
import type { NewMetafield } from './metafield.inputs.js';

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
}
