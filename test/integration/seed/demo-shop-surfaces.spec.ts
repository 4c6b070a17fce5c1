import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { imageBytes } from '@platform/media/testing';
import { JOB_QUEUE, type JobQueue } from '@platform/queue';
import { DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD, DemoShopService, demoTokens } from '@platform/seed';
import { VERSION, adminQuery, send, storefrontQuery } from '../../support/http.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

// The demo shop as `npm start` makes it: its 60 customers reachable on REST and admin GraphQL with the tokens the
// docs name, in every state, with the data docs/admin.md shows (more than ten addresses, orders, consents).

describe('the demo shop on the admin surfaces', () => {
  let t: TestApp;
  const host = 'localhost';
  const token = demoTokens().adminAccessToken;
  const headers = { 'x-platform-access-token': token };

  beforeAll(async () => {
    t = await createTestApp({ DEFAULT_SHOP: 'demo', OUTBOUND_ALLOWED_PRIVATE_HOSTS: 'localhost' });
    await t.app.get(DemoShopService).ensureDemoShop();
  }, 120_000);
  afterAll(() => t?.close());

  /** Every customer of the REST list, following its Link header. */
  async function restCustomers(): Promise<any[]> {
    const customers: any[] = [];
    let url: string | undefined = `/admin/api/${VERSION}/customers.json?limit=25`;
    while (url) {
      const res = await send(t.app, { url, host, headers });
      expect(res.status).toBe(200);
      customers.push(...res.body.customers);
      const next = /<([^>]+)>;\s*rel="next"/.exec(String(res.headers.link ?? ''))?.[1];
      url = next && `${new URL(next).pathname}${new URL(next).search}`;
    }
    return customers;
  }

  it('lists all 60 customers on REST by Link pages and on admin GraphQL, the same ones, in every state', async () => {
    const rest = await restCustomers();
    expect(rest).toHaveLength(60);
    expect(new Set(rest.map((c) => c.state))).toEqual(new Set(['enabled', 'invited', 'disabled', 'declined']));
    const graphql = await adminQuery(t.app, host, token, '{ customers(first: 100) { nodes { legacyResourceId state } } customersCount { count } }');
    expect(graphql.body.errors).toBeUndefined();
    expect(graphql.body.data.customersCount.count).toBe(60);
    expect(graphql.body.data.customers.nodes.map((c: any) => [Number(c.legacyResourceId), c.state.toLowerCase()])).toEqual(rest.map((c) => [c.id, c.state]));
  });

  it('shows ten addresses on REST and all of them on GraphQL for customers with more, unique phones, consents and last orders', async () => {
    const rest = await restCustomers();
    const phones = rest.flatMap((c) => (c.phone ? [c.phone] : []));
    expect(new Set(phones).size).toBe(phones.length);
    expect(rest.some((c) => c.sms_marketing_consent?.state === 'subscribed')).toBe(true);
    expect(rest.some((c) => c.email_marketing_consent.state === 'subscribed')).toBe(true);
    expect(rest.some((c) => c.tax_exempt && c.tax_exemptions.length === 1)).toBe(true);
    expect(rest.some((c) => c.note && c.tags)).toBe(true);

    const withOrders = rest.filter((c) => c.orders_count > 0);
    expect(withOrders.length).toBeGreaterThan(5);
    for (const c of withOrders) expect(c.last_order_name).toMatch(/^#\d+$/);

    const many = rest.filter((c) => c.addresses.length === 10);
    expect(many.length).toBeGreaterThanOrEqual(3);
    for (const c of many) {
      expect(c.default_address).not.toBeNull();
      const res = await adminQuery(t.app, host, token, `{ customer(id: "${c.admin_graphql_api_id}") { addresses { id } } }`);
      expect(res.body.data.customer.addresses.length).toBeGreaterThanOrEqual(12);
    }
  });

  it("answers docs/admin.md's products example: the drafts by title, their count", async () => {
    const example = readFileSync('docs/admin.md', 'utf8').match(/-d '(\{"query":"\{ products\(first: 2[^']*)'/)![1]!;
    const { query } = JSON.parse(example) as { query: string };
    const res = await adminQuery(t.app, host, token, query);
    expect(res.body.errors).toBeUndefined();
    const { products, productsCount } = res.body.data;
    expect(products.nodes.length).toBe(2);
    expect(products.pageInfo.hasNextPage).toBe(true);
    expect(products.nodes.every((p: any) => p.status === 'DRAFT' && p.publishedAt === null)).toBe(true);
    expect(products.nodes.map((p: any) => p.title)).toEqual([...products.nodes.map((p: any) => p.title)].sort((x: string, y: string) => x.toLowerCase().localeCompare(y.toLowerCase())));
    expect(productsCount).toEqual({ count: expect.any(Number), precision: 'EXACT' });
    expect(productsCount.count).toBeGreaterThan(2);
  });

  it("runs docs/admin.md's product writes in order: create, publish, add variants, collect, draft, delete; the storefront follows", async () => {
    const docs = readFileSync('docs/admin.md', 'utf8');
    const section = docs.slice(docs.indexOf('### Writing products'), docs.indexOf('### Writing variants'));
    const queries = [...section.matchAll(/-d '(\{"query":"mutation[^']*)'/g)].map((m) => (JSON.parse(m[1]!) as { query: string }).query);
    expect(queries.length).toBe(4);
    const run = async (query: string) => {
      const res = await adminQuery(t.app, host, token, query);
      expect(res.body.errors).toBeUndefined();
      const [answer] = Object.values(res.body.data) as any[];
      expect(answer.userErrors).toEqual([]);
      return answer;
    };
    const onStorefront = async (handle: string) => (await storefrontQuery(t.app, host, `{ product(handle: "${handle}") { id } }`)).body.data.product;

    const created = await run(queries[0]!);
    expect(created.product).toMatchObject({ handle: 'linen-apron', status: 'ACTIVE', publishedOnCurrentPublication: false, variants: { nodes: [{ title: 'Sand', price: '0.00' }] } });
    const withId = (query: string) => query.replaceAll('gid://platform/Product/ID', created.product.id);
    expect(await onStorefront('linen-apron')).toBeNull();
    expect((await run(withId(queries[1]!))).publishable).toEqual({ publishedOnCurrentPublication: true });
    const variantsSection = docs.slice(docs.indexOf('### Writing variants'), docs.indexOf('### The variant-creation limit'));
    const [variantsExample] = [...variantsSection.matchAll(/-d '(\{"query":"mutation[^']*)'/g)].map((m) => (JSON.parse(m[1]!) as { query: string }).query);
    expect(await run(withId(variantsExample!))).toEqual({
      product: { variantsCount: { count: 3 }, options: [{ name: 'Colour', values: ['Sand', 'Slate', 'Moss'] }] },
      productVariants: [{ title: 'Slate', price: '24.00' }, { title: 'Moss', price: '26.00' }],
      userErrors: [],
    });
    expect(await onStorefront('linen-apron')).toEqual({ id: created.product.id });
    const optionsSection = docs.slice(docs.indexOf('### Adding and deleting options'), docs.indexOf('### The variant-creation limit'));
    const [optionExample] = [...optionsSection.matchAll(/-d '(\{"query":"mutation[^']*)'/g)].map((m) => (JSON.parse(m[1]!) as { query: string }).query);
    const colour = (await adminQuery(t.app, host, token, `{ product(id: "${created.product.id}") { options { id } } }`)).body.data.product.options[0].id as string;
    const colours = ['Sand', 'Slate', 'Moss', 'Rust'].map((name) => ({ name, hasVariants: true }));
    expect(await run(withId(optionExample!).replace('gid://platform/ProductOption/OPTION', colour))).toEqual({
      product: { options: [{ name: 'Color', optionValues: colours }], variantsCount: { count: 4 } },
      userErrors: [],
    });
    const collectionsSection = docs.slice(docs.indexOf('### Writing collections'), docs.indexOf('### Stock by location'));
    const [collectionExample] = [...collectionsSection.matchAll(/-d '(\{"query":"mutation[^']*)'/g)].map((m) => (JSON.parse(m[1]!) as { query: string }).query);
    expect(await run(withId(collectionExample!))).toEqual({ collection: { handle: 'kitchen-picks', productsCount: { count: 1 } }, userErrors: [] });
    expect((await run(withId(queries[2]!))).product).toEqual({ status: 'DRAFT' });
    expect(await onStorefront('linen-apron')).toBeNull();
    expect((await run(withId(queries[3]!))).deletedProductId).toBe(created.product.id);
  });

  it("runs docs/admin.md's stock examples: the demo's two locations, a variant's levels, a count set at the shop's location", async () => {
    const docs = readFileSync('docs/admin.md', 'utf8');
    const section = docs.slice(docs.indexOf('### Stock by location'), docs.indexOf('### Metafields'));
    const [read, set] = [...section.matchAll(/-d '(\{"query":"[^']*)'/g)].map((m) => (JSON.parse(m[1]!) as { query: string }).query);
    const variant = await adminQuery(t.app, host, token, '{ productVariants: products(first: 1, query: "status:active") { nodes { variants(first: 1) { nodes { legacyResourceId } } } } }');
    const id = variant.body.data.productVariants.nodes[0].variants.nodes[0].legacyResourceId as string;
    const shown = await adminQuery(t.app, host, token, read!.replaceAll('/ID', `/${id}`));
    expect(shown.body.errors).toBeUndefined();
    const { locations, productVariant } = shown.body.data;
    expect(locations.nodes.map((l: any) => l.name)).toEqual(['Shop location', 'Warehouse']);
    expect(productVariant.inventoryItem).toMatchObject({ id: `gid://platform/InventoryItem/${id}`, tracked: true, inventoryLevels: { nodes: [{ location: { name: 'Shop location' } }] } });
    const location = locations.nodes[0].id.split('/').pop();
    const counted = await adminQuery(t.app, host, token, set!.replaceAll('/ID', `/${id}`).replaceAll('-ID', `-${id}`).replace('/LOCATION', `/${location}`));
    expect(counted.body.errors).toBeUndefined();
    expect(counted.body.data.inventorySetQuantities).toMatchObject({ inventoryAdjustmentGroup: { reason: 'correction', changes: [{ name: 'available', quantityAfterChange: 12 }, { name: 'on_hand', quantityAfterChange: 12 }] }, userErrors: [] });
    const sf = await storefrontQuery(t.app, host, `{ node(id: "gid://platform/ProductVariant/${id}") { ... on ProductVariant { quantityAvailable } } }`);
    expect(sf.body.data.node).toEqual({ quantityAvailable: 12 });
  });

  it("runs docs/admin.md's productSet example, and again: the same product, its lists as given", async () => {
    const docs = readFileSync('docs/admin.md', 'utf8');
    const section = docs.slice(docs.indexOf('### productSet'), docs.indexOf('### Writing collections'));
    const [example] = [...section.matchAll(/-d '(\{"query":"mutation[^']*)'/g)].map((m) => (JSON.parse(m[1]!) as { query: string }).query);
    const expected = { product: { handle: 'canvas-tote', variants: { nodes: [{ title: 'Natural', price: '18.00' }, { title: 'Black', price: '20.00' }] } }, userErrors: [] };
    for (let run = 0; run < 2; run++) {
      const res = await adminQuery(t.app, host, token, example!);
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.productSet).toEqual(expected);
    }
  });

  it("runs docs/admin.md's product image example: the image kept, served, and the product's main image", async () => {
    const docs = readFileSync('docs/admin.md', 'utf8');
    const section = docs.slice(docs.indexOf('### Product image'), docs.indexOf('### Payments ledger'));
    const script = /PNG=\$\(node -e "([^"]+)"\)/.exec(section)![1]!;
    const png = execFileSync(process.execPath, ['-e', script]).toString();
    const body = JSON.parse(/-d "(\{.*\})"/.exec(section)![1]!.replace(/\\"/g, '"').replace('$PNG', png));
    const created = await send(t.app, { method: 'POST', url: `/admin/api/${VERSION}/products/1/images.json`, host, headers, body });
    expect(created.status).toBe(200);
    expect(created.body.image).toMatchObject({ alt: 'Red swatch', position: 1, product_id: 1, width: 40, height: 30, variant_ids: [] });
    const served = await t.app.inject({ method: 'GET', url: new URL(created.body.image.src).pathname, headers: { host } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const listed = await send(t.app, { url: `/admin/api/${VERSION}/products/1/images.json?fields=id,position`, host, headers });
    expect(listed.body.images[0]).toEqual({ id: created.body.image.id, position: 1 });
    // The transform example: the same image, 20 pixels wide, in WEBP.
    const transform = /curl -s -o small\.webp "\$SRC([^"]+)"/.exec(section)![1]!;
    const small = await t.app.inject({ method: 'GET', url: `${new URL(created.body.image.src).pathname}${new URL(created.body.image.src).search}${transform}`, headers: { host } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    // The GraphQL example reads the same image as the product's first media.
    const query = (JSON.parse(/-d '(\{"query":"\{ product\(id[^']*)'/.exec(section)![1]!) as { query: string }).query;
    const media = await adminQuery(t.app, host, token, query);
    expect(media.body.errors).toBeUndefined();
    const gid = `gid://platform/MediaImage/${created.body.image.id}`;
    expect(media.body.data.product.featuredMedia).toEqual({ id: gid });
    expect(media.body.data.product.media.nodes[0]).toEqual({ id: gid, alt: 'Red swatch', status: 'READY', mediaErrors: [], mimeType: 'image/png', image: { url: created.body.image.src, width: 40, height: 30 } });
  });

  it("runs docs/admin.md's src and staged-upload examples: answered at once, then downloaded or read, READY", async () => {
    const section = readFileSync('docs/admin.md', 'utf8').slice(readFileSync('docs/admin.md', 'utf8').indexOf('### Product image'));
    const png = await imageBytes({ width: 30, height: 20 });
    // The example's URL, served here: the test's outbound client may reach localhost.
    const server = createServer((req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(png));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const example = /-d '(\{"image":\{"src":[^']*)'/.exec(section)![1]!;
      const local = example.replace('https://example.com', `http://localhost:${(server.address() as AddressInfo).port}`);
      const created = await send(t.app, { method: 'POST', url: `/admin/api/${VERSION}/products/1/images.json`, host, headers, body: JSON.parse(local) });
      expect(created.status).toBe(200);
      expect(created.body.image).toMatchObject({ alt: 'Blue swatch', product_id: 1, src: null, width: null, height: null });
      await t.app.get<JobQueue>(JOB_QUEUE).drain();
      const kept = await send(t.app, { url: `/admin/api/${VERSION}/products/1/images/${created.body.image.id}.json`, host, headers });
      expect(kept.body.image).toMatchObject({ width: 30, height: 20, src: expect.stringMatching(/^http:\/\/localhost\/files\/shops\/\d+\/public\/media\//) });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }

    // Staged: the target, the PUT, then productUpdate naming the resourceUrl (its body made by the documented command).
    const stageQuery = (JSON.parse(/-d '(\{"query":"mutation \{ stagedUploadsCreate[^']*)'/.exec(section)![1]!) as { query: string }).query;
    const staged = await adminQuery(t.app, host, token, stageQuery);
    const [target] = staged.body.data.stagedUploadsCreate.stagedTargets;
    const url = new URL(target.url);
    const put = await t.app.inject({ method: 'PUT', url: url.pathname + url.search, headers: { host, 'content-type': 'image/png' }, payload: png });
    expect(put.statusCode).toBe(200);
    const script = /BODY=\$\(node -e '([^']+)' "\$RESOURCE_URL"\)/.exec(section)![1]!;
    const body = JSON.parse(execFileSync(process.execPath, ['-e', script, target.resourceUrl]).toString());
    const updated = await send(t.app, { method: 'POST', url: `/admin/api/${VERSION}/graphql.json`, host, headers, body });
    expect(updated.body.data.productUpdate.userErrors).toEqual([]);
    await t.app.get<JobQueue>(JOB_QUEUE).drain();
    const media = await adminQuery(t.app, host, token, `{ product(id: "gid://platform/Product/1") { media(first: 250) { nodes { alt status ... on MediaImage { image { width height } } } } } }`);
    expect(media.body.data.product.media.nodes.at(-1)).toEqual({ alt: 'Swatch', status: 'READY', image: { width: 30, height: 20 } });
  });

  it("runs docs/admin.md's order writes on the demo orders they name: a refund, a cancel, a close, each without a problem", async () => {
    const docs = readFileSync('docs/admin.md', 'utf8');
    for (const mutation of ['refundCreate', 'orderCancel', 'orderClose']) {
      const body = JSON.parse(new RegExp(`-d '(\\{"query":"mutation[^']*${mutation}[^']*)'`).exec(docs)![1]!);
      const res = await send(t.app, { method: 'POST', url: `/admin/api/${VERSION}/graphql.json`, host, headers, body });
      expect({ mutation, errors: res.body.errors }).toEqual({ mutation, errors: undefined });
      const payload = res.body.data[mutation];
      expect({ mutation, problems: payload.userErrors ?? payload.orderCancelUserErrors }).toEqual({ mutation, problems: [] });
    }
  });

  it("runs docs/storefront.md's B2B example with the storefront token: the customer's token, then Northwind Warehouse's prices", async () => {
    const docs = readFileSync('docs/storefront.md', 'utf8');
    const storefront = { 'x-platform-storefront-access-token': demoTokens().storefrontAccessToken };
    const signIn = JSON.parse(/CUSTOMER_TOKEN=\$\(curl -s \$SF -H "[^"]+" -d '([^']+)'/.exec(docs)![1]!);
    const tokenless = await send(t.app, { method: 'POST', url: `/api/${VERSION}/graphql.json`, host, body: signIn });
    expect(tokenless.body.errors[0].extensions.code).toBe('ACCESS_DENIED');
    const signedIn = await send(t.app, { method: 'POST', url: `/api/${VERSION}/graphql.json`, host, headers: storefront, body: signIn });
    const customerToken = signedIn.body.data.customerAccessTokenCreate.customerAccessToken.accessToken;
    const buyer = /curl -s \$SF -H "[^"]+" -d '(\{"query":"query\(\$buyer[^']+)'(\$CUSTOMER_TOKEN)'([^']+)'/.exec(docs)!;
    const body = JSON.parse(`${buyer[1]}${customerToken}${buyer[3]}`);
    const priced = await send(t.app, { method: 'POST', url: `/api/${VERSION}/graphql.json`, host, headers: storefront, body });
    expect(priced.body.errors).toBeUndefined();
    expect(priced.body.data.products.nodes).toHaveLength(3);
  });

  it("lets the demo customer sign in on the storefront with the documented password", async () => {
    const res = await storefrontQuery(
      t.app,
      host,
      `mutation { customerAccessTokenCreate(input: { email: "${DEMO_CUSTOMER_EMAIL}", password: "${DEMO_CUSTOMER_PASSWORD}" }) { customerAccessToken { accessToken } customerUserErrors { code } } }`,
      { 'x-platform-storefront-access-token': demoTokens().storefrontAccessToken },
    );
    expect(res.body.data.customerAccessTokenCreate.customerUserErrors).toEqual([]);
    expect(res.body.data.customerAccessTokenCreate.customerAccessToken.accessToken).toEqual(expect.any(String));
  });
});
