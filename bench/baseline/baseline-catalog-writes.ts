import type pg from 'pg';

// Scenario 5b on the baseline: the catalog's writes as a bare server makes them, with the statements their invariants
// need and nothing else: `productSet` of a new product by handle (the product, its option, its variants in one
// statement, their stock at the shop's first location, its price range and stock from them) and
// `inventoryAdjustQuantities` (the key held and checked, the level locked and changed, the variant's and product's stock
// following, the group recorded). Each runs in one transaction. No auth, cost, throttle or validation.

const SQL = {
  productByHandle: { name: 'b_set_product_by_handle', text: `select id from products where shop_id = $1 and handle = $2 for update` },
  insertProduct: {
    name: 'b_set_insert_product',
    text: `insert into products (shop_id, handle, title) values ($1, $2, $3) returning id, handle`,
  },
  insertOption: {
    name: 'b_set_insert_option',
    text: `insert into product_options (shop_id, product_id, name, position, values) values ($1, $2, $3, 1, $4::text[])`,
  },
  insertVariants: {
    name: 'b_set_insert_variants',
    text: `insert into product_variants (shop_id, product_id, title, option1, price, position, inventory_quantity, available_for_sale)
      select $1, $2, v.title, v.title, v.price, v.position, 0, true from unnest($3::text[], $4::numeric[], $5::int[]) as v (title, price, position)
      returning id, title, price::text as price`,
  },
  stockVariants: {
    name: 'b_set_stock_variants',
    text: `insert into inventory_levels (shop_id, variant_id, location_id, available)
      select $1, v.id, (select id from locations where shop_id = $1 and is_active order by id limit 1), 0 from unnest($2::bigint[]) as v (id)`,
  },
  productAggregates: {
    name: 'b_set_product_aggregates',
    text: `update products p set min_price = v.min_price, max_price = v.max_price, available_for_sale = v.available, total_inventory = v.total
      from (select product_id, min(price) as min_price, max(price) as max_price, bool_or(available_for_sale) as available, coalesce(sum(inventory_quantity), 0) as total
        from product_variants where shop_id = $1 and product_id = $2 group by product_id) v
      where p.shop_id = $1 and p.id = v.product_id`,
  },
  holdKey: { name: 'b_inventory_hold_key', text: `select pg_advisory_xact_lock(hashtextextended('inventory.idempotency:' || $1::text || ':' || $2, 0))::text` },
  groupOfKey: { name: 'b_inventory_group_of_key', text: `select id, reason, changes from inventory_adjustment_groups where shop_id = $1 and idempotency_key = $2` },
  adjustLevel: {
    name: 'b_inventory_adjust_level',
    text: `update inventory_levels set available = available + $4, updated_at = now()
      where shop_id = $1 and variant_id = $2 and location_id = $3
      returning available, available + committed + damaged + quality_control + reserved + safety_stock as on_hand`,
  },
  variantStock: {
    name: 'b_inventory_variant_stock',
    text: `update product_variants v set inventory_quantity = s.quantity, available_for_sale = not v.tracked or s.quantity > 0
      from (select coalesce(sum(il.available), 0)::int as quantity from inventory_levels il join locations loc on loc.id = il.location_id
        where il.variant_id = $2 and loc.is_active) s
      where v.shop_id = $1 and v.id = $2 returning v.product_id`,
  },
  productStock: {
    name: 'b_inventory_product_stock',
    text: `update products p set total_inventory = v.total, available_for_sale = v.available
      from (select coalesce(sum(inventory_quantity), 0) as total, bool_or(available_for_sale) as available from product_variants where shop_id = $1 and product_id = $2) v
      where p.shop_id = $1 and p.id = $2`,
  },
  insertGroup: {
    name: 'b_inventory_insert_group',
    text: `insert into inventory_adjustment_groups (shop_id, reason, reference_document_uri, changes, idempotency_key, request_digest)
      values ($1, $2, null, $3::jsonb, $4, $4) returning id`,
  },
};

