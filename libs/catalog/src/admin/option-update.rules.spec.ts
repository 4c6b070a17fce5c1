import fc from 'fast-check';
import { combinations } from './option-input.rules.js';
import { type OptionUpdateInput, type OptionWithValueIds, planOptionUpdate } from './option-update.rules.js';
import { combinationKey } from './variant-input.rules.js';

const NAMES = ['A', 'b', 'B', 'c', 'Red', 'red', ' Blue ', ''];

// One to three options, their values from NAMES (distinct case aside), ids 1, 2, 3… across them, and the variants a
// random non-empty subset of the combinations.
const product = fc
  .array(fc.uniqueArray(fc.constantFrom('S', 'M', 'L', 'Red', 'Blue'), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 3 })
  .chain((valueLists) => {
    let next = 1;
    const options: OptionWithValueIds[] = valueLists.map((values, i) => ({ id: 100 + i, name: `O${i}`, position: i + 1, values, valueIds: values.map(() => next++) }));
    const all = combinations(valueLists);
    return fc.subarray(all, { minLength: 1 }).map((picked) => ({ options, variants: picked.map((values, i) => ({ id: 1000 + i, values })) }));
  });

const input = (options: OptionWithValueIds[]) =>
  fc.record({
    optionId: fc.constantFrom(...options.map((o) => o.id), 999),
    name: fc.option(fc.constantFrom(...NAMES, 'O0', 'o1'), { nil: null }),
    position: fc.option(fc.integer({ min: 0, max: 4 }), { nil: null }),
    valuesToAdd: fc.array(fc.record({ name: fc.constantFrom(...NAMES, 'S', 'XL') }), { maxLength: 3 }),
    valuesToUpdate: fc.array(fc.record({ id: fc.integer({ min: 1, max: 13 }), name: fc.constantFrom(...NAMES, 'XL') }), { maxLength: 2 }),
    valuesToDelete: fc.array(fc.integer({ min: 1, max: 13 }), { maxLength: 3 }),
  }) as fc.Arbitrary<OptionUpdateInput>;

describe('productOptionUpdate rules', () => {
  it('either refuses with problems or plans options and variants that stay consistent', () => {
    fc.assert(
      fc.property(
        product.chain((p) => fc.tuple(fc.constant(p), input(p.options), fc.constantFrom('LEAVE_AS_IS' as const, 'MANAGE' as const))),
        ([{ options, variants }, update, strategy]) => {
          const { plan, problems } = planOptionUpdate(options, variants, update, strategy);
          if (!plan) {
            expect(problems.length).toBeGreaterThan(0);
            return;
          }
          expect(problems).toEqual([]);
          expect(plan.options.map((o) => o.position)).toEqual(options.map((_, i) => i + 1));
          for (const option of plan.options) {
            expect(option.valueIds).toHaveLength(option.values.length);
            expect(option.values.length).toBeGreaterThan(0);
            expect(new Set(option.values.map((v) => v.toLowerCase())).size).toBe(option.values.length);
            const ids = option.valueIds.filter((id) => id !== null);
            expect(new Set(ids).size).toBe(ids.length);
          }
          const after = [...plan.updated.map((v) => v.values), ...plan.created];
          expect(after.length).toBeGreaterThan(0);
          expect(new Set(after.map(combinationKey)).size).toBe(after.length);
          for (const values of after) values.forEach((value, i) => expect(plan.options[i]!.values).toContain(value));
          expect(plan.updated.length + plan.deleted.length).toBe(variants.length);
          if (strategy === 'LEAVE_AS_IS') {
            expect(plan.deleted).toEqual([]);
            expect(plan.created).toEqual([]);
          }
        },
      ),
      { seed: 35, numRuns: 1000 },
    );
  });

  it('keeps a renamed value its id and gives an added one none (the database numbers it)', () => {
    const options: OptionWithValueIds[] = [{ id: 1, name: 'Color', position: 1, values: ['Red', 'Blue'], valueIds: [10, 11] }];
    const { plan } = planOptionUpdate(options, [{ id: 5, values: ['Red'] }], { optionId: 1, valuesToAdd: [{ name: 'Red' }], valuesToUpdate: [{ id: 10, name: 'Crimson' }], valuesToDelete: [11] }, 'LEAVE_AS_IS');
    expect(plan!.options).toEqual([{ id: 1, name: 'Color', position: 1, values: ['Crimson', 'Red'], valueIds: [10, null] }]);
    expect(plan!.updated).toEqual([{ id: 5, values: ['Crimson'] }]);
  });
});
