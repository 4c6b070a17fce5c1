import fc from 'fast-check';
import { checkCollectionInput, reordered } from './collection-input.rules.js';

describe('collection input rules', () => {
  it('moves apply in order, 0-based, past the end meaning the end; unknown ids are skipped', () => {
    expect(reordered([1, 2, 3, 4], [{ id: 4, newPosition: 0 }])).toEqual([4, 1, 2, 3]);
    expect(reordered([1, 2, 3], [{ id: 1, newPosition: 99 }, { id: 3, newPosition: 0 }])).toEqual([3, 2, 1]);
    expect(reordered([1, 2], [{ id: 9, newPosition: 0 }])).toEqual([1, 2]);
  });

  it('a reordering keeps every product once', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(50), { maxLength: 20 }), fc.array(fc.record({ id: fc.nat(50), newPosition: fc.nat(30) }), { maxLength: 10 }), (ids, moves) => {
        expect([...reordered(ids, moves)].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
      }),
      { seed: 11, numRuns: 300 },
    );
  });

  it('create needs a title; a rule set is refused; update cannot set products', () => {
    expect(checkCollectionInput({}, 'create').problems.map((p) => [p.field, p.code])).toEqual([['title', 'BLANK']]);
    expect(checkCollectionInput({ title: 'T', ruleSet: { rules: [] } }, 'create').problems.map((p) => p.field)).toEqual(['ruleSet']);
    expect(checkCollectionInput({ products: [1] }, 'update').problems.map((p) => p.field)).toEqual(['products']);
    expect(checkCollectionInput({ title: ' T ', products: [3, 1, 3] }, 'create')).toEqual({ changes: { title: 'T', products: [3, 1] }, problems: [] });
  });
});
