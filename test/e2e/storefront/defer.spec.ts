import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { send } from '../../support/http.js';

/** Splits a multipart/mixed body with boundary `graphql` into its JSON parts, checking the framing. */
function parts(body: string): any[] {
  expect(body.startsWith('--graphql\r\n')).toBe(true);
  expect(body.endsWith('--graphql--')).toBe(true);
  const chunks = body.slice('--graphql\r\n'.length, -'--graphql--'.length).split('\r\n--graphql\r\n');
  return chunks.map((chunk) => {
    const [head, json] = chunk.split('\r\n\r\n');
    expect(head).toMatch(/^Content-Type: application\/json\r\nContent-Length: \d+$/);
    const text = json.replace(/\r\n$/, '');
    expect(Number(/Content-Length: (\d+)/.exec(head)![1])).toBe(Buffer.byteLength(text));
    return JSON.parse(text);
  });
}

describe('storefront @defer (unstable)', () => {
  let t: TestApp;
  let shop: TestShop;

  beforeAll(async () => {
    t = await createTestApp({}, { storefront: { capacity: 100_000, leakPerSecond: 1000 } });
    shop = await t.seedShop('acme', { products: 3, seed: 5 });
  });
  afterAll(() => t.close());

  const post = (version: string, query: string) => send(t.app, { method: 'POST', url: `/api/${version}/graphql.json`, host: shop.host, body: { query } });

  it('streams the non-deferred data first, then each deferred fragment with its path and label', async () => {
    const res = await post(
      'unstable',
      `query @inContext(country: CA) { shop { name } products(first: 1) { nodes { handle ... @defer(label: "prices") { priceRange { minVariantPrice { currencyCode } } } } } }`,
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('multipart/mixed; boundary="graphql"');
    const [first, ...rest] = parts(res.text);
    expect(first).toMatchObject({ data: { shop: { name: 'Acme' }, products: { nodes: [{ handle: expect.any(String) }] } }, hasNext: true });
    expect(first.data.products.nodes[0].priceRange).toBeUndefined();
    expect(first.extensions).toEqual({ context: { country: 'CA' } });
    const incremental = rest.flatMap((p) => p.incremental ?? []);
    expect(incremental).toEqual([{ path: ['products', 'nodes', 0], label: 'prices', data: { priceRange: { minVariantPrice: { currencyCode: 'CAD' } } } }]);
    expect(rest.at(-1).hasNext).toBe(false);
  });

  it('caps the whole stream at the response size: the part that would pass it becomes the error that ends it', async () => {
    const capped = await createTestApp({}, { storefront: { capacity: 100_000, leakPerSecond: 1000 } }, { graphqlLimits: { storefront: { execution: { maxResponseBytes: 400 } } } });
    try {
      const small = await capped.seedShop('small', { products: 5, seed: 5 });
      const res = await send(capped.app, {
        method: 'POST',
        url: '/api/unstable/graphql.json',
        host: small.host,
        body: { query: '{ shop { name } ... @defer { products(first: 5) { nodes { title description handle } } } }' },
      });
      expect(res.status).toBe(200);
      const [first, ...rest] = parts(res.text);
      expect(first).toMatchObject({ data: { shop: { name: 'Small' } }, hasNext: true });
      expect(rest.at(-1)).toEqual({
        errors: [{ message: expect.stringMatching(/^Response of at least \d+ bytes exceeds the maximum of 400 bytes/), extensions: { code: 'MAX_RESPONSE_SIZE_EXCEEDED', size: expect.any(Number), maxSize: 400 } }],
        hasNext: false,
      });
    } finally {
      await capped.close();
    }
  });

  it('does not defer when if is false: an ordinary JSON answer', async () => {
    const res = await post('unstable', '{ shop { ... @defer(if: false) { name } } }');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ data: { shop: { name: 'Acme' } } });
  });

  it('refuses @defer outside the unstable version', async () => {
    const res = await post('2026-10', '{ shop { ... @defer { name } } }');
    expect(res.status).toBe(200);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors[0].message).toMatch(/only available in the unstable version/);
  });
});
