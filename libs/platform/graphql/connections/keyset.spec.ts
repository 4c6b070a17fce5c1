import { pageRequest } from './page-request.js';
import { decodeCursor, encodeCursor, keysetPlan, toListPage } from './keyset.js';
import { toConnection } from './connection.types.js';

const TITLE = { expression: 'p.title', cast: 'text', descending: false };

describe('keyset pagination', () => {
  it('round-trips opaque cursors and refuses tampered ones', () => {
    const cursor = encodeCursor('Blue shirt', 42);
    expect(cursor).not.toContain('Blue');
    expect(decodeCursor(cursor, 'after')).toEqual(['Blue shirt', 42]);
    expect(() => decodeCursor('not-a-cursor', 'after')).toThrow(/Invalid cursor for after/);
  });

  it('walks forward after the cursor in the key order', () => {
    const plan = keysetPlan(TITLE, pageRequest({ first: 10, after: encodeCursor('M', 7) }), 'p.id', 3);
    expect(plan).toEqual({ orderBy: 'p.title asc, p.id asc', after: '(p.title, p.id) > ($3::text, $4::bigint)', params: ['M', 7], flip: false });
  });

  it('walks backward for last/before and says to flip the rows', () => {
    const plan = keysetPlan(TITLE, pageRequest({ last: 10, before: encodeCursor('M', 7) }), 'p.id', 2);
    expect(plan).toMatchObject({ orderBy: 'p.title desc, p.id desc', after: '(p.title, p.id) < ($2::text, $3::bigint)', flip: true });
  });

  it('reverse flips the direction, including for keys that are naturally descending', () => {
    expect(keysetPlan(TITLE, pageRequest({ first: 1, reverse: true }), 'p.id', 2).orderBy).toBe('p.title desc, p.id desc');
    const relevance = { expression: 'rank', cast: 'real', descending: true };
    expect(keysetPlan(relevance, pageRequest({ first: 1 }), 'p.id', 2).orderBy).toBe('rank desc, p.id desc');
    expect(keysetPlan(relevance, pageRequest({ first: 1, reverse: true }), 'p.id', 2).orderBy).toBe('rank asc, p.id asc');
  });
});

describe('pages and connections', () => {
  const rows = [1, 2, 3].map((id) => ({ id, name: `row ${id}`, sortValue: `v${id}` }));
  const page = toListPage(rows, pageRequest({ first: 2 }), false);

  it('keeps the page size and gives each item the cursor of its sort value and id', () => {
    expect(page.items.map((i) => i.record.id)).toEqual([1, 2]);
    expect(page.items.map((i) => i.cursor)).toEqual([encodeCursor('v1', 1), encodeCursor('v2', 2)]);
    expect(page).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
  });

  it('builds nodes, edges and page cursors of a connection', () => {
    const connection = toConnection(page.items, (i) => i.cursor, (i) => i.record.name, page);
    expect(connection.nodes).toEqual(['row 1', 'row 2']);
    expect(connection.edges).toEqual([
      { cursor: encodeCursor('v1', 1), node: 'row 1' },
      { cursor: encodeCursor('v2', 2), node: 'row 2' },
    ]);
    expect(connection.pageInfo).toMatchObject({ startCursor: encodeCursor('v1', 1), endCursor: encodeCursor('v2', 2), hasNextPage: true });
  });

  it('has null page cursors when the page is empty', () => {
    const empty = toConnection([], () => 'never', (x) => x, { hasNextPage: false, hasPreviousPage: false });
    expect(empty.pageInfo).toMatchObject({ startCursor: null, endCursor: null });
    expect(empty.edges).toEqual([]);
  });
});
