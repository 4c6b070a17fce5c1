import { pageRequest } from './page-request.js';
import { decodeCursor, encodeCursor, keysetPlan } from './keyset.js';

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
