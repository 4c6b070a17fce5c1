import fc from 'fast-check';
import { cartGid, cartLineGid, checkAdditions, checkAttributes, checkContact, checkDiscountCodes, checkLineChanges, checkLineRemovals, checkNote, linesAfterAdding, merchandiseIdOf, parseCartId, parseCartLineId, type MerchandiseFacts } from './cart.rules.js';

const TOKEN = 'a'.repeat(32);
const KEY = 'b'.repeat(32);
const variant = (id: number, availableForSale = true): MerchandiseFacts => ({ id, price: '10.00', compareAtPrice: null, availableForSale });
const catalog = new Map([1, 2, 3].map((id) => [id, variant(id)]));
catalog.set(9, variant(9, false));
const found = (id: number) => catalog.get(id) ?? null;
const gid = (id: number) => `gid://platform/ProductVariant/${id}`;
const cart = { token: TOKEN, lines: [{ id: 10, variantId: 1, quantity: 2, price: '10.00', compareAtPrice: null }, { id: 11, variantId: 2, quantity: 1, price: '10.00', compareAtPrice: null }] };
const codesOf = (problems: { code: string; field?: string }[]) => problems.map((p) => [p.code, p.field]);

describe('cart ids', () => {
  it('round-trips and refuses anything else', () => {
    expect(parseCartId(cartGid(TOKEN, KEY))).toEqual({ token: TOKEN, key: KEY });
    for (const id of ['', 'gid://platform/Cart/1', `gid://platform/Cart/${TOKEN}`, `gid://platform/Cart/${TOKEN}?key=${KEY}x`, `gid://platform/Order/${TOKEN}?key=${KEY}`]) expect(parseCartId(id)).toBeNull();
    expect(parseCartLineId(cartLineGid(10, TOKEN), TOKEN)).toBe(10);
    expect(parseCartLineId(cartLineGid(10, TOKEN), 'c'.repeat(32))).toBeNull();
    expect(merchandiseIdOf(gid(4))).toBe(4);
    expect(merchandiseIdOf('gid://platform/Product/4')).toBeNull();
  });

  it('parses only what it formats', () => {
    fc.assert(fc.property(fc.string(), (s) => expect(parseCartId(s) === null || cartGid(parseCartId(s)!.token, parseCartId(s)!.key) === s).toBe(true)));
  });
});

describe('checkAdditions', () => {
  it.each<[string, { merchandiseId: string; quantity?: number | null }, [string, string][]]>([
    ['an unknown variant', { merchandiseId: gid(99) }, [['MERCHANDISE_NOT_FOUND', 'lines[0].merchandiseId']]],
    ['a product id', { merchandiseId: 'gid://platform/Product/1' }, [['MERCHANDISE_NOT_FOUND', 'lines[0].merchandiseId']]],
    ['a sold-out variant', { merchandiseId: gid(9) }, [['SOLD_OUT', 'lines[0].merchandiseId']]],
    ['quantity 0', { merchandiseId: gid(1), quantity: 0 }, [['INVALID_QUANTITY', 'lines[0].quantity']]],
    ['a negative quantity', { merchandiseId: gid(1), quantity: -1 }, [['INVALID_QUANTITY', 'lines[0].quantity']]],
    ['too many units', { merchandiseId: gid(1), quantity: 1_000_001 }, [['QUANTITY_TOO_LARGE', 'lines[0].quantity']]],
    ['a good line', { merchandiseId: gid(1), quantity: null }, []],
  ])('%s', (_name, input, problems) => expect(codesOf(checkAdditions([input], 'lines', found).problems)).toEqual(problems));

  it('merges lines of one variant', () => {
    const { additions } = checkAdditions([{ merchandiseId: gid(1), quantity: 2 }, { merchandiseId: gid(2) }, { merchandiseId: gid(1), quantity: 3 }], 'lines', found);
    expect(additions.map((a) => [a.variantId, a.quantity])).toEqual([
      [1, 5],
      [2, 1],
    ]);
  });
});

describe('linesAfterAdding', () => {
  it('adds up quantities of a variant already there and appends the others', () => {
    const { lines } = linesAfterAdding(cart.lines, [{ variantId: 2, quantity: 3, variant: variant(2) }, { variantId: 3, quantity: 1, variant: variant(3) }], 'lines');
    expect(lines).toEqual([
      { variantId: 1, quantity: 2 },
      { variantId: 2, quantity: 4 },
      { variantId: 3, quantity: 1 },
    ]);
  });

  it('refuses a 251st line and a line over the maximum', () => {
    const full = Array.from({ length: 250 }, (_, i) => ({ variantId: i + 1, quantity: 1 }));
    expect(codesOf(linesAfterAdding(full, [{ variantId: 999, quantity: 1, variant: variant(999) }], 'lines').problems)).toEqual([['TOO_MANY_LINES', 'lines']]);
    expect(linesAfterAdding(full, [{ variantId: 1, quantity: 1, variant: variant(1) }], 'lines').problems).toEqual([]);
    expect(codesOf(linesAfterAdding([{ variantId: 1, quantity: 999_999 }], [{ variantId: 1, quantity: 2, variant: variant(1) }], 'lines').problems)).toEqual([['QUANTITY_TOO_LARGE', 'lines']]);
  });

  it('keeps one line per variant and every unit, whatever is added', () => {
    const addition = fc.record({ variantId: fc.integer({ min: 1, max: 20 }), quantity: fc.integer({ min: 1, max: 100 }) });
    fc.assert(
      fc.property(fc.array(addition, { maxLength: 30 }), fc.array(addition, { maxLength: 30 }), (first, second) => {
        const once = linesAfterAdding([], checkAdditions(first.map((a) => ({ merchandiseId: gid(a.variantId), quantity: a.quantity })), 'l', (id) => variant(id)).additions, 'l').lines;
        const twice = linesAfterAdding(once, checkAdditions(second.map((a) => ({ merchandiseId: gid(a.variantId), quantity: a.quantity })), 'l', (id) => variant(id)).additions, 'l').lines;
        expect(new Set(twice.map((l) => l.variantId)).size).toBe(twice.length);
        expect(twice.reduce((s, l) => s + l.quantity, 0)).toBe([...first, ...second].reduce((s, a) => s + a.quantity, 0));
      }),
    );
  });
});

