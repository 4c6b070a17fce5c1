import pg from 'pg';
import { cursorCodec } from '@platform/paging';
import { DEMO_SHOP_HANDLE, demoTokens } from '@platform/seed';
import type { CatalogFacts } from './scenarios.js';

const VISIBLE = `status = 'active' and published_at is not null and published_at <= now()`;

/** Handles, words, the page-1,000 cursor and the tokens (storefront and admin) of the seeded demo shop, for the scenarios' requests. */
export async function readCatalogFacts(databaseUrl: string): Promise<CatalogFacts> {
  const shopHandle = DEMO_SHOP_HANDLE;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const shopId = (await client.query<{ id: string }>('select id from shops where handle = $1', [shopHandle])).rows[0]?.id;
    if (!shopId) throw new Error(`bench: shop ${shopHandle} is not seeded`);
    const visible = Number((await client.query(`select count(*) from products where shop_id = $1 and ${VISIBLE}`, [shopId])).rows[0].count);
    const handles = (await client.query<{ handle: string }>(
      `select handle from products where shop_id = $1 and ${VISIBLE} order by md5(handle) limit 500`,
      [shopId],
    )).rows.map((r) => r.handle);
    const words = (await client.query<{ word: string }>(
      `select distinct lower(w) as word from products, regexp_split_to_table(title, '\\s+') w
        where shop_id = $1 and length(w) > 3 and w ~ '^[A-Za-z]+$' order by 1 limit 200`,
      [shopId],
    )).rows.map((r) => r.word);
    // Page 1,000 of products(first: N) starts after the (999·N)th visible product in id order.
    const first = Math.min(250, Math.max(1, Math.floor(visible / 1000)));
    const lastOfPage999 = (await client.query<{ id: string }>(
      `select id from products where shop_id = $1 and ${VISIBLE} order by id offset $2 limit 1`,
      [shopId, first * 999 - 1],
    )).rows[0];
    const deepPage = lastOfPage999
      ? { first, after: cursorCodec({ connection: 'products', sortKey: 'ID' }, ['bigint']).encode([Number(lastOfPage999.id)]) }
      : `bench: ${visible} visible products are too few for page 1,000 (seed more products, or leave out the keyset scenarios with --only)`;
    // Variants a buyer can add to a cart (scenario 4), spread over the catalog.
    const variants = (await client.query<{ id: string }>(
      `select v.id from product_variants v join products p on p.id = v.product_id
        where v.shop_id = $1 and v.available_for_sale and p.status = 'active' and p.published_at is not null and p.published_at <= now()
        order by md5(v.id::text) limit 200`,
      [shopId],
    )).rows.map((r) => `gid://platform/ProductVariant/${r.id}`);
    if (variants.length === 0) throw new Error('bench: the shop has no variant for sale');
    // A tracked item stocked at the shop's first location (scenario 5b adjusts it).
    const level = (await client.query<{ variant_id: string; location_id: string }>(
      `select il.variant_id, il.location_id from inventory_levels il join product_variants v on v.id = il.variant_id
        where il.shop_id = $1 and v.tracked order by il.id limit 1`,
      [shopId],
    )).rows[0];
    if (!level) throw new Error('bench: the shop has no tracked stock');
    // The demo shop's tokens are derived from its seed number (printed at every start).
    const tokens = demoTokens();
    return {
      handles,
      words,
      variants,
      deepPage,
      stock: { itemId: `gid://platform/InventoryItem/${level.variant_id}`, locationId: `gid://platform/Location/${level.location_id}` },
      tokens: { public: tokens.storefrontAccessToken, private: tokens.storefrontPrivateToken, admin: tokens.adminAccessToken },
    };
  } finally {
    await client.end();
  }
}
