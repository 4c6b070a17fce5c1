import { checkoutForm, checkoutLink, orderLineItems, totalStillShown } from './checkout.rules.js';

const ADDRESS = { first_name: 'Ada', last_name: 'Lovelace', address1: '1 Main St', city: 'London', country: 'gb' };

describe('checkoutLink', () => {
  const hex = 'a1'.repeat(16);
  it('reads a token and key of 32 hex digits', () => {
    expect(checkoutLink(hex, hex)).toEqual({ token: hex, key: hex });
  });
  it.each([
    [hex, undefined],
    [hex, [hex, hex]],
    [hex, hex.toUpperCase()],
    ['nonsense', hex],
    [`${hex}0`, hex],
    [`${hex.slice(1)}\u0000`, hex],
  ])('names no cart for %p with key %p', (token, key) => {
    expect(checkoutLink(token, key)).toBeNull();
  });
});

describe('checkoutForm', () => {
  it('reads contact and the address as every address is read: trimmed, the country named from its code, and keeps the wallet token as posted', () => {
    const { form, problems } = checkoutForm({ email: ' ada@example.com ', ...ADDRESS, wallet_token: ['a', 'b'], expected_total: '12.50' });
    expect(problems).toEqual([]);
    expect(form).toEqual({
      email: 'ada@example.com',
      address: {
        firstName: 'Ada', lastName: 'Lovelace', company: null, address1: '1 Main St', address2: null, city: 'London',
        province: null, provinceCode: null, country: 'United Kingdom', countryCode: 'GB', zip: null, phone: null,
      },
      walletToken: ['a', 'b'],
      expectedTotal: '12.50',
    });
  });

  it('takes the country by name or code and the province of its country, and writes the phone in E.164', () => {
    const { form, problems } = checkoutForm({ email: 'a@b.co', ...ADDRESS, country: 'canada', province: 'quebec', phone: '+1 (514) 555-0100' });
    expect(problems).toEqual([]);
    expect(form.address).toMatchObject({ country: 'Canada', countryCode: 'CA', province: 'Quebec', provinceCode: 'QC', phone: '+15145550100' });
  });

  it('names every problem: blank, malformed, repeated, too long, NUL bytes, unknown country or province', () => {
    const { problems } = checkoutForm({ email: 'nope', last_name: '', address1: ['a', 'b'], city: 'c'.repeat(256), country: 'GBR', phone: 'a\u0000' });
    expect(problems).toEqual([
      'Email is invalid',
      'Address must be given once, as text',
      "Last name can't be blank",
      'City is too long (maximum is 255 characters)',
      'Country is not a known country',
      'Phone contains a character that is not allowed',
    ]);
    expect(checkoutForm({ email: 'a@b.co', ...ADDRESS, country: 'US', province: 'Ontario', phone: '+12' }).problems).toEqual([
      'Province or state is not a province of United States',
      'Phone is invalid',
    ]);
    expect(checkoutForm(undefined).problems).toContain("Email can't be blank");
  });

  it('ignores an expected total that is not an amount', () => {
    for (const expected_total of ['1e3', '-1.00', '1.5', ['1.00'], undefined]) {
      expect(checkoutForm({ ...ADDRESS, email: 'a@b.co', expected_total }).form.expectedTotal).toBeNull();
    }
  });
});

describe('what the order gets', () => {
  it('copies the address and lines with the cart prices', () => {
    const { form } = checkoutForm({ email: 'a@b.co', ...ADDRESS });
    expect(form.address).toMatchObject({ firstName: 'Ada', address2: null, countryCode: 'GB', company: null });
    const line = { id: 1, variantId: 7, attributes: [{ key: 'engraving', value: 'For Ada' }, { key: 'gift', value: 'yes' }], quantity: 3, price: '19.99', compareAtPrice: null };
    expect(orderLineItems([{ line, productId: 2, title: 'Lamp', variantTitle: 'Red', sku: 'L-1', vendor: 'Acme', total: '59.97', image: null }])).toEqual([
      {
        productId: 2,
        variantId: 7,
        title: 'Lamp',
        variantTitle: 'Red',
        quantity: 3,
        price: '19.99',
        sku: 'L-1',
        vendor: 'Acme',
        properties: [
          { name: 'engraving', value: 'For Ada' },
          { name: 'gift', value: 'yes' },
        ],
      },
    ]);
  });

  it('pays only the total the buyer was shown', () => {
    const cost = { subtotal: '10.00', discount: '0.00', tax: '0.00', total: '10.00', lineTotals: new Map(), codes: [], appliedCode: null };
    expect(totalStillShown(cost, '10.00')).toBe(true);
    expect(totalStillShown(cost, '9.99')).toBe(false);
    expect(totalStillShown(cost, null)).toBe(false);
  });
});
