import type { NewProduct } from './catalog.inputs.js';
import { productRows } from './product.rules.js';

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
  });

  it('gives a product without options the Default Title option and variant', () => {
    const rows = productRows({ handle: 'gift-card', title: 'Gift card', options: [], variants: [{ price: '10', options: [] }] }, NOW);
    expect(rows.options).toEqual([{ name: 'Title', position: 1, values: ['Default Title'] }]);
    expect(rows.variants[0]).toMatchObject({ title: 'Default Title', option1: 'Default Title' });
  });

  it.each([
    ['a bad handle', { handle: 'Classic Tee' }, 'product.handle'],
    ['a float-noise price', { variants: [{ price: '19.999', options: ['S', 'Black'] }] }, 'product.variants[0].price'],
    ['a negative price', { variants: [{ price: '-1.00', options: ['S', 'Black'] }] }, 'product.variants[0].price'],
    ['an unknown option value', { variants: [{ price: '1', options: ['XL', 'Black'] }] }, 'product.variants[0].options'],
    ['a missing option value', { variants: [{ price: '1', options: ['S'] }] }, 'product.variants[0].options'],
    ['a duplicate combination', { variants: [tee.variants[0], tee.variants[0]] }, 'product.variants[1].options'],
    ['four options', { options: ['A', 'B', 'C', 'D'].map((name) => ({ name, values: ['x'] })) }, 'product.options'],
  ])('refuses %s', (_label, change, field) => {
    expect(() => productRows({ ...tee, ...change } as NewProduct, NOW)).toThrow(expect.objectContaining({ kind: 'UNPROCESSABLE', field }));
  });
});
