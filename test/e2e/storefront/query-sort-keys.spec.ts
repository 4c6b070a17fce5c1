import fc from 'fast-check';
import pg from 'pg';
import { createArticle, createBlog, createPage } from '@platform/content/testing';
import { SystemContexts } from '@platform/request';
import { anySearchQuery } from '../../../libs/platform/search-syntax/testing/search-queries.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { storefrontQuery } from '../../support/http.js';

type Gql = { data?: any; errors?: any };

// Every searchable connection (a field taking both `query` and `sortKey`) with every sort key, as the schema
// declares them, so a new connection or sort key is covered without editing this file: the whole list walked
// forward and backward from cursors, with and without `reverse`, must give the same items with no gap and no
// overlap. Then hostile queries: none may answer an error.

interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}
interface Searchable {
  parent: string;
  field: string;
  args: Map<string, string>;
  sortKeys: string[];
}

const INTROSPECTION = `{ __schema { queryType { name } types { name kind enumValues { name }
  fields { name args { name type { ...Ref } } type { ...Ref } } } } }
  fragment Ref on __Type { kind name ofType { kind name ofType { kind name ofType { kind name } } } }`;

const typeName = (ref: TypeRef): string => (ref.kind === 'NON_NULL' ? `${typeName(ref.ofType!)}!` : ref.kind === 'LIST' ? `[${typeName(ref.ofType!)}]` : ref.name!);
const namedType = (ref: TypeRef): string => (ref.ofType ? namedType(ref.ofType) : ref.name!);

// The one word every searchable list has several matches for (set up below).
const WORD = 'journal';

