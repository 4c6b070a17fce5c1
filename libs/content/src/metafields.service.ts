import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { forkForShop, insertRows } from '@platform/database';
import { taken } from './write-guards.js';
import { uniqueWithin } from './content.rules.js';
import { Metafield, type MetafieldOwnerType } from './metafield.entity.js';
import { metafieldRow } from './metafield.rules.js';
import type { MetafieldIdentifier, MetafieldRead, NewMetafield } from './metafield.types.js';

/** Metafields: custom data on products, collections, the shop, pages, articles, blogs and customers. */
@Injectable()
export class MetafieldsService {
  constructor(private readonly em: EntityManager) {}

  /**
   * Creates metafields in one transaction; returns their ids in the order given. Owners are held by plain id
   * (a SHOP metafield must name the shop itself); reads are scoped to the shop, so no other shop sees them.
   */
  async importMetafields(shopId: number, metafields: NewMetafield[]): Promise<number[]> {
    if (metafields.length === 0) return [];
    const rows = metafields.map((m, i) => metafieldRow(m, shopId, `metafields[${i}]`));
    uniqueWithin(rows, (r) => `${r.ownerType}/${r.ownerId}/${r.namespace}/${r.key}`, (i) => `metafields[${i}].key`);
    return taken('key', forkForShop(this.em, shopId).transactional((em) => insertRows(em, Metafield, rows.map((r) => ({ shopId, ...r })))));
  }

  /**
   * For each owner (in the order asked), its metafields for `identifiers` in their order, null where it has
   * none: one statement for any number of owners and identifiers (a storefront `metafields(identifiers:)`).
   */
  async metafieldsFor(
    shopId: number,
    ownerType: MetafieldOwnerType,
    ownerIds: readonly number[],
    identifiers: readonly MetafieldIdentifier[],
  ): Promise<(MetafieldRead | null)[][]> {
    if (ownerIds.length === 0) return [];
    if (identifiers.length === 0) return ownerIds.map(() => []);
    const rows = await forkForShop(this.em, shopId).find(
      Metafield,
      {
        ownerType,
        ownerId: { $in: [...new Set(ownerIds)] },
        $or: uniqueIdentifiers(identifiers).map((i) => ({ namespace: i.namespace, key: i.key })),
      },
      { disableIdentityMap: true },
    );
    const found = new Map(rows.map((r) => [`${r.ownerId}/${r.namespace}/${r.key}`, metafieldRead(r)]));
    return ownerIds.map((ownerId) => identifiers.map((i) => found.get(`${ownerId}/${i.namespace}/${i.key}`) ?? null));
  }
}

function uniqueIdentifiers(identifiers: readonly MetafieldIdentifier[]): MetafieldIdentifier[] {
  return [...new Map(identifiers.map((i) => [`${i.namespace}/${i.key}`, i])).values()];
}

function metafieldRead(r: Metafield): MetafieldRead {
  return {
    id: r.id,
    ownerType: r.ownerType,
    ownerId: r.ownerId,
    namespace: r.namespace,
    key: r.key,
    type: r.type,
    value: r.value,
    description: r.description ?? null,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}
