import fc from 'fast-check';
import { MAX_QUANTITY, type LevelQuantities, isDocumentUri, onHand, planChange, quantityOf, reasonProblem } from './inventory.rules.js';

const level = fc.record({
  available: fc.integer({ min: -1000, max: 1000 }),
  committed: fc.nat(1000),
  damaged: fc.nat(1000),
  incoming: fc.nat(1000),
  quality_control: fc.nat(1000),
  reserved: fc.nat(1000),
  safety_stock: fc.nat(1000),
}) as fc.Arbitrary<LevelQuantities>;
const name = fc.constantFrom('available', 'damaged', 'incoming', 'quality_control', 'reserved', 'safety_stock', 'on_hand' as const);

describe('inventory rules', () => {
  it('a change moves its quantity by the delta; on_hand follows every name but incoming; the rest stay', () => {
    fc.assert(
      fc.property(level, name, fc.integer({ min: -5000, max: 5000 }), (before, changed, delta) => {
        const plan = planChange(before, { name: changed, delta, changeFromQuantity: null, itemId: 1, locationId: 2, ledgerDocumentUri: null }, 'changes[0]');
        if (!('after' in plan)) throw plan;
        expect(quantityOf(plan.after, changed)).toBe(quantityOf(before, changed) + delta);
        expect(onHand(plan.after) - onHand(before)).toBe(changed === 'incoming' ? 0 : delta);
        const moved = changed === 'on_hand' ? 'available' : changed;
        for (const key of Object.keys(before) as (keyof LevelQuantities)[]) if (key !== moved) expect(plan.after[key]).toBe(before[key]);
        expect(plan.changes[0]).toMatchObject({ name: moved, delta, quantityAfterChange: plan.after[moved] });
      }),
      { seed: 17, numRuns: 500 },
    );
  });

  it('compare-and-swap: a changeFromQuantity other than the stored quantity is stale, on its field', () => {
    fc.assert(
      fc.property(level, name, fc.integer({ min: -2000, max: 2000 }), (before, changed, read) => {
        const plan = planChange(before, { name: changed, delta: 1, changeFromQuantity: read, itemId: 1, locationId: 1, ledgerDocumentUri: null }, 'quantities[3]');
        if (read === quantityOf(before, changed)) expect('after' in plan).toBe(true);
        else expect(plan).toMatchObject({ code: 'CHANGE_FROM_QUANTITY_STALE', field: 'quantities[3].changeFromQuantity' });
      }),
      { seed: 18, numRuns: 500 },
    );
  });

  it('refuses quantities beyond ±1,000,000,000; takes the listed reasons and URIs only', () => {
    const zero: LevelQuantities = { available: 0, committed: 0, damaged: 0, incoming: 0, quality_control: 0, reserved: 0, safety_stock: 0 };
    const change = (delta: number) => planChange(zero, { name: 'available', delta, changeFromQuantity: undefined, itemId: 1, locationId: 1, ledgerDocumentUri: null }, 'q');
    expect(change(MAX_QUANTITY)).toHaveProperty('after');
    expect(change(MAX_QUANTITY + 1)).toMatchObject({ code: 'INVALID_QUANTITY_TOO_HIGH' });
    expect(change(-MAX_QUANTITY - 1)).toMatchObject({ code: 'INVALID_QUANTITY_TOO_LOW' });
    expect(reasonProblem('correction')).toBeNull();
    expect(reasonProblem('Correction')).toMatchObject({ code: 'INVALID_REASON' });
    expect(['gid://platform/Order/1', 'https://erp.example/po/7', 'logistics://count/1'].every(isDocumentUri)).toBe(true);
    expect(['', 'not a uri', 'gid:', `x:${'y'.repeat(3000)}`].some(isDocumentUri)).toBe(false);
  });
});
