import fc from 'fast-check';
import { parse } from 'graphql';
import { literalShape, stringLiterals } from './literal-shape.js';

const shapeOf = (text: string) => literalShape(text, stringLiterals(parse(text)));
// Three literals in one document, each written as a JSON string (a valid GraphQL string); `comment` sits outside them.
const document = ([a, b, c]: readonly string[], comment = '') =>
  `# ${comment}\n{ product(id: ${JSON.stringify(a)}) { t: title(locale: ${JSON.stringify(b)}) u: title(locale: ${JSON.stringify(c)}) } }`;
const pattern = (values: readonly string[]) => values.map((v) => values.indexOf(v)).join();
const text = fc.string({ unit: 'grapheme', maxLength: 12 });

describe('literalShape', () => {
  it('is null for a document without string literals', () => {
    expect(shapeOf('{ products(first: 2) { id } }')).toBeNull();
  });

  it('two documents share a shape exactly when their literals are equal in the same pairs', () => {
    fc.assert(
      fc.property(fc.array(text, { minLength: 3, maxLength: 3 }), fc.array(text, { minLength: 3, maxLength: 3 }), (first, second) => {
        expect(shapeOf(document(first)) === shapeOf(document(second))).toBe(pattern(first) === pattern(second));
      }),
    );
  });

  it('any change outside the literals changes the shape, even one that looks like a literal or a shape', () => {
    fc.assert(
      fc.property(text.filter((c) => !/[\n\r]/.test(c)), text.filter((c) => !/[\n\r]/.test(c)), (one, other) => {
        fc.pre(one !== other);
        expect(shapeOf(document(['a', 'b', 'c'], one))).not.toBe(shapeOf(document(['a', 'b', 'c'], other)));
      }),
    );
    expect(shapeOf(document(['a', 'b', 'c'], '"x" 1:0;'))).not.toBe(shapeOf(document(['a', 'b', 'c'], '"y" 1:0;')));
  });

  it('tells a block string from a string of the same value, as graphql-js compares them', () => {
    expect(shapeOf('{ a: title(locale: "x") a: title(locale: "x") }')).not.toBe(shapeOf('{ a: title(locale: "x") a: title(locale: """x""") }'));
  });
});
