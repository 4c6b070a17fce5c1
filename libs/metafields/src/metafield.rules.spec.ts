import { METAFIELD_TYPES, REST_METAFIELD_LIMITS, isMetafieldDigest, metafieldDigest, metafieldProblems, metafieldRow, metafieldValueError } from './metafield.rules.js';
import type { NewMetafield } from './metafield.inputs.js';

const base: NewMetafield = { ownerType: 'PRODUCT', ownerId: 7, namespace: 'custom', key: 'material', type: 'single_line_text_field', value: 'Linen' };

describe('metafieldRow', () => {
  it('keeps a valid metafield', () => {
    expect(metafieldRow(base, 1)).toEqual({ ...base, description: null });
  });

  it('applies the hosted limits: namespace 3-255 and key 2-64 letters, digits, - and _', () => {
    const ok = (change: Partial<NewMetafield>) => () => metafieldRow({ ...base, ...change }, 1);
    expect(ok({ namespace: 'abc' })).not.toThrow();
    expect(ok({ namespace: 'a'.repeat(255) })).not.toThrow();
    expect(ok({ namespace: '$app' })).not.toThrow();
    expect(ok({ namespace: '$app:reviews' })).not.toThrow();
    expect(ok({ key: 'ab' })).not.toThrow();
    expect(ok({ key: 'K'.repeat(64) })).not.toThrow();
    expect(ok({ key: 'care_guide-2' })).not.toThrow();
    for (const [namespace, code] of [['ab', 'TOO_SHORT'], ['a'.repeat(256), 'TOO_LONG'], ['my space', 'INVALID'], ['dots.not', 'INVALID'], ['$apps', 'INVALID']]) {
      expect(ok({ namespace })).toThrow(expect.objectContaining({ field: 'metafield.namespace', code }));
    }
    for (const key of ['a', 'k'.repeat(65), 'no space', 'é-accent']) {
      expect(ok({ key })).toThrow(expect.objectContaining({ field: 'metafield.key' }));
    }
  });

  it("refuses an unknown owner type or type, a SHOP metafield of another shop and a value that doesn't fit the type", () => {
    expect(() => metafieldRow({ ...base, ownerType: 'LOCATION' as never }, 1)).toThrow(expect.objectContaining({ field: 'metafield.ownerType' }));
    expect(metafieldRow({ ...base, ownerType: 'ORDER' }, 1).ownerType).toBe('ORDER');
    expect(metafieldRow({ ...base, ownerType: 'COMPANY' }, 1).ownerType).toBe('COMPANY');
    expect(() => metafieldRow({ ...base, type: 'string' }, 1)).toThrow(expect.objectContaining({ field: 'metafield.type', code: 'INVALID_TYPE' }));
    expect(() => metafieldRow({ ...base, ownerType: 'SHOP', ownerId: 2 }, 1)).toThrow(expect.objectContaining({ field: 'metafield.ownerId' }));
    expect(metafieldRow({ ...base, ownerType: 'SHOP', ownerId: 1 }, 1).ownerId).toBe(1);
    expect(() => metafieldRow({ ...base, type: 'number_integer', value: '1.5' }, 1)).toThrow(expect.objectContaining({ field: 'metafield.value', code: 'INVALID_VALUE' }));
  });
});

describe('metafieldValueError', () => {
  it.each([
    ['single_line_text_field', 'Linen'],
    ['multi_line_text_field', 'Wash cold.\nLine dry.'],
    ['number_integer', '-42'],
    ['number_decimal', '3.141592653'],
    ['boolean', 'false'],
    ['json', '{"a":[1,2]}'],
    ['url', 'https://example.com/care'],
    ['date', '2026-02-28'],
    ['date_time', '2026-02-28T10:00:00Z'],
    ['color', '#1A2b3C'],
    ['rating', '{"value":"4.5","scale_min":"1","scale_max":"5"}'],
    ['money', '{"amount":"5.99","currency_code":"USD"}'],
    ['weight', '{"value":2.5,"unit":"KILOGRAMS"}'],
    ['link', '{"text":"Guide","url":"https://example.com"}'],
    ['product_reference', 'gid://platform/Product/12'],
    ['metaobject_reference', 'gid://platform/Metaobject/3'],
    ['mixed_reference', 'gid://platform/Page/3'],
    ['list.single_line_text_field', '["a","b"]'],
    ['list.number_integer', '[1,2,3]'],
    ['list.product_reference', '["gid://platform/Product/1"]'],
    ['list.rating', '[{"value":"1","scale_min":"0","scale_max":"5"}]'],
  ])('accepts %s %s', (type, value) => {
    expect(metafieldValueError(type, value)).toBeNull();
  });

  it.each([
    ['single_line_text_field', 'two\nlines'],
    ['number_integer', '12.0'],
    ['number_integer', '99999999999999999'],
    ['number_decimal', '1.0123456789'],
    ['boolean', 'yes'],
    ['json', '{nope'],
    ['url', 'javascript:alert(1)'],
    ['date', '2026-02-30'],
    ['date_time', '2026-02-28 10:00'],
    ['color', 'red'],
    ['rating', '{"value":"6","scale_min":"1","scale_max":"5"}'],
    ['money', '{"amount":"5.999","currency_code":"USD"}'],
    ['product_reference', 'gid://platform/Collection/12'],
    ['product_reference', '12'],
    ['list.single_line_text_field', '"a"'],
    ['list.number_integer', '[1,"x"]'],
    ['list.boolean', '[true]'],
    ['string', 'x'],
  ])('refuses %s %s', (type, value) => {
    expect(metafieldValueError(type, value)).toEqual(expect.any(String));
  });

  it('limits value sizes by type', () => {
    expect(metafieldValueError('url', `https://e.com/${'a'.repeat(2_100)}`)).toMatch(/too long/);
    expect(metafieldValueError('multi_line_text_field', 'a'.repeat(65_536))).toBeNull();
    expect(metafieldValueError('multi_line_text_field', 'a'.repeat(65_537))).toMatch(/too long/);
  });

  it('lists list forms only for types the hosted platform lists', () => {
    expect(METAFIELD_TYPES).toContain('list.metaobject_reference');
    expect(METAFIELD_TYPES).not.toContain('list.json');
    expect(METAFIELD_TYPES).not.toContain('list.boolean');
  });
});

