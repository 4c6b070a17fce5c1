import { SqlParams } from '@platform/sql';
import { toConnection } from './connection.types.js';
import { cursorCodec, keysetPlan, pageOfList, pageRequest, toListPage } from '@platform/paging';

const TITLE = { expression: 'p.title', cast: 'text', descending: false } as const;
const BY_ID = { expression: 'p.id', cast: 'bigint', descending: false } as const;
const PRODUCTS_BY_TITLE = { connection: 'products', sortKey: 'TITLE' };
// A cursor with the tag of `cursor` and other values, as a client could make one.
const forged = (cursor: string, ...values: unknown[]) =>
  Buffer.from(JSON.stringify([JSON.parse(Buffer.from(cursor, 'base64url').toString())[0], ...values])).toString('base64url');
const titleCursor = (title: string, id: number) => cursorCodec(PRODUCTS_BY_TITLE, ['text', 'bigint']).encode([title, id]);

describe('keyset pagination', () => {
  it('walks forward after the cursor in the key order, adding its values to the statement', () => {
    const params = new SqlParams(2);
    const plan = keysetPlan(PRODUCTS_BY_TITLE, TITLE, pageRequest({ first: 10, after: titleCursor('M', 7) }), 'p.id', params);
    expect(plan).toMatchObject({ orderBy: 'p.title asc, p.id asc', after: '(p.title, p.id) > ($3::text, $4::bigint)' });
    expect(params.values).toEqual(['M', 7]);
  });

  it('walks backward for last/before', () => {
    const params = new SqlParams(1);
    const plan = keysetPlan(PRODUCTS_BY_TITLE, TITLE, pageRequest({ last: 10, before: titleCursor('M', 7) }), 'p.id', params);
    expect(plan).toMatchObject({ orderBy: 'p.title desc, p.id desc', after: '(p.title, p.id) < ($2::text, $3::bigint)' });
  });

  it('orders lists sorted by id by the id alone, with cursors of the id alone', () => {
    const scope = { connection: 'products', sortKey: 'ID' };
    const first = keysetPlan(scope, BY_ID, pageRequest({ first: 2 }), 'p.id', new SqlParams(2));
    expect(first).toMatchObject({ orderBy: 'p.id asc', after: '' });
    const params = new SqlParams(2);
    const next = keysetPlan(scope, BY_ID, pageRequest({ first: 2, after: first.cursorOf({ id: 41 }) }), 'p.id', params);
    expect(next.after).toBe('p.id > $3::bigint');
    expect(params.values).toEqual([41]);
  });

  it('reverse flips the direction, including for keys that are naturally descending', () => {
    const params = new SqlParams(2);
    expect(keysetPlan(PRODUCTS_BY_TITLE, TITLE, pageRequest({ first: 1, reverse: true }), 'p.id', params).orderBy).toBe('p.title desc, p.id desc');
    const relevance = { expression: 'rank', cast: 'real', descending: true } as const;
    const scope = { connection: 'products', sortKey: 'RELEVANCE' };
    expect(keysetPlan(scope, relevance, pageRequest({ first: 1 }), 'p.id', params).orderBy).toBe('rank desc, p.id desc');
    expect(keysetPlan(scope, relevance, pageRequest({ first: 1, reverse: true }), 'p.id', params).orderBy).toBe('rank asc, p.id asc');
    expect(params.values).toEqual([]);
  });

  it('refuses, before any SQL, a cursor of another connection, another sort key or with a value of the wrong type', () => {
    const page = (after: string) => pageRequest({ first: 1, after });
    const plan = (after: string) => keysetPlan(PRODUCTS_BY_TITLE, TITLE, page(after), 'p.id', new SqlParams(2));
    const ofCollectionProducts = cursorCodec({ connection: 'collection.products', sortKey: 'TITLE' }, ['text', 'bigint']).encode(['M', 7]);
    const ofVendor = cursorCodec({ connection: 'products', sortKey: 'VENDOR' }, ['text', 'bigint']).encode(['M', 7]);
    const priceScope = { connection: 'products', sortKey: 'PRICE' };
    const priceSort = { expression: 'p.min_price', cast: 'numeric', descending: false } as const;
    const wrongType = forged(cursorCodec(priceScope, ['numeric', 'bigint']).encode(['1.00', 7]), 'abc', 7);
    expect(() => plan(ofCollectionProducts)).toThrow('Invalid cursor for after');
    expect(() => plan(ofVendor)).toThrow('Invalid cursor for after');
    expect(() => keysetPlan(priceScope, priceSort, page(wrongType), 'p.id', new SqlParams(2))).toThrow('Invalid cursor for after');
    expect(() => keysetPlan(priceScope, priceSort, pageRequest({ last: 1, before: 'zzz' }), 'p.id', new SqlParams(2))).toThrow('Invalid cursor for before');
  });
});

