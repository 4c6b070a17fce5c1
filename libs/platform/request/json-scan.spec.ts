import { scanJsonText } from './json-scan.js';

describe('JSON text scan', () => {
  it.each([
    ['two "query" keys', '{"query":"{ shop { name } }","query":"{ shop { id } }"}', 'query'],
    ['a key repeated in a nested object', '{"variables":{"id":1,"x":[{"a":1}],"id":2}}', 'id'],
    ['a key repeated in an object inside a list', '[{"a":1},{"b":1,"b":2}]', 'b'],
    ['the same key written with an escape', '{"title":"a","t\\u0069tle":"b"}', 'title'],
    ['an empty key twice', '{"":1,"":2}', ''],
    ['keys holding quotes and commas', '{"a\\",b":1, "a\\",b" : 2}', 'a",b'],
  ])('finds %s', (_case, text, key) => {
    expect(scanJsonText(text, 64)).toEqual({ kind: 'duplicate_key', key });
  });

  it.each([
    ['one key per object', '{"query":"q","variables":{"query":"q","v":{"query":1}}}'],
    ['the same key in sibling objects', '[{"a":1},{"a":2}]'],
    ['a value equal to a key', '{"a":"a","b":"a"}'],
    ['strings in lists', '{"a":["a","a"]}'],
    ['a key after a nested object closes', '{"a":{"b":1},"b":2}'],
    ['escapes that look like keys', '{"a":"\\"a\\":1"}'],
  ])('lets %s through', (_case, text) => {
    expect(scanJsonText(text, 64)).toBeNull();
  });

  it('answers nesting deeper than the limit before a duplicate, wherever each is, keyed by the top-level key', () => {
    const deep = `${'['.repeat(65)}${']'.repeat(65)}`;
    expect(scanJsonText(`{"a":1,"a":2,"v":${deep}}`, 64)).toEqual({ kind: 'too_deep', key: 'v' });
    expect(scanJsonText(`{"v":${deep},"a":1,"a":2}`, 64)).toEqual({ kind: 'too_deep', key: 'v' });
    expect(scanJsonText(deep, 64)).toEqual({ kind: 'too_deep', key: undefined });
    expect(scanJsonText(`${'['.repeat(64)}${']'.repeat(64)}`, 64)).toBeNull();
  });

  it('leaves malformed text to JSON.parse', () => {
    for (const text of ['{"a":1,"a"', '{"a\\u00":1,"a\\u00":2}', '}}]]', '"unterminated', '{"a" "a"}']) expect(() => scanJsonText(text, 64)).not.toThrow();
  });

  it('reads 2 MB of keys in linear time', () => {
    const text = `{${Array.from({ length: 100_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`;
    const started = performance.now();
    expect(scanJsonText(text, 64)).toBeNull();
    expect(performance.now() - started).toBeLessThan(500);
  });
});
