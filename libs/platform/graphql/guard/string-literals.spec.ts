import { type DocumentNode, Kind, parse, visit } from 'graphql';
import { stringLiterals } from './literal-shape.js';
import { stringLiteralRefusal } from './string-literals.js';

// The parser already refuses lone surrogates in the query text; the literal check holds the rule on its own.
function withLiteral(value: string): DocumentNode {
  return visit(parse('{ products(query: "x") { id } }'), { StringValue: (node) => ({ ...node, kind: Kind.STRING, value }) });
}

describe('string literal refusal', () => {
  it.each([
    ['a NUL byte', 'a\u0000b', 'String values must not contain NUL bytes (U+0000).'],
    ['a lone high surrogate', '\ud800', 'String values must not contain ill-formed text (a lone UTF-16 surrogate).'],
    ['a lone low surrogate', 'x\udc00', 'String values must not contain ill-formed text (a lone UTF-16 surrogate).'],
  ])('refuses %s with BAD_USER_INPUT at the literal', (_case, value, message) => {
    const refusal = stringLiteralRefusal(stringLiterals(withLiteral(value)));
    expect({ message: refusal?.message, code: refusal?.extensions.code, at: refusal?.locations }).toEqual({ message, code: 'BAD_USER_INPUT', at: [{ line: 1, column: 19 }] });
  });

  it('lets well-formed text through, emoji included', () => {
    expect(stringLiteralRefusal(stringLiterals(withLiteral('shirt 😀 é')))).toBeNull();
  });

  it('leaves lone surrogates in the query text to the parser, which refuses them', () => {
    for (const query of ['{ products(query: "\\ud800") { id } }', '{ products(query: "\ud800") { id } }', '{ products(query: """\udc00""") { id } }']) {
      expect(() => parse(query)).toThrow(/Syntax Error: Invalid (Unicode escape sequence|character within String)/);
    }
  });
});