/** The admin GraphQL schema's catalog writes, added to the customers' (one admin endpoint). */
export const CATALOG_WRITES_SDL = `
  directive @idempotent(key: String!) on FIELD
  input OptionValueSetInput { name: String! }
  input OptionSetInput { name: String! values: [OptionValueSetInput!]! }
  input VariantOptionValueInput { optionName: String! name: String! }
  input ProductVariantSetInput { optionValues: [VariantOptionValueInput!]! price: String! }
  input ProductSetInput { title: String! productOptions: [OptionSetInput!]! variants: [ProductVariantSetInput!]! }
  input ProductSetIdentifiers { handle: String! }
  type SetVariant { id: ID! title: String! price: String! }
  type SetVariantConnection { nodes: [SetVariant!]! }
  type SetProduct { id: ID! handle: String! variants(first: Int!): SetVariantConnection! }
  type CatalogUserError { field: [String!] message: String! code: String }
  type ProductSetPayload { product: SetProduct userErrors: [CatalogUserError!]! }
  input InventoryChangeInput { inventoryItemId: ID! locationId: ID! delta: Int! }
  input InventoryAdjustQuantitiesInput { name: String! reason: String! changes: [InventoryChangeInput!]! }
  type InventoryChange { name: String! delta: Int! quantityAfterChange: Int }
  type InventoryAdjustmentGroup { reason: String! changes: [InventoryChange!]! }
  type InventoryAdjustQuantitiesPayload { inventoryAdjustmentGroup: InventoryAdjustmentGroup userErrors: [CatalogUserError!]! }
  extend type Mutation {
    productSet(identifier: ProductSetIdentifiers!, input: ProductSetInput!): ProductSetPayload
    inventoryAdjustQuantities(input: InventoryAdjustQuantitiesInput!): InventoryAdjustQuantitiesPayload
  }
`;

interface SetArgs {
  identifier: { handle: string };
  input: { title: string; productOptions: { name: string; values: { name: string }[] }[]; variants: { optionValues: { name: string }[]; price: string }[] };
}
interface AdjustArgs {
  input: { name: string; reason: string; changes: { inventoryItemId: string; locationId: string; delta: number }[] };
}

const numberOf = (gid: string) => gid.slice(gid.lastIndexOf('/') + 1);

/** The root of the catalog writes of the baseline's admin GraphQL; the idempotency key comes from the field's directive. */
export function catalogWritesRoot(pool: pg.Pool, shop: { id: string }): Record<string, unknown> {
  const inTransaction = async <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const result = await work(client);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  };
  return {
    async productSet({ identifier, input }: SetArgs) {
      return inTransaction(async (client) => {
        const existing = await client.query(SQL.productByHandle, [shop.id, identifier.handle]);
        if (existing.rows.length > 0) throw new Error('the baseline sets new products only');
        const product = (await client.query(SQL.insertProduct, [shop.id, identifier.handle, input.title])).rows[0];
        const option = input.productOptions[0]!;
        await client.query(SQL.insertOption, [shop.id, product.id, option.name, option.values.map((v) => v.name)]);
        const variants = (await client.query(SQL.insertVariants, [
          shop.id,
          product.id,
          input.variants.map((v) => v.optionValues[0]!.name),
          input.variants.map((v) => v.price),
          input.variants.map((_, i) => i + 1),
        ])).rows;
        await client.query(SQL.stockVariants, [shop.id, variants.map((v) => v.id)]);
        await client.query(SQL.productAggregates, [shop.id, product.id]);
        const nodes = variants.map((v) => ({ id: `gid://platform/ProductVariant/${v.id}`, title: v.title, price: Number(v.price).toFixed(2) }));
        return {
          product: { id: `gid://platform/Product/${product.id}`, handle: product.handle, variants: ({ first }: { first: number }) => ({ nodes: nodes.slice(0, first) }) },
          userErrors: [],
        };
      });
    },
    async inventoryAdjustQuantities({ input }: AdjustArgs, _context: unknown, info: { fieldNodes: readonly { directives?: readonly { arguments?: readonly { value: { kind: string; value?: string } }[] }[] }[] }) {
      const key = info.fieldNodes[0]?.directives?.[0]?.arguments?.[0]?.value.value ?? '';
      const change = input.changes[0]!;
      return inTransaction(async (client) => {
        await client.query(SQL.holdKey, [shop.id, key]);
        const replay = (await client.query(SQL.groupOfKey, [shop.id, key])).rows[0];
        if (replay) return { inventoryAdjustmentGroup: { reason: replay.reason, changes: replay.changes }, userErrors: [] };
        const variantId = numberOf(change.inventoryItemId);
        const level = (await client.query(SQL.adjustLevel, [shop.id, variantId, numberOf(change.locationId), change.delta])).rows[0];
        const [variant] = (await client.query(SQL.variantStock, [shop.id, variantId])).rows;
        await client.query(SQL.productStock, [shop.id, variant.product_id]);
        const changes = [
          { name: 'available', delta: change.delta, quantityAfterChange: level.available },
          { name: 'on_hand', delta: change.delta, quantityAfterChange: level.on_hand },
        ];
        await client.query(SQL.insertGroup, [shop.id, input.reason, JSON.stringify(changes), key]);
        return { inventoryAdjustmentGroup: { reason: input.reason, changes }, userErrors: [] };
      });
    },
  };
}
