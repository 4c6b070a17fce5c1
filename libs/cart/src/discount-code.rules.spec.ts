import { Decimal } from '@platform/money';
import type { DiscountRecord } from './cart.records.js';
import { checkNewDiscountCode, discountRefusal } from './discount-code.rules.js';
import { discountRecord } from './testing/discount-code.factory.js';

const NOW = new Date('2026-11-24T12:00:00Z');
const same = (amount: string) => amount;

describe('discountRefusal', () => {
  it.each<[string, Partial<DiscountRecord> | undefined, string, string | null]>([
    ['a live code', {}, '10.00', null],
    ['a code the shop does not have', undefined, '10.00', 'NOT_FOUND'],
    ['before it starts', { startsAt: new Date('2026-12-01T00:00:00Z') }, '10.00', 'INACTIVE'],
    ['at its end', { endsAt: NOW }, '10.00', 'INACTIVE'],
    ['before its end', { endsAt: new Date('2026-11-25T00:00:00Z') }, '10.00', null],
    ['used up', { usageLimit: 3, usageCount: 3 }, '10.00', 'USAGE_LIMIT_REACHED'],
    ['with uses left', { usageLimit: 3, usageCount: 2 }, '10.00', null],
    ['below the minimum', { minimumSubtotal: '50.00' }, '49.99', 'NOT_IN_RANGE'],
    ['at the minimum', { minimumSubtotal: '50.00' }, '50.00', null],
    ['on an empty cart', {}, '0.00', 'NOT_IN_RANGE'],
    // The first reason in the order the buyer can act on last: ended before used up before the subtotal.
    ['ended and used up below the minimum', { endsAt: NOW, usageLimit: 1, usageCount: 1, minimumSubtotal: '50.00' }, '1.00', 'INACTIVE'],
    ['used up below the minimum', { usageLimit: 1, usageCount: 1, minimumSubtotal: '50.00' }, '1.00', 'USAGE_LIMIT_REACHED'],
  ])('%s', (_name, over, subtotal, expected) => expect(discountRefusal(over && discountRecord(over), subtotal, NOW, same)).toBe(expected));

  it('compares the minimum in the cart currency', () => {
    const toEuros = (amount: string) => new Decimal(amount).times(2).toFixed(2);
    expect(discountRefusal(discountRecord({ minimumSubtotal: '50.00' }), '99.99', NOW, toEuros)).toBe('NOT_IN_RANGE');
    expect(discountRefusal(discountRecord({ minimumSubtotal: '50.00' }), '100.00', NOW, toEuros)).toBeNull();
  });
});

describe('checkNewDiscountCode', () => {
  it('trims the code and refuses a blank code, a percentage over 100 and an inexact amount', () => {
    expect(checkNewDiscountCode({ code: ' TEN ', valueType: 'percentage', value: '10' }, NOW, 'd')).toMatchObject({ code: 'TEN', value: '10.00', startsAt: NOW });
    expect(() => checkNewDiscountCode({ code: ' ', valueType: 'percentage', value: '10' }, NOW, 'd')).toThrow(expect.objectContaining({ field: 'd.code' }));
    expect(() => checkNewDiscountCode({ code: 'X', valueType: 'percentage', value: '100.01' }, NOW, 'd')).toThrow(expect.objectContaining({ field: 'd.value' }));
    expect(() => checkNewDiscountCode({ code: 'X', valueType: 'fixed_amount', value: '1.005' }, NOW, 'd')).toThrow(expect.objectContaining({ field: 'd.value' }));
  });
});
