import fc from 'fast-check';
import {
  type LineAddition,
  type MerchandiseFacts,
  cartGid,
  cartLineGid,
  checkAdditions,
  checkAttributes,
  checkContact,
  checkDiscountCodes,
  checkLineAttributes,
  checkLineChanges,
  checkLineRemovals,
  checkNote,
  lineCap,
  lineKey,
  linesAfterAdding,
  parseCartId,
  parseCartLineId,
} from './cart.rules.js';
import type { CartAttribute, CartLineRecord } from './cart.records.js';

const TOKEN = 'a'.repeat(32);
const KEY = 'b'.repeat(32);
// Untracked unless given a stock (for sale with no units sells on).
const variant = (id: number, availableForSale = true, inventoryQuantity = 0): MerchandiseFacts => ({ id, price: '10.00', compareAtPrice: null, availableForSale, inventoryQuantity });
const catalog = new Map([1, 2, 3].map((id) => [id, variant(id)]));
catalog.set(9, variant(9, false));
catalog.set(5, variant(5, true, 4));
const found = (id: number) => catalog.get(id) ?? null;
const gid = (id: number) => `gid://platform/ProductVariant/${id}`;
const GIFT: CartAttribute[] = [{ key: 'gift', value: 'yes' }];
const stored = (id: number, variantId: number, quantity: number, attributes: CartAttribute[] = []): CartLineRecord => ({ id, variantId, attributes, quantity, price: '10.00', compareAtPrice: null });
const cart = { token: TOKEN, lines: [stored(10, 1, 2), stored(11, 2, 1)] };
const adding = (variantId: number, quantity: number, attributes: CartAttribute[] = [], facts = variant(variantId)): LineAddition => ({ key: lineKey(variantId, attributes), variantId, attributes, quantity, variant: facts });
const codesOf = (problems: { code: string; field?: string }[]) => problems.map((p) => [p.code, p.field]);

