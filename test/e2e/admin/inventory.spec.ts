import pg from 'pg';
import { AuthService } from '@platform/auth';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { adminQuery, send, storefrontQuery } from '../../support/http.js';

type Gql = { status: number; data?: any; errors?: any; extensions?: any };

const GROUP = 'inventoryAdjustmentGroup { id reason referenceDocumentUri changes { name delta quantityAfterChange item { id } location { id } } }';
const ERRORS = 'userErrors { field message code }';
const SET = `mutation($input: InventorySetQuantitiesInput!, $key: String!) { inventorySetQuantities(input: $input) @idempotent(key: $key) { ${GROUP} ${ERRORS} } }`;
const ADJUST = `mutation($input: InventoryAdjustQuantitiesInput!, $key: String!) { inventoryAdjustQuantities(input: $input) @idempotent(key: $key) { ${GROUP} ${ERRORS} } }`;
const LEVEL = `query($item: ID!, $location: ID!) { inventoryItem(id: $item) { tracked inventoryLevel(locationId: $location) { id canDeactivate quantities(names: ["available", "on_hand", "damaged", "incoming"]) { name quantity } } } }`;

let keys = 0;
const key = () => `key-${Date.now()}-${++keys}`;

// Stock by location on the admin API: locations, items, levels and their quantities; setting and adjusting them with
// compare-and-swap and idempotency; and the storefront, carts and orders following the stock.
describe('admin GraphQL inventory', () => {
  let t: TestApp;
  let shop: TestShop;
  let other: TestShop;
  let db: pg.Client;
  let locations: { id: string; name: string }[];
  let item: string;
  let variantId: string;

  beforeAll(async () => {
    t = await createTestApp({}, { adminGraphql: { capacity: 1e9, leakPerSecond: 1e9 } });
    shop = await t.seedShop('acme', { products: 3, customers: 0, orders: 0, seed: 3 });
    other = await t.seedShop('other', { products: 2, customers: 0, orders: 0, seed: 9 });
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
    locations = (await gql('{ locations(first: 10) { nodes { id name } } }')).data.locations.nodes;
    const [row] = (await db.query(`select v.id from product_variants v join products p on p.id = v.product_id
      where v.shop_id = $1 and p.status = 'active' and p.published_at <= now() order by v.id limit 1`, [shop.shop.id])).rows;
    variantId = `gid://platform/ProductVariant/${row.id}`;
    item = `gid://platform/InventoryItem/${row.id}`;
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  async function gql(query: string, variables: Record<string, unknown> = {}, target: TestShop = shop, token = target.tokens.adminAccessToken, version?: string): Promise<Gql> {
    const res = version
      ? await send(t.app, { method: 'POST', url: `/admin/api/${version}/graphql.json`, host: target.host, headers: { 'x-platform-access-token': token }, body: { query, variables } })
      : await adminQuery(t.app, target.host, token, query, { variables });
    return { status: res.status, ...res.body };
  }
  const quantities = async (location = locations[0]!.id) => {
    const level = (await gql(LEVEL, { item, location })).data.inventoryItem.inventoryLevel;
    return level && Object.fromEntries(level.quantities.map((q: any) => [q.name, q.quantity]));
  };
  const setAvailable = (quantity: number, changeFromQuantity?: number | null, location = locations[0]!.id) =>
    gql(SET, { key: key(), input: { name: 'available', reason: 'correction', referenceDocumentUri: 'logistics://count/1', quantities: [{ inventoryItemId: item, locationId: location, quantity, changeFromQuantity }] } });
  const storefrontVariant = async () =>
    (await storefrontQuery(t.app, shop.host, `{ node(id: "${variantId}") { ... on ProductVariant { availableForSale quantityAvailable } } }`, {}, {})).body.data.node;

  it('every shop has locations; the demo data adds a warehouse; items and levels read by the hosted names', async () => {
    expect(locations.map((l) => l.name)).toEqual(['Shop location', 'Warehouse']);
    const read = await gql(`query($item: ID!) { inventoryItem(id: $item) { id sku tracked requiresShipping variant { id } inventoryLevels(first: 5) { nodes { location { name } item { id } } } } }`, { item });
    expect(read.data.inventoryItem).toMatchObject({ id: item, tracked: true, requiresShipping: true, variant: { id: variantId }, inventoryLevels: { nodes: [{ location: { name: 'Shop location' }, item: { id: item } }] } });
    const viaVariant = await gql(`query($id: ID!) { productVariant(id: $id) { inventoryQuantity inventoryItem { id } } }`, { id: variantId });
    expect(viaVariant.data.productVariant.inventoryItem.id).toBe(item);
    expect((await quantities())!.available).toBe(viaVariant.data.productVariant.inventoryQuantity);
    const fresh = await t.createShop('fresh');
    expect((await gql('{ locations(first: 5) { nodes { name isActive } } }', {}, fresh)).data.locations.nodes).toEqual([{ name: 'Shop location', isActive: true }]);
  });

  it('inventorySetQuantities sets available, records the group, and the storefront follows; on_hand sums the held quantities', async () => {
    const answer = await setAvailable(7);
    expect(answer.data.inventorySetQuantities.userErrors).toEqual([]);
    const group = answer.data.inventorySetQuantities.inventoryAdjustmentGroup;
    expect(group).toMatchObject({ reason: 'correction', referenceDocumentUri: 'logistics://count/1' });
    expect(group.changes).toEqual([
      { name: 'available', delta: expect.any(Number), quantityAfterChange: 7, item: { id: item }, location: { id: locations[0]!.id } },
      { name: 'on_hand', delta: expect.any(Number), quantityAfterChange: 7, item: { id: item }, location: { id: locations[0]!.id } },
    ]);
    expect(await quantities()).toEqual({ available: 7, on_hand: 7, damaged: 0, incoming: 0 });
    expect(await storefrontVariant()).toEqual({ availableForSale: true, quantityAvailable: 7 });

    await setAvailable(0);
    expect(await storefrontVariant()).toEqual({ availableForSale: false, quantityAvailable: 0 });
  });

  it('compare-and-swap: a stale changeFromQuantity changes nothing; null skips the check', async () => {
    await setAvailable(5);
    const stale = await setAvailable(9, 4);
    expect(stale.data.inventorySetQuantities).toEqual({
      inventoryAdjustmentGroup: null,
      userErrors: [{ field: ['input', 'quantities', '0', 'changeFromQuantity'], message: expect.any(String), code: 'CHANGE_FROM_QUANTITY_STALE' }],
    });
    expect((await quantities())!.available).toBe(5);
    expect((await setAvailable(9, 5)).data.inventorySetQuantities.userErrors).toEqual([]);
    expect((await setAvailable(3, null)).data.inventorySetQuantities.userErrors).toEqual([]);
    expect((await quantities())!.available).toBe(3);
  });

  it('two writers with the same changeFromQuantity: one wins, the other is stale', async () => {
    await setAvailable(10);
    const answers = await Promise.all([setAvailable(11, 10), setAvailable(12, 10)]);
    const codes = answers.map((a) => a.data.inventorySetQuantities.userErrors.map((e: any) => e.code));
    expect(codes.filter((c) => c.length === 0)).toHaveLength(1);
    expect(codes.flat()).toEqual(['CHANGE_FROM_QUANTITY_STALE']);
  });

  it('inventoryAdjustQuantities moves available and the held quantities; ledger documents as hosted', async () => {
    await setAvailable(10);
    const adjust = (name: string, delta: number, ledgerDocumentUri?: string) =>
      gql(ADJUST, { key: key(), input: { name, reason: 'damaged', changes: [{ inventoryItemId: item, locationId: locations[0]!.id, delta, ledgerDocumentUri }] } });
    expect((await adjust('available', -2)).data.inventoryAdjustQuantities.userErrors).toEqual([]);
    expect((await adjust('damaged', 2, 'gid://platform/Order/1')).data.inventoryAdjustQuantities.userErrors).toEqual([]);
    expect((await adjust('incoming', 5, 'logistics://po/7')).data.inventoryAdjustQuantities.userErrors).toEqual([]);
    expect(await quantities()).toEqual({ available: 8, on_hand: 10, damaged: 2, incoming: 5 });
    expect((await adjust('damaged', 1)).data.inventoryAdjustQuantities.userErrors).toEqual([expect.objectContaining({ field: ['input', 'changes', '0', 'ledgerDocumentUri'], code: 'INVALID_LEDGER_DOCUMENT' })]);
    expect((await adjust('available', 1, 'gid://x/1')).data.inventoryAdjustQuantities.userErrors).toEqual([expect.objectContaining({ code: 'INVALID_AVAILABLE_DOCUMENT' })]);
    expect((await adjust('on_hand', 1)).data.inventoryAdjustQuantities.userErrors).toEqual([expect.objectContaining({ field: ['input', 'name'], code: 'INVALID_QUANTITY_NAME' })]);
    expect((await adjust('available', -2_000_000_000)).data.inventoryAdjustQuantities.userErrors).toEqual([expect.objectContaining({ code: 'INVALID_QUANTITY_TOO_LOW' })]);
    expect(await quantities()).toEqual({ available: 8, on_hand: 10, damaged: 2, incoming: 5 });
  });

  it('@idempotent: a repeat answers the first group and changes nothing more; other parameters are refused; required from 2026-04', async () => {
    await setAvailable(1);
    const input = { name: 'available', reason: 'received', changes: [{ inventoryItemId: item, locationId: locations[0]!.id, delta: 4 }] };
    const k = key();
    const first = await gql(ADJUST, { key: k, input });
    const again = await gql(ADJUST, { key: k, input });
    expect(again.data.inventoryAdjustQuantities).toEqual(first.data.inventoryAdjustQuantities);
    expect((await quantities())!.available).toBe(5);
    const other = await gql(ADJUST, { key: k, input: { ...input, changes: [{ ...input.changes[0], delta: 9 }] } });
    expect(other.data.inventoryAdjustQuantities.userErrors).toEqual([expect.objectContaining({ code: 'IDEMPOTENCY_KEY_PARAMETER_MISMATCH' })]);

    const without = `mutation($input: InventoryAdjustQuantitiesInput!) { inventoryAdjustQuantities(input: $input) { ${ERRORS} } }`;
    const required = await gql(without, { input });
    expect(required.errors[0]).toMatchObject({ path: ['inventoryAdjustQuantities'], extensions: { code: 'BAD_USER_INPUT' } });
    expect(required.errors[0].message).toMatch(/@idempotent/);
    expect((await gql(without, { input }, shop, shop.tokens.adminAccessToken, '2026-01')).data.inventoryAdjustQuantities.userErrors).toEqual([]);
    const blank = await gql(ADJUST, { key: '  ', input });
    expect(blank.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect((await quantities())!.available).toBe(9);
  });

  it('refuses bad input with the hosted codes, all or nothing, and never touches another shop', async () => {
    await setAvailable(6);
    const [theirs] = (await db.query(`select id from product_variants where shop_id = $1 limit 1`, [other.shop.id])).rows;
    const [theirLocation] = (await db.query(`select id from locations where shop_id = $1 limit 1`, [other.shop.id])).rows;
    const before = (await db.query(`select sum(available)::int as n from inventory_levels where shop_id = $1`, [other.shop.id])).rows[0].n;
    const cases: [Record<string, unknown>, string, string[]][] = [
      [{ name: 'available', reason: 'nonsense', quantities: [{ inventoryItemId: item, locationId: locations[0]!.id, quantity: 1 }] }, 'INVALID_REASON', ['input', 'reason']],
      [{ name: 'committed', reason: 'correction', quantities: [{ inventoryItemId: item, locationId: locations[0]!.id, quantity: 1 }] }, 'INVALID_NAME', ['input', 'name']],
      [{ name: 'available', reason: 'correction', referenceDocumentUri: 'not a uri', quantities: [{ inventoryItemId: item, locationId: locations[0]!.id, quantity: 1 }] }, 'INVALID_REFERENCE_DOCUMENT', ['input', 'referenceDocumentUri']],
      [{ name: 'available', reason: 'correction', quantities: [{ inventoryItemId: item, locationId: locations[0]!.id, quantity: -1 }] }, 'INVALID_QUANTITY_NEGATIVE', ['input', 'quantities', '0', 'quantity']],
      [{ name: 'available', reason: 'correction', quantities: [{ inventoryItemId: `gid://platform/InventoryItem/${theirs.id}`, locationId: locations[0]!.id, quantity: 1 }] }, 'INVALID_INVENTORY_ITEM', ['input', 'quantities', '0', 'inventoryItemId']],
      [{ name: 'available', reason: 'correction', quantities: [{ inventoryItemId: item, locationId: `gid://platform/Location/${theirLocation.id}`, quantity: 1 }] }, 'INVALID_LOCATION', ['input', 'quantities', '0', 'locationId']],
      [{ name: 'available', reason: 'correction', quantities: [{ inventoryItemId: item, locationId: locations[1]!.id, quantity: 1 }] }, 'ITEM_NOT_STOCKED_AT_LOCATION', ['input', 'quantities', '0', 'locationId']],
      [
        { name: 'available', reason: 'correction', quantities: [{ inventoryItemId: item, locationId: locations[0]!.id, quantity: 1 }, { inventoryItemId: item, locationId: locations[0]!.id, quantity: 2 }] },
        'NO_DUPLICATE_INVENTORY_ITEM_ID_GROUP_ID_PAIR',
        ['input', 'quantities', '1'],
      ],
    ];
    for (const [input, code, field] of cases) {
      const answer = (await gql(SET, { key: key(), input })).data.inventorySetQuantities;
      expect(answer.inventoryAdjustmentGroup).toBeNull();
      expect(answer.userErrors).toEqual([expect.objectContaining({ code, field })]);
    }
    expect((await quantities())!.available).toBe(6);
    expect((await db.query(`select sum(available)::int as n from inventory_levels where shop_id = $1`, [other.shop.id])).rows[0].n).toBe(before);
    const huge = await gql(SET, { key: key(), input: { name: 'available', reason: 'correction', quantities: [{ inventoryItemId: item, locationId: locations[0]!.id, quantity: 2 ** 31 }] } });
    expect(huge.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const many = await gql(SET, { key: key(), input: { name: 'available', reason: 'correction', quantities: Array.from({ length: 251 }, () => ({ inventoryItemId: item, locationId: locations[0]!.id, quantity: 1 })) } });
    expect(many.errors[0].extensions.code).toBe('MAX_INPUT_SIZE_EXCEEDED');
    expect((await gql(`query($id: ID!) { inventoryItem(id: $id) { id } }`, { id: `gid://platform/InventoryItem/${theirs.id}` })).data.inventoryItem).toBeNull();
    expect((await gql(`query($id: ID!) { location(id: $id) { id } }`, { id: `gid://platform/Location/${theirLocation.id}` })).data.location).toBeNull();
  });

  it('inventoryActivate stocks an item at another location; its stock counts; inventoryDeactivate keeps the last one', async () => {
    await setAvailable(2);
    const activated = await gql(`mutation($item: ID!, $location: ID!) { inventoryActivate(inventoryItemId: $item, locationId: $location, available: 3) { inventoryLevel { id location { name } } ${ERRORS} } }`, {
      item,
      location: locations[1]!.id,
    });
    expect(activated.data.inventoryActivate.inventoryLevel.location.name).toBe('Warehouse');
    expect(await storefrontVariant()).toEqual({ availableForSale: true, quantityAvailable: 5 });
    const levelId = activated.data.inventoryActivate.inventoryLevel.id;
    const deactivate = (id: string) => gql(`mutation($id: ID!) { inventoryDeactivate(inventoryLevelId: $id) { ${ERRORS} } }`, { id });
    expect((await deactivate(levelId)).data.inventoryDeactivate.userErrors).toEqual([]);
    expect(await storefrontVariant()).toEqual({ availableForSale: true, quantityAvailable: 2 });
    const last = (await gql(LEVEL, { item, location: locations[0]!.id })).data.inventoryItem.inventoryLevel;
    expect(last.canDeactivate).toBe(false);
    expect((await deactivate(last.id)).data.inventoryDeactivate.userErrors).toEqual([expect.objectContaining({ field: ['inventoryLevelId'], code: 'INVALID' })]);
  });

  it("one write at two locations: the variant's stock counts active locations only, and its product's totals follow every variant", async () => {
    const activated = await gql(`mutation($item: ID!, $location: ID!) { inventoryActivate(inventoryItemId: $item, locationId: $location, available: 0) { ${ERRORS} } }`, { item, location: locations[1]!.id });
    expect(activated.data.inventoryActivate.userErrors).toEqual([]);
    const both = await gql(SET, {
      key: key(),
      input: { name: 'available', reason: 'correction', quantities: [{ inventoryItemId: item, locationId: locations[0]!.id, quantity: 4 }, { inventoryItemId: item, locationId: locations[1]!.id, quantity: 6 }] },
    });
    expect(both.data.inventorySetQuantities.userErrors).toEqual([]);
    const product = async () =>
      (await gql(`query($id: ID!) { productVariant(id: $id) { inventoryQuantity product { totalInventory variants(first: 50) { nodes { inventoryQuantity availableForSale } } } } }`, { id: variantId })).data.productVariant;
    const read = await product();
    expect(read.inventoryQuantity).toBe(10);
    const sum = (p: any) => p.variants.nodes.reduce((total: number, v: any) => total + v.inventoryQuantity, 0);
    expect(read.product.totalInventory).toBe(sum(read.product));

    // A level at an inactive location is kept and not counted.
    await db.query('update locations set is_active = false where id = $1', [locations[1]!.id.split('/').pop()]);
    try {
      expect((await setAvailable(1)).data.inventorySetQuantities.userErrors).toEqual([]);
      const after = await product();
      expect(after.inventoryQuantity).toBe(1);
      expect(after.product.totalInventory).toBe(sum(after.product));
      expect(after.product.totalInventory).toBe(read.product.totalInventory - 9);
    } finally {
      await db.query('update locations set is_active = true where id = $1', [locations[1]!.id.split('/').pop()]);
    }
    const levelId = (await gql(LEVEL, { item, location: locations[1]!.id })).data.inventoryItem.inventoryLevel.id;
    expect((await gql(`mutation($id: ID!) { inventoryDeactivate(inventoryLevelId: $id) { ${ERRORS} } }`, { id: levelId })).data.inventoryDeactivate.userErrors).toEqual([]);
    expect((await product()).inventoryQuantity).toBe(1);
  });

  it('carts check stock against the levels: a line is capped at what is available, an emptied variant is not for sale', async () => {
    await setAvailable(2);
    const CART = `mutation($lines: [CartLineInput!]!) { cartCreate(input: { lines: $lines }) { cart { lines(first: 5) { nodes { quantity } } } warnings { code } userErrors { code } } }`;
    const capped = (await storefrontQuery(t.app, shop.host, CART, {}, { variables: { lines: [{ merchandiseId: variantId, quantity: 5 }] } })).body.data.cartCreate;
    expect(capped).toEqual({ cart: { lines: { nodes: [{ quantity: 2 }] } }, warnings: [{ code: 'MERCHANDISE_NOT_ENOUGH_STOCK' }], userErrors: [] });
    await setAvailable(0);
    const none = (await storefrontQuery(t.app, shop.host, CART, {}, { variables: { lines: [{ merchandiseId: variantId, quantity: 1 }] } })).body.data.cartCreate;
    // Refused as the cart refuses any merchandise not for sale: nothing made.
    expect(none).toEqual({ cart: null, warnings: [], userErrors: [{ code: 'INVALID' }] });
  });

  it('prices the new fields by the one cost model: connections 2 + items × node, a mutation 10', async () => {
    const read = await gql('{ inventoryItems(first: 10) { nodes { id inventoryLevels(first: 5) { nodes { id quantities(names: ["available"]) { quantity } } } } } }');
    // 2 + 10 × (item 1 + levels (2 + 5 × (level 1 + quantities 1))).
    expect(read.extensions.cost.requestedQueryCost).toBe(2 + 10 * (1 + (2 + 5 * 2)));
    const write = await gql(SET, { key: key(), input: { name: 'available', reason: 'correction', quantities: [{ inventoryItemId: item, locationId: locations[0]!.id, quantity: 4 }] } });
    expect(write.extensions.cost.requestedQueryCost).toBe(10);
  });

  it('scopes: read_inventory for items and levels, read_locations for locations, write_inventory for the mutations', async () => {
    const tokenWith = async (scopes: string) => (await t.app.get(AuthService).installApp(shop.shop.id, `app ${scopes}`, scopes)).adminAccessToken;
    const products = await tokenWith('read_products,write_products');
    expect((await gql(`query($id: ID!) { inventoryItem(id: $id) { id } }`, { id: item }, shop, products)).errors[0].extensions.code).toBe('ACCESS_DENIED');
    expect((await gql('{ locations(first: 1) { nodes { id } } }', {}, shop, products)).errors[0].extensions.code).toBe('ACCESS_DENIED');
    const reader = await tokenWith('read_inventory,read_locations');
    expect((await gql('{ locations(first: 1) { nodes { id } } }', {}, shop, reader)).errors).toBeUndefined();
    const write = await gql(SET, { key: key(), input: { name: 'available', reason: 'correction', quantities: [{ inventoryItemId: item, locationId: locations[0]!.id, quantity: 1 }] } }, shop, reader);
    expect(write.errors[0].extensions.code).toBe('ACCESS_DENIED');
  });
});
