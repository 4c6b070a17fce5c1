import type { SqlReader } from '@platform/database';
import type { RequestContext } from '@platform/request';
import type { NewMetafield } from '../metafield.inputs.js';
import { MetafieldsService } from '../metafields.service.js';

/** What a test says about the metafield it needs; by default a text field on the shop under a unique key. */
export type MetafieldTraits = Partial<NewMetafield>;

let made = 0;

/** A metafield of ctx's shop, validated and written by the content's own import; returns its id. */
export async function createMetafield(ctx: RequestContext, traits: MetafieldTraits = {}): Promise<number> {
  made += 1;
  // Writes go through ctx.em alone; the reader serves only the service's reads.
  const [id] = await new MetafieldsService(null as unknown as SqlReader).importMetafields(ctx, [
    { ownerType: 'SHOP', ownerId: ctx.shop.id, namespace: 'custom', key: `factory_${made}`, type: 'single_line_text_field', value: `Value ${made}`, ...traits },
  ]);
  return id!;
}
