import { buildSchema } from 'graphql';
import { DocumentCache } from './document-cache.js';

const schema = buildSchema('type Query { product(id: ID!): Product } type Product { id: ID! title: String! }');
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
});