describe('cart ids', () => {
  it('round-trips and refuses anything else', () => {
    expect(parseCartId(cartGid(TOKEN, KEY))).toEqual({ token: TOKEN, key: KEY });
    for (const id of ['', 'gid://platform/Cart/1', `gid://platform/Cart/${TOKEN}`, `gid://platform/Cart/${TOKEN}?key=${KEY}x`, `gid://platform/Order/${TOKEN}?key=${KEY}`]) expect(parseCartId(id)).toBeNull();
    expect(parseCartLineId(cartLineGid(10, TOKEN), TOKEN)).toBe(10);
    expect(parseCartLineId(cartLineGid(10, TOKEN), 'c'.repeat(32))).toBeNull();
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

  it('merges lines of one variant with equal attributes, whatever their order', () => {
    const { additions } = checkAdditions(
      [
        { merchandiseId: gid(1), quantity: 2 },
        { merchandiseId: gid(2) },
        { merchandiseId: gid(1), quantity: 3, attributes: [] },
        { merchandiseId: gid(1), attributes: [{ key: 'b', value: '2' }, { key: 'a', value: '1' }] },
        { merchandiseId: gid(1), quantity: 4, attributes: [{ key: 'a', value: '1' }, { key: ' b ', value: '2' }] },
        { merchandiseId: gid(1), attributes: [{ key: 'a', value: 'other' }] },
      ],
      'lines',
      found,
    );
    expect(additions.map((a) => [a.variantId, a.quantity, a.attributes])).toEqual([
      [1, 5, []],
      [2, 1, []],
      [1, 5, [{ key: 'a', value: '1' }, { key: 'b', value: '2' }]],
      [1, 1, [{ key: 'a', value: 'other' }]],
    ]);
  });

  it('bounds what attributes hold in all: 1,000 characters a line, 10,000 the cart', () => {
    const line = (value: string) => checkLineAttributes([{ key: 'ab', value: 'x'.repeat(400) }, { key: 'cd', value }], 'lines[0].attributes').problems;
    expect(line('x'.repeat(596))).toEqual([]);
    expect(codesOf(line('x'.repeat(597)))).toEqual([['INVALID', 'lines[0].attributes']]);
    const cart = Array.from({ length: 4 }, (_, i) => ({ key: `k${i}`, value: 'v'.repeat(2_498) }));
    expect(checkAttributes(cart, 'attributes').problems).toEqual([]);
    expect(codesOf(checkAttributes([...cart, { key: 'z', value: '' }], 'attributes').problems)).toEqual([['INVALID', 'attributes']]);
    // A key given twice counts once, as it is stored once.
    expect(checkAttributes([...cart, { key: 'k0', value: 'v'.repeat(2_498) }], 'attributes').problems).toEqual([]);
  });

  it("refuses line attributes as the cart's: blank or long keys, long values", () => {
    const problems = checkAdditions([{ merchandiseId: gid(1), attributes: [{ key: 'ok', value: '' }, { key: ' ', value: '1' }, { key: 'v', value: 'x'.repeat(5001) }] }], 'lines', found).problems;
    expect(codesOf(problems)).toEqual([
      ['INVALID', 'lines[0].attributes[1].key'],
      ['INVALID', 'lines[0].attributes[2].value'],
    ]);
  });
});

describe('line keys and stock', () => {
  it('tells lines apart by variant and attributes (sorted by key, the last value of a key)', () => {
    const sorted = checkLineAttributes([{ key: 'b', value: '1' }, { key: 'a', value: '2' }, { key: 'b', value: '3' }], 'a').attributes;
    expect(sorted).toEqual([
      { key: 'a', value: '2' },
      { key: 'b', value: '3' },
    ]);
    expect(lineKey(1, sorted)).toBe(lineKey(1, checkLineAttributes([{ key: 'a', value: '2' }, { key: 'b', value: '3' }], 'a').attributes));
    expect(lineKey(1, [])).not.toBe(lineKey(2, []));
    expect(lineKey(1, [])).not.toBe(lineKey(1, GIFT));
    // No separator trick makes two different attribute lists one key.
    expect(lineKey(1, [{ key: 'a', value: 'b' }, { key: 'c', value: 'd' }])).not.toBe(lineKey(1, [{ key: 'a', value: 'b","c","d' }]));
  });

  it('caps a line at the stock of a tracked variant only (for sale with units)', () => {
    expect(lineCap(variant(1, true, 4))).toBe(4);
    expect(lineCap(variant(1, true, 0))).toBe(1_000_000);
    expect(lineCap(variant(1, true, -3))).toBe(1_000_000);
    expect(lineCap(variant(1, false, 7))).toBe(1_000_000);
    expect(lineCap(variant(1, true, 5_000_000))).toBe(1_000_000);
  });
});

describe('linesAfterAdding', () => {
  it('adds up quantities of a line with the same variant and attributes and appends the others', () => {
    const existing = [...cart.lines, stored(12, 2, 1, GIFT)];
    const { lines, capped } = linesAfterAdding(existing, [adding(2, 3), adding(3, 1), adding(2, 2, GIFT), adding(1, 1, GIFT)], 'lines');
    expect(lines.map((l) => [l.variantId, l.quantity, l.key])).toEqual([
      [1, 2, lineKey(1, [])],
      [2, 4, lineKey(2, [])],
      [2, 3, lineKey(2, GIFT)],
      [3, 1, lineKey(3, [])],
      [1, 1, lineKey(1, GIFT)],
    ]);
    expect(capped.size).toBe(0);
  });

  it("cuts a line to its tracked variant's stock, counting the units already there, and names it capped", () => {
    const stock4 = variant(5, true, 4);
    const fits = linesAfterAdding([stored(10, 5, 1)], [adding(5, 3, [], stock4)], 'lines');
    expect([fits.lines[0]!.quantity, [...fits.capped]]).toEqual([4, []]);
    const over = linesAfterAdding([stored(10, 5, 3)], [adding(5, 2, [], stock4), adding(1, 50)], 'lines');
    expect(over.lines.map((l) => l.quantity)).toEqual([4, 50]);
    expect([...over.capped]).toEqual([lineKey(5, [])]);
    // Each line of the variant is capped on its own.
    const other = linesAfterAdding([stored(10, 5, 4)], [adding(5, 6, GIFT, stock4)], 'lines');
    expect(other.lines.map((l) => l.quantity)).toEqual([4, 4]);
    expect([...other.capped]).toEqual([lineKey(5, GIFT)]);
    expect(other.problems).toEqual([]);
  });

  it('refuses a 251st line and a line over the maximum', () => {
    const full = Array.from({ length: 250 }, (_, i) => ({ variantId: i + 1, attributes: [], quantity: 1 }));
    expect(codesOf(linesAfterAdding(full, [adding(999, 1)], 'lines').problems)).toEqual([['TOO_MANY_LINES', 'lines']]);
    expect(codesOf(linesAfterAdding(full, [adding(1, 1, GIFT)], 'lines').problems)).toEqual([['TOO_MANY_LINES', 'lines']]);
    expect(linesAfterAdding(full, [adding(1, 1)], 'lines').problems).toEqual([]);
    expect(codesOf(linesAfterAdding([{ variantId: 1, attributes: [], quantity: 999_999 }], [adding(1, 2)], 'lines').problems)).toEqual([['QUANTITY_TOO_LARGE', 'lines']]);
  });

  it('keeps one line per variant and attributes and every unit of untracked variants, whatever is added', () => {
    const addition = fc.record({ variantId: fc.integer({ min: 1, max: 20 }), quantity: fc.integer({ min: 1, max: 100 }), gift: fc.boolean() });
    const inputs = (as: { variantId: number; quantity: number; gift: boolean }[]) => as.map((a) => ({ merchandiseId: gid(a.variantId), quantity: a.quantity, attributes: a.gift ? GIFT : null }));
    fc.assert(
      fc.property(fc.array(addition, { maxLength: 30 }), fc.array(addition, { maxLength: 30 }), (first, second) => {
        const once = linesAfterAdding([], checkAdditions(inputs(first), 'l', (id) => variant(id)).additions, 'l').lines;
        const asStored = once.map((l) => ({ ...l, attributes: JSON.parse(l.key)[1].length ? GIFT : [] }));
        const twice = linesAfterAdding(asStored, checkAdditions(inputs(second), 'l', (id) => variant(id)).additions, 'l').lines;
        expect(new Set(twice.map((l) => l.key)).size).toBe(twice.length);
        expect(twice.length).toBe(new Set([...first, ...second].map((a) => `${a.variantId}:${a.gift}`)).size);
        expect(twice.reduce((s, l) => s + l.quantity, 0)).toBe([...first, ...second].reduce((s, a) => s + a.quantity, 0));
      }),
    );
  });

  it('never leaves a tracked line above its stock, nor an untouched line changed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 60 }), (stock, there, added) => {
        const facts = variant(5, true, stock);
        const { lines, capped } = linesAfterAdding([stored(10, 5, there), stored(11, 1, there)], [adding(5, added, [], facts)], 'l');
        expect(lines[0]!.quantity).toBe(Math.min(there + added, stock));
        expect(capped.has(lineKey(5, []))).toBe(there + added > stock);
        expect(lines[1]!.quantity).toBe(there);
      }),
    );
  });
});