describe('pages and connections', () => {
  const rows = [1, 2, 3].map((id) => ({ id, name: `row ${id}`, sortValue: `v${id}` }));
  const keyset = keysetPlan(PRODUCTS_BY_TITLE, TITLE, pageRequest({ first: 2 }), 'p.id', new SqlParams(2));
  const page = toListPage(rows, pageRequest({ first: 2 }), keyset);

  it('keeps the page size and gives each item the cursor of its sort value and id', () => {
    expect(page.items.map((i) => i.record.id)).toEqual([1, 2]);
    expect(page.items.map((i) => i.cursor)).toEqual([titleCursor('v1', 1), titleCursor('v2', 2)]);
    expect(page).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
  });

  it('restores the list order of backward pages', () => {
    const backward = toListPage([3, 2, 1].map((id) => ({ id, sortValue: 'News' })), pageRequest({ last: 2, before: titleCursor('News', 4) }), keyset);
    expect(backward.items.map((i) => i.record.id)).toEqual([2, 3]);
    expect(backward).toMatchObject({ hasPreviousPage: true, hasNextPage: true });
  });

  it('builds nodes, edges and page cursors of a connection', () => {
    const connection = toConnection(page.items, (i) => i.cursor, (i) => i.record.name, page);
    expect(connection.nodes).toEqual(['row 1', 'row 2']);
    expect(connection.edges).toEqual([
      { cursor: titleCursor('v1', 1), node: 'row 1' },
      { cursor: titleCursor('v2', 2), node: 'row 2' },
    ]);
    expect(connection.pageInfo).toMatchObject({ startCursor: titleCursor('v1', 1), endCursor: titleCursor('v2', 2), hasNextPage: true });
  });

  it('has null page cursors when the page is empty', () => {
    const empty = toConnection([], () => 'never', (x) => x, { hasNextPage: false, hasPreviousPage: false });
    expect(empty.pageInfo).toMatchObject({ startCursor: null, endCursor: null });
    expect(empty.edges).toEqual([]);
  });
});

describe('pages of lists held in memory', () => {
  const scope = { connection: 'sellingPlanGroup.sellingPlans', sortKey: 'POSITION' };
  const list = ['a', 'b', 'c', 'd', 'e'];
  const byIndex = (_item: string, index: number) => index;
  const walk = (input: Parameters<typeof pageRequest>[0]) => pageOfList(list, pageRequest(input), scope, byIndex);

  it('walks forward and backward from cursors, with no gap and no overlap', () => {
    const first = walk({ first: 2 });
    expect(first.items.map((i) => i.record)).toEqual(['a', 'b']);
    expect(first).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const second = walk({ first: 2, after: first.items[1].cursor });
    expect(second.items.map((i) => i.record)).toEqual(['c', 'd']);
    expect(second).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
    const last = walk({ last: 2 });
    expect(last.items.map((i) => i.record)).toEqual(['d', 'e']);
    const before = walk({ last: 2, before: last.items[0].cursor });
    expect(before.items.map((i) => i.record)).toEqual(['b', 'c']);
    expect(walk({ first: 5, reverse: true }).items.map((i) => i.record)).toEqual(['e', 'd', 'c', 'b', 'a']);
  });

  it('refuses cursors of other lists', () => {
    const ofGroups = cursorCodec({ connection: 'product.sellingPlanGroups', sortKey: 'ID' }, ['bigint']).encode([1]);
    expect(() => walk({ first: 2, after: ofGroups })).toThrow('Invalid cursor for after');
    // The old cursor of a plan: base64 of its index.
    expect(() => walk({ first: 2, after: Buffer.from('1').toString('base64url') })).toThrow('Invalid cursor for after');
  });
});