describe('checkLineChanges', () => {
  const line = (id: number) => cartLineGid(id, TOKEN);
  it.each<[string, { id: string; quantity?: number | null; merchandiseId?: string | null }[], [string, string][]]>([
    ['a line of another cart', [{ id: cartLineGid(10, 'c'.repeat(32)), quantity: 1 }], [['LINE_NOT_FOUND', 'lines[0].id']]],
    ['an unknown line', [{ id: line(99), quantity: 1 }], [['LINE_NOT_FOUND', 'lines[0].id']]],
    ['a line twice', [{ id: line(10), quantity: 1 }, { id: line(10), quantity: 3 }], [['INVALID', 'lines[1].id']]],
    ['a negative quantity', [{ id: line(10), quantity: -1 }], [['INVALID_QUANTITY', 'lines[0].quantity']]],
    ['a sold-out variant', [{ id: line(10), merchandiseId: gid(9) }], [['SOLD_OUT', 'lines[0].merchandiseId']]],
    ['the variant of another line', [{ id: line(10), merchandiseId: gid(2) }], [['INVALID', 'lines[0].merchandiseId']]],
    ['swapping with a removed line', [{ id: line(11), quantity: 0 }, { id: line(10), merchandiseId: gid(2) }], []],
    ['quantity 0 removes', [{ id: line(10), quantity: 0 }], []],
  ])('%s', (_name, updates, problems) => expect(codesOf(checkLineChanges(cart, updates, 'lines', found).problems)).toEqual(problems));
});

describe('the other inputs', () => {
  it('removals name lines of the cart', () => {
    expect(checkLineRemovals(cart, [cartLineGid(10, TOKEN), cartLineGid(10, TOKEN)], 'lineIds')).toEqual({ lineIds: [10], problems: [] });
    expect(codesOf(checkLineRemovals(cart, ['x'], 'lineIds').problems)).toEqual([['LINE_NOT_FOUND', 'lineIds[0]']]);
  });

  it('notes: blank is none, over 5,000 characters is too long', () => {
    expect(checkNote('  ', 'note').note).toBeNull();
    expect(checkNote('hi', 'note').note).toBe('hi');
    expect(codesOf(checkNote('x'.repeat(5001), 'note').problems)).toEqual([['NOTE_TOO_LONG', 'note']]);
  });

  it('attributes: keys trimmed, last value wins, blank or long keys refused', () => {
    expect(checkAttributes([{ key: ' a ', value: '1' }, { key: 'b', value: '2' }, { key: 'a', value: '3' }], 'attributes').attributes).toEqual([
      { key: 'b', value: '2' },
      { key: 'a', value: '3' },
    ]);
    expect(codesOf(checkAttributes([{ key: '', value: '1' }, { key: 'k'.repeat(256), value: '' }], 'attributes').problems)).toEqual([
      ['INVALID', 'attributes[0].key'],
      ['INVALID', 'attributes[1].key'],
    ]);
  });

  it('codes: trimmed, blanks dropped, once whatever the case', () => {
    expect(checkDiscountCodes([' WELCOME10 ', '', 'welcome10', 'FIVE'], 'discountCodes').codes).toEqual(['WELCOME10', 'FIVE']);
    expect(codesOf(checkDiscountCodes(['x'.repeat(256)], 'discountCodes').problems)).toEqual([['INVALID', 'discountCodes[0]']]);
  });

  it('contact: an email address and an E.164 phone', () => {
    expect(checkContact({ email: ' a@b.co ', phone: '+1 (613) 555-1111' }, 'buyerIdentity')).toEqual({ email: 'a@b.co', phone: '+16135551111', problems: [] });
    expect(checkContact({}, 'b')).toEqual({ email: undefined, phone: undefined, problems: [] });
    expect(checkContact({ email: null, phone: '' }, 'b')).toEqual({ email: null, phone: null, problems: [] });
    expect(codesOf(checkContact({ email: 'nope', phone: '12' }, 'b').problems)).toEqual([
      ['INVALID', 'b.email'],
      ['INVALID', 'b.phone'],
    ]);
  });
});