describe('query × every sort key on every searchable connection', () => {
  let t: TestApp;
  let shop: TestShop;
  let queryType: string;
  let searchables: Searchable[];
  const TOKEN = () => ({ 'x-platform-storefront-access-token': shop.tokens.storefrontAccessToken });
  const q = async (query: string, variables: Record<string, unknown> = {}): Promise<Gql> => (await storefrontQuery(t.app, shop.host, query, TOKEN(), { variables })).body;

  // How to reach a connection of a type that is not the root: the list of parents that has the most matches.
  const reach: Record<string, (inner: string) => string> = {
    Blog: (inner) => `blog(handle: "journal") { ${inner} }`,
  };

  beforeAll(async () => {
    // Raised storefront bucket: this file sends many requests from one address.
    t = await createTestApp({}, { storefront: { capacity: 1_000_000, leakPerSecond: 100_000 } });
    shop = await t.seedShop('acme', { products: 30, seed: 7 });
    const shopId = shop.shop.id;
    const ctx = t.app.get(SystemContexts).forShop(shop.shop);
    for (const n of [1, 2, 3, 4]) await createPage(ctx, { handle: `journal-${n}`, title: `Journal page ${5 - n}`, bodyHtml: `<p>From the journal, part ${n}.</p>` });
    const journal = await createBlog(ctx, { handle: 'journal', title: 'Journal' });
    const archive = await createBlog(ctx, { handle: 'journal-archive', title: 'Journal archive' });
    await createBlog(ctx, { handle: 'old-journal', title: 'Old journal' });
    for (const n of [1, 2, 3, 4, 5]) {
      await createArticle(ctx, {
        blogId: journal.id,
        handle: `entry-${n}`,
        title: `Journal entry ${n % 3}`,
        authorName: n % 2 ? 'Jo Writer' : 'Al Lens',
        tags: ['journal'],
        contentHtml: `<p>Journal entry number ${n}, ${'journal '.repeat(n)}</p>`,
        publishedAt: new Date(Date.UTC(2024, 0, 1 + (n % 3))),
      });
    }
    await createArticle(ctx, { blogId: archive.id, handle: 'archived', title: 'Archived journal', contentHtml: '<p>Journal.</p>' });
    // A third of the products and three collections mention the word too (the trigger keeps the search vector).
    const db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
    await db.query(`update products set title = title || ' Journal' where shop_id = $1 and id % 3 = 0`, [shopId]);
    await db.query(`update collections set title = title || ' journal' where shop_id = $1 and id in (select id from collections where shop_id = $1 order by id limit 3)`, [shopId]);
    await db.end();

    const schema = (await q(INTROSPECTION)).data.__schema;
    queryType = schema.queryType.name;
    const enums = new Map<string, string[]>(schema.types.filter((ty: any) => ty.kind === 'ENUM').map((ty: any) => [ty.name, ty.enumValues.map((v: any) => v.name)]));
    searchables = schema.types.flatMap((ty: any) =>
      (ty.fields ?? [])
        .filter((f: any) => namedType(f.type).endsWith('Connection') && ['query', 'sortKey'].every((a) => f.args.some((arg: any) => arg.name === a)))
        .map((f: any) => ({
          parent: ty.name,
          field: f.name,
          args: new Map(f.args.map((arg: any) => [arg.name, typeName(arg.type)])),
          sortKeys: enums.get(namedType(f.args.find((arg: any) => arg.name === 'sortKey').type)) ?? [],
        })),
    );
  });
  afterAll(() => t.close());

  it('finds the searchable connections and their sort keys in the schema', () => {
    const names = searchables.map((s) => `${s.parent}.${s.field}`);
    expect(names).toEqual(expect.arrayContaining([`${queryType}.products`, `${queryType}.collections`, `${queryType}.articles`, `${queryType}.pages`, `${queryType}.blogs`, 'Blog.articles', `${queryType}.search`]));
    for (const s of searchables) expect(s.sortKeys.length).toBeGreaterThan(1);
  });

  // One page of `s`, as `typename:id` items and the page info.
  async function page(s: Searchable, variables: Record<string, unknown>) {
    const wanted = ['first', 'after', 'last', 'before', 'reverse', 'sortKey', 'query'].filter((a) => s.args.has(a));
    const declared = wanted.map((a) => `$${a}: ${s.args.get(a)!.replace(/!$/, a === 'query' ? '!' : '')}`).join(', ');
    const passed = wanted.map((a) => `${a}: $${a}`).join(', ');
    const connection = `${s.field}(${passed}) { nodes { __typename ... on Node { id } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } }`;
    const wrap = s.parent === queryType ? (inner: string) => inner : reach[s.parent];
    if (!wrap) throw new Error(`no way to reach ${s.parent}.${s.field} in this test: add it to \`reach\``);
    const res = await q(`query(${declared}) { ${wrap(connection)} }`, { query: WORD, ...variables });
    expect(res.errors).toBeUndefined();
    const found = s.parent === queryType ? res.data[s.field] : Object.values(res.data)[0] && (Object.values(res.data)[0] as any)[s.field];
    return { items: found.nodes.map((n: any) => `${n.__typename}:${n.id}`) as string[], info: found.pageInfo };
  }

  it('walks every list forward and backward, with and without reverse, from cursors of every sort key', async () => {
    const walked: string[] = [];
    for (const s of searchables) {
      for (const sortKey of s.sortKeys) {
        for (const reverse of s.args.has('reverse') ? [false, true] : [false]) {
          const label = `${s.parent}.${s.field}(sortKey: ${sortKey}, reverse: ${reverse})`;
          const base = { sortKey, ...(s.args.has('reverse') ? { reverse } : {}) };
          const all = (await page(s, { ...base, first: 250 })).items;
          expect({ label, matches: all.length > 2 }).toEqual({ label, matches: true });

          const forward: string[] = [];
          let after: string | null = null;
          for (let i = 0; i < 100; i++) {
            const { items, info }: { items: string[]; info: any } = await page(s, { ...base, first: 2, after });
            forward.push(...items);
            expect({ label, hasPreviousPage: info.hasPreviousPage }).toEqual({ label, hasPreviousPage: after !== null });
            if (!info.hasNextPage) break;
            after = info.endCursor;
          }
          expect({ label, forward }).toEqual({ label, forward: all });

          const backward: string[] = [];
          let before: string | null = null;
          for (let i = 0; i < 100; i++) {
            const { items, info }: { items: string[]; info: any } = await page(s, { ...base, last: 2, before });
            backward.unshift(...items);
            if (!info.hasPreviousPage) break;
            before = info.startCursor;
          }
          expect({ label, backward }).toEqual({ label, backward: all });
          walked.push(label);
        }
      }
    }
    // Products alone: 9 sort keys, each both ways.
    expect(walked.length).toBeGreaterThanOrEqual(40);
  });

  // Regression: a bare word with any sort key but RELEVANCE failed ("bind message supplies 4 parameters, but
  // prepared statement requires 3").
  it('answers products(query: "shirt") with every sort key', async () => {
    const products = searchables.find((s) => s.parent === queryType && s.field === 'products')!;
    for (const sortKey of products.sortKeys) {
      const res = await q('query($sortKey: ProductSortKeys) { products(first: 5, query: "shirt", sortKey: $sortKey) { nodes { id } } }', { sortKey });
      expect({ sortKey, errors: res.errors }).toEqual({ sortKey, errors: undefined });
    }
  });

  describe('hostile search syntax', () => {
    const hostile: [string, string][] = [
      ['a lone -', '-'],
      ['a lone NOT', 'NOT'],
      ['NOT NOT', 'NOT NOT'],
      ['an unclosed quote', 'title:"journal'],
      ['unbalanced parentheses', '((journal OR (shirt'],
      ['closing parentheses only', 'journal ) ) )'],
      ['20,000 nested parentheses', `${'('.repeat(20_000)}journal${')'.repeat(20_000)}`],
      ['20,000 negations', `${'-('.repeat(20_000)}journal`],
      ['5,000 terms', Array.from({ length: 5000 }, (_, i) => `tag:t${i}`).join(' OR ')],
      ['an impossible date', 'created_at:>2024-02-30'],
      ['an id beyond 2^53', 'id:99999999999999999999'],
      ['a price of 200 digits', `variants.price:<${'9'.repeat(200)}`],
      ['a word of 3,000 letters', 'a'.repeat(3000)],
      ['a prefix of stop words only', 'the* a*'],
      ['control characters', '\u0001\u0002 journal \u001f'],
    ];

    it.each(hostile)('answers %s without an error on every searchable connection', async (_name, query) => {
      for (const s of searchables) {
        const sortKey = s.sortKeys.includes('RELEVANCE') ? 'RELEVANCE' : s.sortKeys[0];
        const wrap = s.parent === queryType ? (inner: string) => inner : reach[s.parent];
        const res = await q(`query($q: String!, $sortKey: ${s.args.get('sortKey')!.replace(/!$/, '')}) { ${wrap(`${s.field}(first: 3, query: $q, sortKey: $sortKey) { nodes { __typename } }`)} }`, {
          q: query,
          sortKey,
        });
        expect({ connection: `${s.parent}.${s.field}`, errors: res.errors }).toEqual({ connection: `${s.parent}.${s.field}`, errors: undefined });
      }
    });

    it('answers generated queries with every sort key without an error (property, on a real server)', async () => {
      const lists = searchables.filter((s) => s.parent === queryType && ['products', 'articles'].includes(s.field));
      await fc.assert(
        fc.asyncProperty(anySearchQuery, fc.nat(), fc.nat(), fc.boolean(), async (query, list, key, reverse) => {
          const s = lists[list % lists.length];
          const sortKey = s.sortKeys[key % s.sortKeys.length];
          const res = await q(`query($q: String, $sortKey: ${s.args.get('sortKey')!.replace(/!$/, '')}, $reverse: Boolean) { ${s.field}(first: 3, query: $q, sortKey: $sortKey, reverse: $reverse) { nodes { id } } }`, {
            q: query,
            sortKey,
            reverse,
          });
          expect({ query, sortKey, errors: res.errors }).toEqual({ query, sortKey, errors: undefined });
        }),
        { seed: 20261124, numRuns: 150 },
      );
    });
  });
});
