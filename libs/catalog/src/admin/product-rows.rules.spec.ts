import fc from 'fast-check';
import type { NewProduct } from '../catalog.inputs.js';
import { productRows } from './product-rows.rules.js';
import { checkProductInput } from './product-input.rules.js';

const NOW = new Date('2026-11-29T12:00:00Z');

const tee: NewProduct = {
  handle: 'classic-tee',
  title: ' Classic Tee ',
  options: [
    { name: 'Size', values: ['S', 'M'] },
    { name: 'Color', values: ['Black'] },
  ],
  variants: [
    { price: '19.9', options: ['S', 'Black'], inventoryQuantity: 3 },
    { price: '21', compareAtPrice: '25.00', options: ['M', 'Black'], sku: 'TEE-M' },
  ],
};

describe('productRows', () => {
  it('fills defaults, positions and option columns, and writes money with two places', () => {
    const rows = productRows(tee, NOW);
    expect(rows.product).toMatchObject({ handle: 'classic-tee', title: 'Classic Tee', status: 'active', tags: [], vendor: '' });
    expect(rows.product.publishedAt).toEqual(NOW); // active without a date: published now
    expect(rows.options).toEqual([
      { name: 'Size', position: 1, values: ['S', 'M'] },
      { name: 'Color', position: 2, values: ['Black'] },
    ]);
    expect(rows.variants).toEqual([
      expect.objectContaining({ title: 'S / Black', price: '19.90', compareAtPrice: null, option1: 'S', option2: 'Black', option3: null, position: 1, availableForSale: true }),
      expect.objectContaining({ title: 'M / Black', price: '21.00', compareAtPrice: '25.00', sku: 'TEE-M', position: 2, inventoryQuantity: 0, availableForSale: false }),
    ]);
    expect(rows.variants[0]).toMatchObject({ tracked: true, taxable: true, requiresShipping: true, barcode: null, unitCost: null });
  });

  it('gives a product without options the Default Title option and variant', () => {
    const rows = productRows({ handle: 'gift-card', title: 'Gift card', options: [], variants: [{ price: '10', options: [] }] }, NOW);
    expect(rows.options).toEqual([{ name: 'Title', position: 1, values: ['Default Title'] }]);
    expect(rows.variants[0]).toMatchObject({ title: 'Default Title', option1: 'Default Title' });
  });

  it('adds a value a variant uses to its option, as the variant writes do', () => {
    const rows = productRows({ ...tee, variants: [...tee.variants, { price: '1', options: ['XL', 'Black'] }] }, NOW);
    expect(rows.options[0]).toEqual({ name: 'Size', position: 1, values: ['S', 'M', 'XL'] });
  });

  it('keeps what an untracked variant and an inventory item say', () => {
    const rows = productRows({ ...tee, variants: [{ price: '1', options: ['S', 'Black'], tracked: false, taxable: false, requiresShipping: false, unitCost: '0.5', barcode: ' 123 ' }] }, NOW);
    expect(rows.variants[0]).toMatchObject({ tracked: false, availableForSale: true, taxable: false, requiresShipping: false, unitCost: '0.50', barcode: '123' });
  });

  it.each([
    ['a bad handle', { handle: 'Classic Tee' }, 'product.handle', 'INVALID'],
    ['no handle', { handle: '' }, 'product.handle', 'INVALID'],
    ['a NUL in the title', { title: 'Tee\0' }, 'product.title', 'INVALID'],
    ['a vendor too long', { vendor: 'v'.repeat(300) }, 'product.vendor', 'TOO_LONG'],
    ['an unknown status', { status: 'gone' }, 'product.status', 'INVALID'],
    ['a float-noise price', { variants: [{ price: '19.999', options: ['S', 'Black'] }] }, 'product.variants[0].price', 'INVALID'],
    ['a negative price', { variants: [{ price: '-1.00', options: ['S', 'Black'] }] }, 'product.variants[0].price', 'GREATER_THAN_OR_EQUAL_TO'],
    ['a missing option value', { variants: [{ price: '1', options: ['S'] }] }, 'product.variants[0].optionValues', 'NEED_TO_ADD_OPTION_VALUES'],
    ['a duplicate combination', { variants: [tee.variants[0], tee.variants[0]] }, 'product.variants[1]', 'VARIANT_ALREADY_EXISTS'],
    ['four options', { options: ['A', 'B', 'C', 'D'].map((name) => ({ name, values: ['x'] })) }, 'product.options', 'OPTIONS_OVER_LIMIT'],
    ['an option value twice', { options: [{ name: 'Size', values: ['S', 's'] }] }, 'product.options[0].values[1].name', 'DUPLICATED_OPTION_VALUE'],
    ['no variants', { variants: [] }, 'product.variants', 'NEED_TO_ADD_OPTION_VALUES'],
    ['a fractional stock', { variants: [{ price: '1', options: ['S', 'Black'], inventoryQuantity: 1.5 }] }, 'product.variants[0].inventoryQuantity', 'INVALID'],
  ])('refuses %s', (_label, change, field, code) => {
    expect(() => productRows({ ...tee, ...change } as NewProduct, NOW)).toThrow(expect.objectContaining({ kind: 'UNPROCESSABLE', field, code }));
  });

  it("refuses every product field productCreate's rules refuse, and accepts those they accept", () => {
    const text = fc.oneof(fc.string({ maxLength: 300 }), fc.constant('a\0b'), fc.constant('  '));
    fc.assert(
      fc.property(text, text, fc.array(text, { maxLength: 3 }), (title, vendor, tags) => {
        const { problems } = checkProductInput({ title, vendor, tags }, 'create');
        const product = { ...tee, title, vendor, tags };
        if (problems.length > 0) expect(() => productRows(product, NOW)).toThrow(expect.objectContaining({ field: `product.${problems[0]!.field}`, code: problems[0]!.code }));
        else expect(productRows(product, NOW).product.title).toBe(title.trim());
      }),
      { numRuns: 500 },
    );
  });
});
