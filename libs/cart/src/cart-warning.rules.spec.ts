import { discountWarnings, lineWarnings } from './cart-warning.rules.js';
import type { CartAttribute, CartLineRecord } from './cart.records.js';
import { type MerchandiseFacts, lineKey } from './cart.rules.js';

const variant = (id: number, availableForSale = true, inventoryQuantity = 10): MerchandiseFacts => ({ id, price: '10.00', compareAtPrice: null, availableForSale, inventoryQuantity });
const line = (id: number, variantId: number, quantity: number, attributes: CartAttribute[] = []): CartLineRecord => ({ id, variantId, attributes, quantity, price: '10.00', compareAtPrice: null });
const GIFT = [{ key: 'gift', value: 'yes' }];

describe('lineWarnings', () => {
  const variants = new Map<number, MerchandiseFacts | null>([
    [1, variant(1)],
    [2, variant(2, false)],
    [3, null],
    [4, variant(4, true, 3)],
  ]);

  it('warns, in line order, of lines no longer for sale and of lines cut to their stock', () => {
    const lines = [line(10, 1, 2), line(11, 2, 1), line(12, 3, 1), line(13, 4, 3), line(14, 4, 1, GIFT)];
    expect(lineWarnings(lines, variants, new Set([lineKey(4, []), lineKey(1, GIFT)]))).toEqual([
      { code: 'MERCHANDISE_OUT_OF_STOCK', message: 'This item is out of stock.', lineId: 11 },
      { code: 'MERCHANDISE_OUT_OF_STOCK', message: 'This item is no longer available.', lineId: 12 },
      { code: 'MERCHANDISE_NOT_ENOUGH_STOCK', message: 'Only 3 items were added to your cart due to availability.', lineId: 13 },
    ]);
  });

  it('says one item, and says nothing of lines whose variant was not read or that are fine', () => {
    expect(lineWarnings([line(13, 4, 1)], variants, new Set([lineKey(4, [])]))[0]!.message).toBe('Only 1 item was added to your cart due to availability.');
    expect(lineWarnings([line(15, 99, 1), line(10, 1, 2)], variants, new Set([lineKey(99, [])]))).toEqual([]);
  });
});

describe('discountWarnings', () => {
  it("warns of each code that does not apply with its reason's hosted code, about the cart", () => {
    const codes = [
      { code: 'nope', applicable: false, refusal: 'NOT_FOUND' as const },
      { code: 'OLD', applicable: false, refusal: 'INACTIVE' as const },
      { code: 'USED', applicable: false, refusal: 'USAGE_LIMIT_REACHED' as const },
      { code: 'BIG', applicable: false, refusal: 'NOT_IN_RANGE' as const },
      { code: 'TEN', applicable: true, refusal: null },
      { code: 'FIVE', applicable: false, refusal: 'NOT_HONOURED' as const },
    ];
    const warnings = discountWarnings(codes);
    expect(warnings.map((w) => [w.code, w.lineId])).toEqual([
      ['DISCOUNT_NOT_FOUND', null],
      ['DISCOUNT_CURRENTLY_INACTIVE', null],
      ['DISCOUNT_USAGE_LIMIT_REACHED', null],
      ['DISCOUNT_PURCHASE_NOT_IN_RANGE', null],
      ['DISCOUNT_CODE_NOT_HONOURED', null],
    ]);
    expect(warnings.map((w) => w.message)).toEqual([
      'The discount code nope does not exist.',
      'The discount code OLD is not active now.',
      'The discount code USED has reached its usage limit.',
      "The cart's subtotal is not in the range of the discount code BIG.",
      'The discount code FIVE cannot be combined with the code that applies.',
    ]);
    expect(discountWarnings([])).toEqual([]);
  });
});
