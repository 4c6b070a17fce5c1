import pg from 'pg';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { storefrontQuery } from '../../support/http.js';
import { sqlDuring } from '../../support/sql.js';

type Gql = { data?: any; errors?: any };
type Row = { id: number; handle: string; title: string; description: string; tags: string[]; vendor: string; productType: string; availableForSale: boolean };

const wordsOf = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

describe('storefront search', () => {
  let t: TestApp;
  let shop: TestShop;
  let products: Row[];

  beforeAll(async () => {
    t = await createTestApp({}, { storefront: { capacity: 100_000, leakPerSecond: 1000 } });
    shop = await t.seedShop('acme', { products: 40, seed: 7 });
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    products = (
      await client.query(
        `select id::int, handle, title, regexp_replace(description_html, '<[^>]*>', ' ', 'g') as description, tags, vendor,
           product_type as "productType", available_for_sale as "availableForSale"
         from products where shop_id = $1 and status = 'active' and published_at <= now() order by id`,
        [shop.shop.id],
      )
    ).rows;
    await client.end();
  });
  afterAll(() => t.close());

  const q = async (query: string, variables: Record<string, unknown> = {}): Promise<Gql> => (await storefrontQuery(t.app, shop.host, query, {}, { variables })).body;

  const SEARCH = `query($q: String!, $first: Int, $after: String, $last: Int, $before: String, $types: [SearchType!], $prefix: SearchPrefixQueryType, $sortKey: SearchSortKeys, $unavailable: SearchUnavailableProductsType) {
    search(query: $q, first: $first, after: $after, last: $last, before: $before, types: $types, prefix: $prefix, sortKey: $sortKey, unavailableProducts: $unavailable) {
      totalCount edges { cursor node { __typename ... on Product { id handle title availableForSale } ... on Page { id handle title } ... on Article { id handle title } } }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`;

  // A word in one product's title that another product mentions only once, only in its description.
  function titleVersusDescription(): { word: string; inTitle: Row; inDescription: Row } {
    for (const inTitle of products) {
      for (const word of wordsOf(inTitle.title).filter((w) => /^[a-z]{5,}$/.test(w))) {
        const stem = word.slice(0, 4);
        const inDescription = products.find(
          (p) =>
            p !== inTitle &&
            wordsOf(p.description).filter((w) => w === word).length === 1 &&
            !wordsOf(p.description).some((w) => w !== word && w.startsWith(stem)) &&
            ![p.title, p.vendor, p.productType, ...p.tags].join(' ').toLowerCase().includes(stem),
        );
        if (inDescription) return { word, inTitle, inDescription };
      }
    }
    throw new Error('seed data has no such word');
  }

  it('ranks a product with the word in its title above one that only mentions it in its description', async () => {
    const { word, inTitle, inDescription } = titleVersusDescription();
    const res = await q(SEARCH, { q: word, first: 250, types: ['PRODUCT'], unavailable: 'SHOW' });
    expect(res.errors).toBeUndefined();
    const handles = res.data.search.edges.map((e: any) => e.node.handle);
    expect(handles).toContain(inTitle.handle);
    expect(handles).toContain(inDescription.handle);
    expect(handles.indexOf(inTitle.handle)).toBeLessThan(handles.indexOf(inDescription.handle));
    expect(res.data.search.totalCount).toBe(handles.length);
  });

  it('finds a product by the first letters of a title word with prefix: LAST, and not without it', async () => {
    const target = products.find((p) => wordsOf(p.title).some((w) => /^[a-z]{7,}$/.test(w)))!;
    const word = wordsOf(target.title).find((w) => /^[a-z]{7,}$/.test(w))!;
    const typed = word.slice(0, 4);
    const withPrefix = await q(SEARCH, { q: typed, first: 250, prefix: 'LAST', types: ['PRODUCT'] });
    expect(withPrefix.errors).toBeUndefined();
    expect(withPrefix.data.search.edges.map((e: any) => e.node.handle)).toContain(target.handle);
    const whole = await q(SEARCH, { q: typed, first: 250, prefix: 'NONE', types: ['PRODUCT'] });
    expect(whole.data.search.edges.map((e: any) => e.node.handle)).not.toContain(target.handle);
  });

  it('searches only pages with types: [PAGE]', async () => {
    const res = await q(SEARCH, { q: 'shipping returns', first: 10, types: ['PAGE'] });
    expect(res.errors).toBeUndefined();
    const nodes = res.data.search.edges.map((e: any) => e.node);
    expect(nodes.length).toBeGreaterThan(0);
    expect(nodes.every((n: any) => n.__typename === 'Page')).toBe(true);
    expect(nodes[0].handle).toBe('shipping');
    expect(res.data.search.totalCount).toBe(nodes.length);
  });

  it('mixes types by relevance and walks every result once, forward and backward, matching totalCount', async () => {
    // The word most products mention, so pages of 4 cross types and equal ranks.
    const counts = new Map<string, number>();
    for (const p of products) for (const w of new Set(wordsOf(`${p.title} ${p.description}`).filter((x) => /^[a-z]{4,}$/.test(x)))) counts.set(w, (counts.get(w) ?? 0) + 1);
    const candidates = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([w]) => w);
    // The most common product word that also matches pages or articles, so the merge interleaves types.
    let word = candidates[0];
    for (const w of candidates.slice(0, 40)) {
      const res = await q(SEARCH, { q: w, first: 250 });
      if (new Set(res.data.search.edges.map((e: any) => e.node.__typename)).size > 1) {
        word = w;
        break;
      }
    }
    const forward: string[] = [];
    let after: string | null = null;
    let total = 0;
    for (let i = 0; i < 100; i++) {
      const res: Gql = await q(SEARCH, { q: word, first: 4, after });
      expect(res.errors).toBeUndefined();
      const page = res.data.search;
      total = page.totalCount;
      forward.push(...page.edges.map((e: any) => e.node.id));
      expect(page.pageInfo.hasPreviousPage).toBe(after !== null);
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(total).toBeGreaterThan(8);
    expect(forward).toHaveLength(total);
    expect(new Set(forward).size).toBe(total);
    const all: Gql = await q(SEARCH, { q: word, first: 250 });
    expect(all.data.search.edges.map((e: any) => e.node.id)).toEqual(forward);
    expect(new Set(all.data.search.edges.map((e: any) => e.node.__typename)).size).toBeGreaterThan(1);

    const backward: string[] = [];
    let before: string | null = null;
    for (let i = 0; i < 100; i++) {
      const res: Gql = await q(SEARCH, { q: word, last: 5, before });
      const page = res.data.search;
      backward.unshift(...page.edges.map((e: any) => e.node.id));
      if (!page.pageInfo.hasPreviousPage) break;
      before = page.pageInfo.startCursor;
    }
    expect(backward).toEqual(forward);
  });

  it('hides unavailable products with HIDE and sorts by price over products only', async () => {
    const word = wordsOf(products[0].title).find((w) => /^[a-z]{4,}$/.test(w))!;
    const hidden = await q(SEARCH, { q: word, first: 250, unavailable: 'HIDE', types: ['PRODUCT'] });
    expect(hidden.data.search.edges.every((e: any) => e.node.availableForSale)).toBe(true);
    const byPrice = await q(`query($q: String!) { search(query: $q, first: 250, sortKey: PRICE, unavailableProducts: SHOW) {
      nodes { __typename ... on Product { priceRange { minVariantPrice { amount } } } } } }`, { q: word });
    expect(byPrice.errors).toBeUndefined();
    const prices = byPrice.data.search.nodes.map((n: any) => Number(n.priceRange.minVariantPrice.amount));
    expect(byPrice.data.search.nodes.every((n: any) => n.__typename === 'Product')).toBe(true);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('rejects a malformed cursor', async () => {
    const res = await q(SEARCH, { q: 'shirt', first: 2, after: 'bm9wZQ' });
    expect(res.errors[0].message).toMatch(/Invalid cursor for after/);
  });

  it('answers predictive search as the buyer types, with marked query suggestions', async () => {
    const target = products.find((p) => wordsOf(p.title).some((w) => /^[a-z]{6,}$/.test(w)))!;
    const word = wordsOf(target.title).find((w) => /^[a-z]{6,}$/.test(w))!;
    const typed = word.slice(0, 3);
    const res = await q(`query($q: String!) {
      each: predictiveSearch(query: $q, limitScope: EACH, limit: 10) { products { handle } collections { handle } pages { handle } articles { handle } queries { text styledText } }
      all: predictiveSearch(query: $q, limit: 3) { products { handle } collections { handle } pages { handle } articles { handle } queries { text } }
      pages: predictiveSearch(query: "ship", types: [PAGE]) { products { handle } pages { handle } queries { text } } }`, { q: typed });
    expect(res.errors).toBeUndefined();
    const { each, all, pages } = res.data;
    expect(each.products.map((p: any) => p.handle)).toContain(target.handle);
    expect(each.products.length).toBeLessThanOrEqual(10);
    expect(each.queries.length).toBeGreaterThan(0);
    for (const s of each.queries) {
      expect(s.text.startsWith(typed)).toBe(true);
      expect(s.styledText).toBe(`<mark>${typed}</mark>${s.text.slice(typed.length)}`);
    }
    expect(each.queries.map((s: any) => s.text)).toContain(word);
    const allCount = all.products.length + all.collections.length + all.pages.length + all.articles.length + all.queries.length;
    expect(allCount).toBe(3);
    expect(pages).toEqual({ products: [], pages: [{ handle: 'shipping' }], queries: [] });
    const tooMany = await q('{ predictiveSearch(query: "a", limit: 11) { queries { text } } }');
    expect(tooMany.errors[0].message).toMatch(/limit must be between 1 and 10/);
  });

  it('runs a constant number of SQL statements whatever the page size (no N+1)', async () => {
    const counts = new Map<string, number>();
    for (const p of products) for (const w of new Set(wordsOf(`${p.title} ${p.description}`).filter((x) => /^[a-z]{4,}$/.test(x)))) counts.set(w, (counts.get(w) ?? 0) + 1);
    const [word] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
    const count = async (first: number) => {
      const { result: res, statements } = await sqlDuring(() =>
        q(
          `query($q: String!) { search(query: $q, first: ${first}) { totalCount nodes { __typename
            ... on Product { title featuredImage { url } variants(first: 3) { nodes { id } } } ... on Page { title } ... on Article { title } } } }`,
          { q: word },
        ),
      );
      expect(res.errors).toBeUndefined();
      return { statements: statements.length, size: res.data.search.nodes.length };
    };
    const small = await count(2);
    const large = await count(30);
    expect(large.size).toBeGreaterThan(small.size);
    expect(large.statements).toBe(small.statements);
    // products, pages, articles, featured images, variants.
    expect(large.statements).toBe(5);
  });
});
