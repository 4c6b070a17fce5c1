import { OutboundHttp } from '@platform/http';
import { RowCounter } from '../../support/row-counts.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { VERSION, adminQuery, send, storefrontQuery } from '../../support/http.js';
import { deepJsonList, deepSelection, fragmentBomb, nestedConnections } from '../../../libs/platform/graphql/testing/hostile-documents.js';

// Documents an attacker sends to both GraphQL endpoints: each is refused before anything executes or
// compiles, at once, with a code and the limit it broke (docs/security.md).
describe('hostile GraphQL documents', () => {
  let t: TestApp;
  let acme: TestShop;
  const publicToken = () => ({ 'x-platform-storefront-access-token': acme.tokens.storefrontAccessToken });
  const privateToken = () => ({ 'platform-storefront-private-token': acme.tokens.storefrontPrivateToken, 'platform-storefront-buyer-ip': '203.0.113.9' });

  beforeAll(async () => {
    t = await createTestApp({}, { storefront: { capacity: 100_000, leakPerSecond: 1000 }, adminGraphql: { capacity: 100_000, leakPerSecond: 10_000 } });
    acme = await t.createShop('acme');
  });
  afterAll(() => t.close());

  const surfaces = () => [
    { name: 'storefront tokenless', run: (query: string, extra = {}) => storefrontQuery(t.app, acme.host, query, {}, extra) },
    { name: 'storefront public token', run: (query: string, extra = {}) => storefrontQuery(t.app, acme.host, query, publicToken(), extra) },
    { name: 'storefront private token', run: (query: string, extra = {}) => storefrontQuery(t.app, acme.host, query, privateToken(), extra) },
    { name: 'admin', run: (query: string, extra = {}) => adminQuery(t.app, acme.host, acme.tokens.adminAccessToken, query, extra) },
  ];

  it('refuses a fragment bomb of 2^30 fields at once, every time it is sent', async () => {
    for (const surface of surfaces()) {
      for (const attempt of [1, 2, 3]) {
        const started = performance.now();
        const res = await surface.run(fragmentBomb(30));
        expect({ surface: surface.name, attempt, status: res.status, body: res.body }).toEqual({
          surface: surface.name,
          attempt,
          status: 200,
          body: { errors: [{ message: expect.stringMatching(/after expanding fragments, which exceeds the maximum of 2500/), extensions: expect.objectContaining({ code: 'MAX_FIELDS_EXCEEDED', maxFields: 2500 }) }] },
        });
        expect(performance.now() - started).toBeLessThan(1000);
      }
    }
  });

  it('answers a small fragment tree that stays under the limit', async () => {
    const res = await storefrontQuery(t.app, acme.host, fragmentBomb(6));
    expect(res.body).toEqual({ data: { shop: { name: 'Acme' } } });
  });

  it('refuses selections 26, 1,000, 1,800 and 20,000 levels deep without a stack overflow', async () => {
    for (const surface of surfaces()) {
      for (const levels of [1_000, 1_800, 20_000]) {
        const res = await surface.run(deepSelection(levels));
        expect(res.status).toBe(200);
        expect(res.text).not.toMatch(/RangeError|call stack/);
        expect(res.body.errors[0].extensions.code).toBe('MAX_DEPTH_EXCEEDED');
      }
    }
    // A valid query one level over the limit, and one at it.
    const over = await storefrontQuery(t.app, acme.host, validChain(26), publicToken());
    expect(over.body.errors).toEqual([{ message: 'Query has depth of 26, which exceeds max depth of 25.', extensions: { code: 'MAX_DEPTH_EXCEEDED', depth: 26, maxDepth: 25 } }]);
    const at = await storefrontQuery(t.app, acme.host, validChain(25), publicToken());
    expect(at.body.errors).toBeUndefined();
  });

  it('refuses more aliases and directives than the limits', async () => {
    const aliases = `{ ${Array.from({ length: 101 }, (_, i) => `a${i}: shop { name }`).join(' ')} }`;
    expect((await storefrontQuery(t.app, acme.host, aliases)).body.errors[0].extensions).toEqual({ code: 'MAX_ALIASES_EXCEEDED', aliases: 101, maxAliases: 100 });
    const directives = `{ shop { name ${'@include(if: true) '.repeat(101)} } }`;
    expect((await adminQuery(t.app, acme.host, acme.tokens.adminAccessToken, directives)).body.errors[0].extensions).toEqual({
      code: 'MAX_DIRECTIVES_EXCEEDED',
      directives: 101,
      maxDirectives: 100,
    });
  });

  it('refuses documents over the length and token limits', async () => {
    const long = `{ shop { name } } #${'x'.repeat(100_000)}`;
    expect((await storefrontQuery(t.app, acme.host, long)).body.errors[0].extensions.code).toBe('MAX_QUERY_SIZE_EXCEEDED');
    const tokens = `{ shop { ${'a '.repeat(20_001)} } }`;
    expect((await storefrontQuery(t.app, acme.host, tokens)).body.errors[0].extensions.code).toBe('MAX_TOKENS_EXCEEDED');
  });

  it('caps the complexity of storefront requests with a token, before running them', async () => {
    for (const headers of [publicToken(), privateToken()]) {
      const res = await storefrontQuery(t.app, acme.host, nestedConnections(8), headers);
      expect(res.body.data).toBeUndefined();
      expect(res.body.errors).toEqual([
        { message: expect.stringMatching(/^Query has complexity of \d+, which exceeds max complexity of 50000$/), extensions: { code: 'MAX_COMPLEXITY_EXCEEDED', cost: expect.any(Number), maxCost: 50_000 } },
      ]);
    }
    // Two levels of 250 × 250 are over the cap too; one page of 250 with small nested pages is not.
    expect((await storefrontQuery(t.app, acme.host, nestedConnections(2), publicToken())).body.errors[0].extensions.code).toBe('MAX_COMPLEXITY_EXCEEDED');
    expect((await storefrontQuery(t.app, acme.host, '{ products(first: 250) { nodes { id variants(first: 10) { nodes { id } } } } }', publicToken())).body.errors).toBeUndefined();
  });

  it('counts a fragment at each spread and nodes(ids:) per id', async () => {
    const spreadTwice = await adminQuery(t.app, acme.host, acme.tokens.adminAccessToken, '{ ...S ...S } fragment S on Query { shop { name } }');
    expect(spreadTwice.body.extensions.cost.requestedQueryCost).toBe(2);
    const ids = Array.from({ length: 250 }, (_, i) => `gid://platform/Customer/${i + 1}`);
    const nodes = await adminQuery(t.app, acme.host, acme.tokens.adminAccessToken, 'query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { variables: { ids } });
    expect(nodes.body.extensions.cost.requestedQueryCost).toBe(250);
    const over = await storefrontQuery(t.app, acme.host, 'query($ids: [ID!]!) { nodes(ids: $ids) { ... on Product { variants(first: 10) { nodes { id } } } } }', {}, { variables: { ids } });
    expect(over.body.errors[0].extensions).toMatchObject({ code: 'MAX_COMPLEXITY_EXCEEDED', cost: 250 * (1 + 2 + 10) });
  });

  it('gives parse, validation and variable errors a code', async () => {
    for (const surface of surfaces()) {
      expect((await surface.run('{ shop { name }')).body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
      expect((await surface.run('{ shop { nope } }')).body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
      const variable = await surface.run('query($skip: Boolean!) { shop @skip(if: $skip) { name } }', { variables: { skip: 'yes' } });
      expect(variable.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    }
  });

  it('refuses NUL bytes in string literals and in variables, naming where', async () => {
    const literal = await storefrontQuery(t.app, acme.host, '{ products(first: 1, query: "a\\u0000b") { nodes { id } } }');
    expect(literal.body.errors).toEqual([{ message: 'String values must not contain NUL bytes (U+0000).', locations: [{ line: 1, column: 29 }], extensions: { code: 'BAD_USER_INPUT' } }]);
    const variable = await storefrontQuery(t.app, acme.host, 'query($q: String) { products(first: 1, query: $q) { nodes { id } } }', publicToken(), { variables: { q: 'a\u0000b' } });
    expect(variable.body.errors).toEqual([{ message: 'query must not contain NUL bytes (U+0000).', extensions: { code: 'BAD_USER_INPUT', argument: 'query' } }]);
    const unused = await adminQuery(t.app, acme.host, acme.tokens.adminAccessToken, '{ shop { name } }', { variables: { x: ['ok', { y: 'bad\u0000' }] } });
    expect(unused.body.errors[0]).toMatchObject({ message: '$x[1].y must not contain NUL bytes (U+0000).', extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('refuses a request body nested deeper than 64 levels with a 400 naming the parameter', async () => {
    for (const url of [`/api/${VERSION}/graphql.json`, `/admin/api/${VERSION}/graphql.json`]) {
      const rawBody = `{"query":"query($l: [String]) { shop { name } }","variables":{"l":${deepJsonList(20_000)}}}`;
      const res = await send(t.app, { method: 'POST', url, host: acme.host, headers: { 'x-platform-access-token': acme.tokens.adminAccessToken }, rawBody });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errors: { variables: 'is nested deeper than 64 levels' } });
    }
  });

  it('stops an execution at its deadline and caps the size of a response', async () => {
    const slow = await createTestApp({}, undefined, { graphqlLimits: { storefront: { execution: { timeoutMs: 1 } }, admin_graphql: { execution: { maxResponseBytes: 60 } } } });
    try {
      const shop = await slow.seedShop('slow', { products: 5 });
      const timedOut = await storefrontQuery(slow.app, shop.host, '{ products(first: 5) { nodes { title variants(first: 5) { nodes { id } } } } }');
      expect(timedOut.status).toBe(200);
      expect(timedOut.body).toEqual({ errors: [{ message: expect.stringMatching(/^Timeout: the query ran longer than 1 ms/), extensions: { code: 'TIMEOUT', timeoutMs: 1 } }] });
      const big = await adminQuery(slow.app, shop.host, shop.tokens.adminAccessToken, '{ shop { name } }');
      expect(big.status).toBe(200);
      expect(big.body).toEqual({ errors: [{ message: expect.stringMatching(/^Response of at least \d+ bytes exceeds the maximum of 60 bytes/), extensions: { code: 'MAX_RESPONSE_SIZE_EXCEEDED', size: expect.any(Number), maxSize: 60 } }] });
    } finally {
      await slow.close();
    }
  });

  // Regression (hostile probe): a mutation past the deadline was answered TIMEOUT and its write still committed after.
  it("rolls back a mutation's write that would commit after its TIMEOUT answer", async () => {
    const slow = await createTestApp({}, undefined, { graphqlLimits: { admin_graphql: { execution: { timeoutMs: 300 } } } });
    const rows = await RowCounter.open(slow.databaseUrl);
    try {
      const shop = await slow.createShop('slow');
      // The source check takes longer than the deadline, then lets the write go on.
      jest.spyOn(slow.app.get(OutboundHttp), 'check').mockImplementation(() => new Promise((resolve) => setTimeout(resolve, 800)));
      const before = await rows.counts();
      const res = await adminQuery(slow.app, shop.host, shop.tokens.adminAccessToken, 'mutation($files: [FileCreateInput!]!) { fileCreate(files: $files) { files { id } userErrors { message } } }', {
        variables: { files: [{ originalSource: 'http://images.example.com/a.png' }] },
      });
      expect(res.body).toEqual({ errors: [expect.objectContaining({ extensions: { code: 'TIMEOUT', timeoutMs: 300 } })] });
      // Past the check, the mutation reaches its transaction, which must not commit.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await rows.counts()).toEqual(before);
    } finally {
      jest.restoreAllMocks();
      await rows.close();
      await slow.close();
    }
  });

  describe('regressions found by the hostile probe', () => {
    const illFormed = (path: string) => ({ message: `${path} must not contain ill-formed text (a lone UTF-16 surrogate).`, extensions: { code: 'BAD_USER_INPUT', argument: path } });
    const CART_CREATE = 'mutation($input: CartInput) { cartCreate(input: $input) { cart { id } userErrors { message } } }';

    // A lone surrogate reached a jsonb column (cart attributes) or a text one and answered INTERNAL_SERVER_ERROR, tokenless.
    it('refuses lone surrogates in variables before anything runs, naming where: cart attributes and discount codes tokenless, risk facts on admin', async () => {
      const attributes = await storefrontQuery(t.app, acme.host, CART_CREATE, {}, { variables: { input: { attributes: [{ key: 'gift', value: 'yes \ud800' }] } } });
      expect(attributes.body).toEqual({ errors: [illFormed('input.attributes[0].value')] });
      const codes = await storefrontQuery(t.app, acme.host, CART_CREATE, publicToken(), { variables: { input: { discountCodes: ['ok', 'x\udc00'] } } });
      expect(codes.body).toEqual({ errors: [illFormed('input.discountCodes[1]')] });
      const key = await storefrontQuery(t.app, acme.host, CART_CREATE, {}, { variables: { input: { attributes: [{ key: '\udbff', value: 'v' }] } } });
      expect(key.body).toEqual({ errors: [illFormed('input.attributes[0].key')] });
      const facts = await adminQuery(
        t.app,
        acme.host,
        acme.tokens.adminAccessToken,
        'mutation($input: OrderRiskAssessmentCreateInput!) { orderRiskAssessmentCreate(orderRiskAssessmentInput: $input) { userErrors { message } } }',
        { variables: { input: { orderId: 'gid://platform/Order/1', riskLevel: 'HIGH', facts: [{ description: 'Proxy \ud83d', sentiment: 'NEGATIVE' }] } } },
      );
      expect(facts.body).toMatchObject({ errors: [illFormed('orderRiskAssessmentInput.facts[0].description')] });
      // A pair (an emoji) is well-formed text.
      const emoji = await storefrontQuery(t.app, acme.host, '{ products(first: 1, query: "😀") { nodes { id } } }');
      expect(emoji.body).toEqual({ data: { products: { nodes: [] } } });
    });

    it('refuses lone surrogates in string literals of the document as syntax errors, escaped or not', async () => {
      for (const surface of surfaces()) {
        for (const literal of ['"\\ud800"', '"\ud800"', '"""\udc00"""']) {
          const res = await surface.run(`{ shop { name } products(first: 1, query: ${literal}) { nodes { id } } }`);
          expect({ surface: surface.name, literal, status: res.status, code: res.body.errors?.[0]?.extensions?.code, data: res.body.data }).toEqual({
            surface: surface.name,
            literal,
            status: 200,
            code: 'GRAPHQL_PARSE_FAILED',
            data: undefined,
          });
        }
      }
    });

    // JSON.parse keeps the last of two keys: a proxy reading the first and the platform the last would disagree on the query.
    it('refuses a body with a key given twice, at any depth, as a body that is not JSON', async () => {
      for (const url of [`/api/${VERSION}/graphql.json`, `/admin/api/${VERSION}/graphql.json`]) {
        for (const rawBody of [
          '{"query":"{ shop { name } }","query":"{ shop { id } }"}',
          '{"query":"{ shop { name } }","\\u0071uery":"{ shop { id } }"}',
          '{"query":"query($n: Int) { shop { name } }","variables":{"n":1,"n":2}}',
        ]) {
          const res = await send(t.app, { method: 'POST', url, host: acme.host, headers: { 'x-platform-access-token': acme.tokens.adminAccessToken }, rawBody });
          expect({ url, rawBody, status: res.status, body: res.body }).toEqual({ url, rawBody, status: 400, body: { errors: { query: 'Required parameter missing or invalid' } } });
        }
      }
    });
  });
});

// `{ shop { …` is not nestable; products and collections are: each hop is two levels (connection, nodes).
function validChain(depth: number): string {
  let inner = 'id';
  let level = depth;
  if (level % 2 === 0) {
    inner = 'featuredImage { url }';
    level -= 1;
  }
  for (let hop = (level - 1) / 2; hop > 0; hop--) inner = `${hop % 2 === 1 ? 'products' : 'collections'}(first: 1) { nodes { ${inner} } }`;
  return `{ ${inner} }`;
}