describe('metafieldProblems', () => {
  const valid = { namespace: 'custom', key: 'material', type: 'single_line_text_field', value: 'Linen' };

  it('finds nothing wrong with a valid metafield', () => {
    expect(metafieldProblems(valid)).toEqual([]);
    expect(metafieldProblems(valid, REST_METAFIELD_LIMITS)).toEqual([]);
  });

  it('reports every part at once, namespace, key, value then type, each in a whole sentence', () => {
    expect(metafieldProblems({})).toEqual([
      { path: 'namespace', code: 'BLANK', message: "Namespace can't be blank" },
      { path: 'key', code: 'BLANK', message: "Key can't be blank" },
      { path: 'value', code: 'BLANK', message: "Value can't be blank" },
      { path: 'type', code: 'BLANK', message: "Type can't be blank" },
    ]);
    expect(metafieldProblems({ namespace: 'ab', key: 'k!', type: 'string', value: 'x' })).toEqual([
      { path: 'namespace', code: 'TOO_SHORT', message: 'Namespace is too short (minimum is 3 characters)' },
      { path: 'key', code: 'INVALID', message: 'Key is invalid: use letters, digits, hyphens and underscores' },
      { path: 'type', code: 'INVALID_TYPE', message: 'Type is not a supported metafield type' },
    ]);
    expect(metafieldProblems({ ...valid, type: 'number_integer', value: '1.5' })).toEqual([{ path: 'value', code: 'INVALID_VALUE', message: 'Value must be an integer' }]);
  });

  it("applies the hosted limits by default and REST's shorter ones when told", () => {
    const long = { ...valid, namespace: 'n'.repeat(21), key: 'k'.repeat(31) };
    expect(metafieldProblems(long)).toEqual([]);
    expect(metafieldProblems(long, REST_METAFIELD_LIMITS)).toEqual([
      { path: 'namespace', code: 'TOO_LONG', message: 'Namespace is too long (maximum is 20 characters)' },
      { path: 'key', code: 'TOO_LONG', message: 'Key is too long (maximum is 30 characters)' },
    ]);
    expect(metafieldProblems({ ...valid, namespace: 'n'.repeat(256), key: 'k'.repeat(65) }).map((p) => p.code)).toEqual(['TOO_LONG', 'TOO_LONG']);
  });

  it('refuses what is not text, or holds a NUL, and a value over its size', () => {
    expect(metafieldProblems({ ...valid, value: 42, key: ['k'] }).map((p) => [p.path, p.code])).toEqual([['key', 'INVALID'], ['value', 'INVALID']]);
    expect(metafieldProblems({ ...valid, value: 'a\u0000b' })).toEqual([{ path: 'value', code: 'INVALID', message: 'Value is invalid' }]);
    expect(metafieldProblems({ ...valid, type: 'multi_line_text_field', value: 'a'.repeat(65_537) })).toEqual([
      { path: 'value', code: 'INVALID_VALUE', message: 'Value is too long (maximum is 65536 characters)' },
    ]);
  });
});

describe('metafieldDigest', () => {
  it('is a SHA-256 of type and value: the same for the same metafield, another when either changes', () => {
    const digest = metafieldDigest('single_line_text_field', 'Linen');
    expect(isMetafieldDigest(digest)).toBe(true);
    expect(metafieldDigest('single_line_text_field', 'Linen')).toBe(digest);
    expect(metafieldDigest('single_line_text_field', 'Wool')).not.toBe(digest);
    expect(metafieldDigest('multi_line_text_field', 'Linen')).not.toBe(digest);
    expect(isMetafieldDigest('nope')).toBe(false);
    expect(isMetafieldDigest(digest.toUpperCase())).toBe(false);
  });
});