describe('checkLineChanges', () => {
  const line = (id: number) => cartLineGid(id, TOKEN);
  it.each<[string, { id: string; quantity?: number | null; merchandiseId?: string | null; attributes?: CartAttribute[] | null }[], [string, string][]]>([
    ['a line of another cart', [{ id: cartLineGid(10, 'c'.repeat(32)), quantity: 1 }], [['LINE_NOT_FOUND', 'lines[0].id']]],
    ['an unknown line', [{ id: line(99), quantity: 1 }], [['LINE_NOT_FOUND', 'lines[0].id']]],
    ['a line twice', [{ id: line(10), quantity: 1 }, { id: line(10), quantity: 3 }], [['INVALID', 'lines[1].id']]],
    ['a negative quantity', [{ id: line(10), quantity: -1 }], [['INVALID_QUANTITY', 'lines[0].quantity']]],
    ['a sold-out variant', [{ id: line(10), merchandiseId: gid(9) }], [['SOLD_OUT', 'lines[0].merchandiseId']]],
    ['the variant of another line', [{ id: line(10), merchandiseId: gid(2) }], [['INVALID', 'lines[0].merchandiseId']]],
    ['swapping with a removed line', [{ id: line(11), quantity: 0 }, { id: line(10), merchandiseId: gid(2) }], []],
    ['swapping two lines', [{ id: line(10), merchandiseId: gid(2) }, { id: line(11), merchandiseId: gid(1) }], [['INVALID', 'lines[0].merchandiseId'], ['INVALID', 'lines[1].merchandiseId']]],
    ['two lines moving to one variant', [{ id: line(10), merchandiseId: gid(3) }, { id: line(11), merchandiseId: gid(3) }], [['INVALID', 'lines[0].merchandiseId'], ['INVALID', 'lines[1].merchandiseId']]],
    ['the variant of another line with other attributes', [{ id: line(10), merchandiseId: gid(2), attributes: GIFT }], []],
    ['attributes only', [{ id: line(10), attributes: GIFT }], []],
    ['invalid attributes', [{ id: line(10), attributes: [{ key: '', value: '1' }] }], [['INVALID', 'lines[0].attributes[0].key']]],
    ['quantity 0 removes', [{ id: line(10), quantity: 0 }], []],
    ['quantity 0 ignores attributes', [{ id: line(10), quantity: 0, attributes: [{ key: '', value: '1' }] }], []],
  ])('%s', (_name, updates, problems) => expect(codesOf(checkLineChanges(cart, updates, 'lines', found).problems)).toEqual(problems));

  it("refuses attributes that make a line another's twin, on the attributes' field", () => {
    const withGift = { token: TOKEN, lines: [stored(10, 1, 2), stored(11, 1, 1, GIFT)] };
    expect(codesOf(checkLineChanges(withGift, [{ id: line(10), attributes: [{ key: ' gift', value: 'yes' }] }], 'lines', found).problems)).toEqual([['INVALID', 'lines[0].attributes']]);
    expect(checkLineChanges(withGift, [{ id: line(10), attributes: GIFT }, { id: line(11), quantity: 0 }], 'lines', found).problems).toEqual([]);
    // Unchanged keys are no change: the same attributes again are fine.
    expect(checkLineChanges(withGift, [{ id: line(11), attributes: GIFT, quantity: 3 }], 'lines', found).problems).toEqual([]);
  });

  it("gives the change the attributes, key and quantity the line will have, cut to its variant's stock", () => {
    const tracked = { token: TOKEN, lines: [stored(10, 5, 1), stored(11, 1, 1)] };
    const { changes } = checkLineChanges(tracked, [{ id: line(10), quantity: 9, attributes: GIFT }, { id: line(11), merchandiseId: gid(5), quantity: 2 }], 'lines', found);
    expect(changes).toEqual([
      { lineId: 10, quantity: 4, variant: null, attributes: GIFT, key: lineKey(5, GIFT), capped: true },
      { lineId: 11, quantity: 2, variant: variant(5, true, 4), attributes: null, key: lineKey(5, []), capped: false },
    ]);
    // A line's variant the catalog no longer shows is not capped.
    const gone = checkLineChanges({ token: TOKEN, lines: [stored(10, 77, 1)] }, [{ id: line(10), quantity: 9 }], 'lines', found).changes;
    expect(gone).toEqual([{ lineId: 10, quantity: 9, variant: null, attributes: null, key: lineKey(77, []), capped: false }]);
  });
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
    // One phone rule with customers (7 to 15 digits): the cart took `+12` before.
    expect(codesOf(checkContact({ phone: '+12' }, 'b').problems)).toEqual([['INVALID', 'b.phone']]);
    expect(checkContact({ phone: '+1234567' }, 'b').problems).toEqual([]);
  });
});
