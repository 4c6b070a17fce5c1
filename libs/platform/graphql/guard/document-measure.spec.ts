import { parse } from 'graphql';
import { measureDocument } from './document-measure.js';

/** `fragment F0 { name } fragment F1 { ...F0 ...F0 } … fragment Fn { ...F(n-1) ...F(n-1) }` spread once. */
function fragmentBomb(levels: number, type = 'Shop'): string {
  const fragments = [`fragment F0 on ${type} { name }`];
  for (let i = 1; i <= levels; i++) fragments.push(`fragment F${i} on ${type} { ...F${i - 1} ...F${i - 1} }`);
  return `{ shop { ...F${levels} } } ${fragments.join(' ')}`;
}

describe('measureDocument', () => {
  it('counts depth, fields, aliases and directives as written', () => {
    const measure = measureDocument(parse('query Q @a { shop { name n: name @skip(if: true) } products(first: 1) { nodes { id t: title } } }'));
    expect(measure).toEqual({ depth: 3, fields: 7, aliases: 2, directives: 2 });
  });

  it('expands a fragment at each spread and an inline fragment where it stands', () => {
    const measure = measureDocument(parse('{ shop { ...F ...F ... on Shop { id } } } fragment F on Shop { a: name owner { name } }'));
    // shop + 2 × (spread + a + owner + name) + id
    expect(measure).toEqual({ depth: 3, fields: 1 + 2 * 4 + 1, aliases: 2, directives: 0 });
  });

  it('measures a fragment bomb of 2^30 fields without walking them', () => {
    const started = performance.now();
    const measure = measureDocument(parse(fragmentBomb(30)));
    expect(performance.now() - started).toBeLessThan(200);
    expect(measure.fields).toBeGreaterThan(2 ** 30);
    expect(measure.depth).toBe(2);
  });

  it('saturates at 2^53 instead of overflowing to Infinity', () => {
    expect(measureDocument(parse(fragmentBomb(80))).fields).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('follows a chain of thousands of fragments without recursing through it', () => {
    const fragments = ['fragment F0 on Shop { name }'];
    for (let i = 1; i < 5000; i++) fragments.push(`fragment F${i} on Shop { ...F${i - 1} }`);
    const measure = measureDocument(parse(`{ shop { ...F4999 } } ${fragments.join(' ')}`));
    expect(measure.fields).toBe(1 + 5000 + 1);
  });

  it('counts nothing for cycles and unknown fragments (validation reports them)', () => {
    const measure = measureDocument(parse('{ shop { ...A ...Missing } } fragment A on Shop { ...B id } fragment B on Shop { ...A name }'));
    expect(Number.isFinite(measure.fields)).toBe(true);
    expect(measure.depth).toBe(2);
  });

  it('adds up every operation of the document', () => {
    expect(measureDocument(parse('query A { shop { name } } query B { shop { id name } }')).fields).toBe(2 + 3);
  });
});
