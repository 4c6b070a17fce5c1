import { tracingChannel } from 'node:diagnostics_channel';
import { GraphQLScalarType, buildSchema } from 'graphql';
import { DocumentCache } from './document-cache.js';

const schema = buildSchema(`
  directive @defer(label: String, if: Boolean! = true) on FRAGMENT_SPREAD | INLINE_FRAGMENT
  scalar Decimal
  enum Sort { TITLE }
  type Query { product(id: ID!): Product products(query: String, sort: Sort, over: Decimal): [Product!]! }
  type Product { id: ID! title(locale: String): String! }
`);
// Decimal parses its literal: whether "1.5" or "abc" is valid depends on the value.
Object.assign(schema.getType('Decimal') as GraphQLScalarType, {
  parseLiteral: (node: { kind: string; value?: string }) => {
    if (node.kind !== 'StringValue' || !/^\d+(\.\d+)?$/.test(node.value ?? '')) throw new TypeError('not a decimal');
    return node.value;
  },
});
const query = (id: string) => `{ product(id: "${id}") { id title } }`;

describe('DocumentCache', () => {
  it('keeps a document from its second request on', () => {
    const cache = new DocumentCache(schema);
    const first = cache.get(query('1'));
    const second = cache.get(query('1'));
    expect(first.document).toBeDefined();
    expect(second).not.toBe(first); // prepared again: the first request kept nothing
    expect(cache.get(query('1'))).toBe(second);
  });

  it('keeps refusals the same way', () => {
    const cache = new DocumentCache(schema);
    const bad = '{ product(id: "1") { price } }';
    const first = cache.get(bad);
    expect(first.errors?.[0]?.message).toMatch(/Cannot query field "price"/);
    const second = cache.get(bad);
    expect(second).not.toBe(first);
    expect(cache.get(bad)).toBe(second);
  });

  it('keeps the documents that repeat while one-off documents stream past', () => {
    // Room for a few documents only.
    const cache = new DocumentCache(schema, undefined, 16 * 1024);
    cache.get(query('hot'));
    const hot = cache.get(query('hot'));
    for (let i = 0; i < 500; i++) cache.get(query(`once-${i}`));
    expect(cache.get(query('hot'))).toBe(hot);
  });

  it('forgets a text seen once when the texts seen once outgrow their bytes', () => {
    const cache = new DocumentCache(schema, undefined, undefined, 2 * 1024);
    const first = cache.get(query('early'));
    for (let i = 0; i < 100; i++) cache.get(query(`once-${i}`));
    // Its first sight was forgotten: this is a first sight again, the next one keeps it.
    const again = cache.get(query('early'));
    const kept = cache.get(query('early'));
    expect(again).not.toBe(first);
    expect(kept).not.toBe(again);
    expect(cache.get(query('early'))).toBe(kept);
  });

  describe('documents that differ only in their string literals (an idempotency key, a handle written into the text)', () => {
    // graphql-js announces every validation on its diagnostics channel.
    let validations = 0;
    const count = { start: () => validations++ };
    beforeAll(() => tracingChannel('graphql:validate').subscribe(count as never));
    afterAll(() => tracingChannel('graphql:validate').unsubscribe(count as never));
    const validated = (cache: DocumentCache, text: string) => {
      const before = validations;
      const entry = cache.get(text);
      return { entry, validated: validations - before };
    };

    it('are validated once: a new value is parsed, checked for NUL bytes, and not validated again', () => {
      const cache = new DocumentCache(schema);
      expect(validated(cache, query('1'))).toMatchObject({ validated: 1, entry: { document: expect.anything() } });
      const next = validated(cache, query('2'));
      expect(next.validated).toBe(0);
      expect(next.entry.document?.definitions).toHaveLength(1);
      expect(JSON.stringify(next.entry.document)).toContain('"value":"2"');
      expect(validated(cache, query('a\\u0000b')).entry.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
    });

    it('a change outside the literals is validated', () => {
      const cache = new DocumentCache(schema);
      validated(cache, query('1'));
      expect(validated(cache, '{ product(id: "2") { id price } }').entry.errors?.[0]?.message).toMatch(/Cannot query field "price"/);
    });

    it('literals equal in other pairs are validated: same-named fields with different arguments conflict', () => {
      const cache = new DocumentCache(schema);
      const pair = (a: string, b: string) => `{ product(id: "1") { t: title(locale: "${a}") t: title(locale: "${b}") } }`;
      expect(validated(cache, pair('en', 'en')).entry.document).toBeDefined();
      const conflict = validated(cache, pair('en', 'fr'));
      expect(conflict.validated).toBe(1);
      expect(conflict.entry.errors?.[0]?.message).toMatch(/"t" conflict/);
      // The same value written as a block string is another value to graphql-js.
      expect(validated(cache, `{ product(id: "1") { t: title(locale: "en") t: title(locale: """en""") } }`).entry.errors?.[0]?.message).toMatch(/"t" conflict/);
    });

    it('a literal read by a custom scalar, or a @defer label, is validated every time', () => {
      const cache = new DocumentCache(schema);
      const over = (value: string) => `{ products(over: "${value}") { id } }`;
      expect(validated(cache, over('1.5')).entry.document).toBeDefined();
      expect(validated(cache, over('2.5')).validated).toBe(1);
      expect(validated(cache, over('abc')).entry.errors?.[0]?.message).toMatch(/not a decimal|Expected value of type "Decimal"/);
      const labels = (a: string, b: string) => `{ products { ... @defer(label: ${a}) { id } ... @defer(label: ${b}) { title } } }`;
      expect(validated(cache, labels('"a"', '"""b"""')).entry.document).toBeDefined();
      expect(validated(cache, labels('"a"', '"""a"""')).entry.errors?.[0]?.message).toMatch(/label/);
    });

    it('a literal where an enum is expected is refused whatever its value', () => {
      const cache = new DocumentCache(schema);
      expect(validated(cache, '{ products(sort: "TITLE") { id } }').entry.errors?.[0]?.message).toMatch(/Enum "Sort" cannot represent non-enum value/);
      expect(validated(cache, '{ products(sort: "OTHER") { id } }').validated).toBe(1);
    });
  });
});
