import fc from 'fast-check';
import { HANDLE_PATTERN } from '../product-limits.js';
import { freeHandle } from './catalog-text.rules.js';
import { MAX_HANDLE_LENGTH, checkProductInput, productHandle } from './product-input.rules.js';

describe('product input rules', () => {
  it('a handle made from any title is a valid handle within the length', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (title) => {
        const handle = productHandle(title);
        expect(handle).toMatch(HANDLE_PATTERN);
        expect(handle.length).toBeLessThanOrEqual(MAX_HANDLE_LENGTH);
      }),
      { seed: 34, numRuns: 500 },
    );
    expect(productHandle('  Wool Scarf Déluxe! ')).toBe('wool-scarf-deluxe');
    expect(productHandle('日本')).toBe('product');
  });

  it('freeHandle takes the first of base, base-1, base-2… not taken', () => {
    expect(freeHandle('mug', new Set())).toBe('mug');
    expect(freeHandle('mug', new Set(['mug', 'mug-1', 'mug-3']))).toBe('mug-2');
    // A suffix a generated handle can leave room for.
    expect(productHandle('x'.repeat(1000)).length + '-99999'.length).toBeLessThanOrEqual(MAX_HANDLE_LENGTH);
  });

  it('create needs a title; update changes only what is present', () => {
    expect(checkProductInput({}, 'create').problems.map((p) => [p.field, p.code])).toEqual([['title', 'BLANK']]);
    expect(checkProductInput({ vendor: ' V ' }, 'update')).toEqual({ changes: { vendor: 'V' }, problems: [] });
    expect(checkProductInput({ title: null, status: null, tags: null }, 'update')).toEqual({ changes: {}, problems: [] });
  });

  it('options: at most three, unique names and values, placed by position', () => {
    const { changes } = checkProductInput({ title: 'T', productOptions: [{ name: 'Colour', values: [{ name: 'Red' }] }, { name: 'Size', position: 1, values: [{ name: 'S' }] }] }, 'create');
    expect(changes.options).toEqual([{ name: 'Size', values: ['S'] }, { name: 'Colour', values: ['Red'] }]);
    const update = checkProductInput({ productOptions: [{ name: 'Size', values: [{ name: 'S' }] }] }, 'update');
    expect(update.problems.map((p) => p.field)).toEqual(['productOptions']);
  });

  it('answers any well-typed input (what the schema lets through) with changes or problems on named fields, never a throw', () => {
    const text = fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 20 }), fc.constant(null));
    const input = fc.record(
      {
        title: text,
        handle: text,
        vendor: text,
        descriptionHtml: text,
        status: fc.constantFrom('active', 'draft', 'archived', 'unlisted', 'invalid', null),
        tags: fc.option(fc.array(fc.string({ maxLength: 300 }), { maxLength: 260 })),
        seo: fc.option(fc.record({ title: text, description: text }, { requiredKeys: [] })),
        productOptions: fc.option(fc.array(fc.record({ name: text, position: fc.option(fc.integer()), values: fc.option(fc.array(fc.record({ name: text }), { maxLength: 5 })) }), { maxLength: 5 })),
        collectionsToJoin: fc.option(fc.array(fc.nat(), { maxLength: 5 })),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(input, fc.constantFrom('create', 'update'), (value, mode) => {
        const { changes, problems } = checkProductInput(value as never, mode as 'create' | 'update');
        for (const problem of problems) expect(problem.field).toEqual(expect.any(String));
        if (problems.length === 0 && changes.handle !== undefined) expect(changes.handle).toMatch(HANDLE_PATTERN);
        if (problems.length === 0 && mode === 'create') expect(changes.title?.trim()).toBeTruthy();
      }),
      { seed: 7, numRuns: 500 },
    );
  });
});
