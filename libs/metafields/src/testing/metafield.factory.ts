import { insertRows } from '@platform/database';
import type { RequestContext } from '@platform/request';
import { Metafield } from '../metafield.entity.js';
import type { NewMetafield } from '../metafield.inputs.js';
import { metafieldRow } from '../metafield.rules.js';

/** What a test says about the metafield it needs; by default a text field on the shop under a unique key. */
export type MetafieldTraits = Partial<NewMetafield>;

let made = 0;

/** A metafield of ctx's shop, checked by the metafields' own rules and written as the import writes it; returns its id. */
export async function createMetafield(ctx: RequestContext, traits: MetafieldTraits = {}): Promise<number> {
  made += 1;
  const row = metafieldRow(
    { ownerType: 'SHOP', ownerId: ctx.shop.id, namespace: 'custom', key: `factory_${made}`, type: 'single_line_text_field', value: `Value ${made}`, ...traits },
    ctx.shop.id,
  );
  const [id] = await insertRows(ctx.em, Metafield, [{ shopId: ctx.shop.id, ...row }]);
  return id!;
}
