import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { adminQuery, storefrontQuery } from '../../support/http.js';

// A document runs interpreted by graphql-js the first time and compiled (graphql-jit) from its second run
// on. The client must not be able to tell: every response of a repeated document is byte for byte the first.
describe('compiled execution of repeated documents', () => {
  let t: TestApp;
  let shop: TestShop;

  beforeAll(async () => {
    t = await createTestApp({}, { storefront: { capacity: 100_000, leakPerSecond: 1000 } });
    shop = await t.seedShop('acme', { products: 12, seed: 3 });
  });
  afterAll(() => t.close());

  const TOKEN = () => ({ 'x-platform-storefront-access-token': shop.tokens.storefrontAccessToken });

  const storefront: { name: string; query: string; variables?: Record<string, unknown>; token?: boolean; fails?: boolean }[] = [
    {
      name: 'the product listing with nested connections',
      query: `query ($first: Int!) { products(first: $first) { nodes { title handle priceRange { minVariantPrice { amount currencyCode } }
        featuredImage { url altText } variants(first: 3) { nodes { price { amount currencyCode } availableForSale } } }
        pageInfo { hasNextPage endCursor } } }`,
      variables: { first: 5 },
    },
    {
      name: 'a product page with fragments, aliases and directives',
      query: `query ($withImages: Boolean!) { products(first: 2) { edges { cursor node { ...Card id
        imgs: images(first: 2) @include(if: $withImages) { nodes { url width height } }
        options { name values } collections(first: 2) { nodes { handle title } }
        variants(first: 5) { edges { node { id title sku selectedOptions { name value } compareAtPrice { amount } } } } } } } }
        fragment Card on Product { title descriptionHtml description(truncateAt: 20) vendor productType tags createdAt }`,
      variables: { withImages: true },
    },
    { name: 'nodes by global id, on interfaces', query: `{ nodes(ids: ["gid://platform/Product/1", "gid://platform/Nope/1"]) { __typename id ... on Product { title } } }` },
    { name: 'search with a count', query: `{ search(query: "planter", first: 3, types: [PRODUCT]) { totalCount nodes { __typename ... on Product { handle } } } }` },
    { name: 'collections with their products', query: `{ collections(first: 2) { nodes { handle products(first: 2) { nodes { handle } } } } }` },
    { name: 'prices @inContext', query: `query @inContext(country: CA) { products(first: 2) { nodes { priceRange { maxVariantPrice { amount currencyCode } } } } }` },
    { name: 'with a storefront token', query: `{ products(first: 2) { nodes { handle totalInventory } } }`, token: true },
    { name: 'errors in nested fields, with their paths', query: `{ products(first: 2) { nodes { handle variants(first: 300) { nodes { id } } } } }`, fails: true },
    { name: 'variables of the wrong type', query: `query ($first: Int!) { products(first: $first) { nodes { handle } } }`, variables: { first: 'many' }, fails: true },
    { name: 'an argument out of range', query: `{ products(first: 300) { nodes { handle } } }`, fails: true },
  ];

  it.each(storefront)('storefront: $name', async ({ query, variables, token, fails }) => {
    const run = () => storefrontQuery(t.app, shop.host, query, token ? TOKEN() : {}, { variables });
    const first = await run();
    expect(first.status).toBe(200);
    expect(first.body.errors !== undefined).toBe(fails ?? false);
    for (let again = 0; again < 2; again++) {
      const next = await run();
      expect(next.status).toBe(first.status);
      expect(next.text).toBe(first.text);
    }
  });

  it('admin: the shop, with the cost extension', async () => {
    const run = () => adminQuery(t.app, shop.host, shop.tokens.adminAccessToken, '{ shop { name currencyCode } }');
    const first = await run();
    expect(first.body.data.shop.name).toBe('Acme');
    const next = await run();
    expect({ ...next.body, extensions: undefined }).toEqual({ ...first.body, extensions: undefined });
    expect(Object.keys(next.body.extensions.cost)).toEqual(Object.keys(first.body.extensions.cost));
  });
});
