import { selectFields } from './fields.js';

describe('REST fields', () => {
  const widget = { id: 1, title: 'Hat', vendor: 'Acme', tags: ['a'] };

  it('keeps the top-level fields asked for, in the object order, and ignores unknown names', () => {
    expect(selectFields(widget, ['vendor', 'id', 'nope'])).toEqual({ id: 1, vendor: 'Acme' });
    expect(Object.keys(selectFields(widget, ['vendor', 'id']))).toEqual(['id', 'vendor']);
  });

  it('keeps everything without fields', () => {
    expect(selectFields(widget, null)).toBe(widget);
  });
});
