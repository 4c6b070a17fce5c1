import { pageRequest } from '@platform/paging';
import { type SearchPosition, type SearchWalk, compareAlongWalk, resumeAfter, roundRobin, searchCursors, styledSuggestion, toTsquery } from './search.rules.js';

describe('search rules', () => {
  const natural: SearchWalk = { sortKey: 'RELEVANCE', natural: true };
  const reversed: SearchWalk = { sortKey: 'RELEVANCE', natural: false };
  const at = (value: string, type: SearchPosition['type'], id: number): SearchPosition => ({ value, type, id });

  it('orders by rank desc, then type, then id, and flips all three when reversed', () => {
    const items = [at('0.1', 'PRODUCT', 2), at('0.5', 'PAGE', 9), at('0.1', 'ARTICLE', 7), at('0.1', 'PRODUCT', 1)];
    const sorted = [...items].sort((a, b) => compareAlongWalk(a, b, natural));
    expect(sorted).toEqual([items[1], items[2], items[3], items[0]]);
    expect([...items].sort((a, b) => compareAlongWalk(a, b, reversed))).toEqual([...sorted].reverse());
  });

  it('resumes each source past the cursor: all, none or after the id at an equal rank', () => {
    const cursor = at('0.1', 'PAGE', 5);
    const max = Number.MAX_SAFE_INTEGER;
    expect(resumeAfter('ARTICLE', cursor, natural)).toEqual({ value: '0.1', idBound: max });
    expect(resumeAfter('PAGE', cursor, natural)).toEqual({ value: '0.1', idBound: 5 });
    expect(resumeAfter('PRODUCT', cursor, natural)).toEqual({ value: '0.1', idBound: 0 });
    expect(resumeAfter('ARTICLE', cursor, reversed)).toEqual({ value: '0.1', idBound: max });
    expect(resumeAfter('PRODUCT', cursor, reversed)).toEqual({ value: '0.1', idBound: 0 });
  });

  it('round-trips cursors and refuses those of the other sort key or with a value of the wrong type', () => {
    const relevance = searchCursors('RELEVANCE');
    const position = at('0.0607927', 'ARTICLE', 12);
    const cursor = relevance.encode(position);
    expect(relevance.positionOf(pageRequest({ first: 1, after: cursor }))).toEqual(position);
    expect(relevance.positionOf(pageRequest({ first: 1 }))).toBeNull();
    expect(() => relevance.positionOf(pageRequest({ last: 1, before: 'bm9wZQ' }))).toThrow('Invalid cursor for before');
    expect(() => searchCursors('PRICE').positionOf(pageRequest({ first: 1, after: cursor }))).toThrow('Invalid cursor for after');
    const price = searchCursors('PRICE');
    expect(price.positionOf(pageRequest({ first: 1, after: price.encode(at('19.99', 'PRODUCT', 3)) }))).toEqual(at('19.99', 'PRODUCT', 3));
    for (const bad of [at('1e-50', 'PAGE', 1), at('cheap', 'PAGE', 1), at('0.1', 'COLLECTION' as SearchPosition['type'], 1)]) {
      expect(() => relevance.positionOf(pageRequest({ first: 1, after: relevance.encode(bad) }))).toThrow('Invalid cursor for after');
    }
  });

  it('builds prefix tsqueries, marks typed text and shares a limit', () => {
    expect(toTsquery(['blue', 'sh'], true)).toBe('blue & sh:*');
    expect(toTsquery([], true)).toBeNull();
    expect(styledSuggestion('blue shirt', 'blue sh')).toBe('<mark>blue sh</mark>irt');
    expect(styledSuggestion('a<b', 'a')).toBe('<mark>a</mark>&#60;b');
    expect(roundRobin<number | string>([[1, 2, 3], [], ['a']], 3)).toEqual([[1, 2], [], ['a']]);
  });
});
