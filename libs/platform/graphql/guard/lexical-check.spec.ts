import { DEFAULT_DOCUMENT_LIMITS } from './document-limits.js';
import { lexicalRefusal } from './lexical-check.js';

const limits = { ...DEFAULT_DOCUMENT_LIMITS, maxLength: 1000, maxTokens: 50, maxNesting: 4 };

describe('lexicalRefusal', () => {
  it('lets an ordinary document through', () => {
    expect(lexicalRefusal('{ shop { name } products(first: 2, query: "a") { nodes { id } } }', limits)).toBeNull();
  });

  it('refuses a document over the length limit before reading it', () => {
    expect(lexicalRefusal(`{ shop { name } } #${'x'.repeat(1000)}`, limits)?.extensions).toEqual({ code: 'MAX_QUERY_SIZE_EXCEEDED', size: 1019, maxSize: 1000 });
  });

  it('refuses more tokens than the limit', () => {
    expect(lexicalRefusal(`{ ${'a '.repeat(60)} }`, limits)?.extensions).toEqual({ code: 'MAX_TOKENS_EXCEEDED', maxTokens: 50 });
  });

  it('refuses brackets nested deeper than the limit, counting braces, parentheses and lists', () => {
    expect(lexicalRefusal('{ a { b(x: [1]) } }', limits)).toBeNull();
    expect(lexicalRefusal('{ a { b(x: [[1]]) } }', limits)?.extensions).toEqual({ code: 'MAX_DEPTH_EXCEEDED', maxNesting: 4 });
  });

  it('reads brackets inside strings, block strings and comments as text', () => {
    expect(lexicalRefusal('{ a(x: "{{{{{{", y: """[[[[[[""") # ((((((\n }', limits)).toBeNull();
  });

  it('refuses 20,000 nested braces at once, where the parser would overflow the stack', () => {
    const deep = '{a'.repeat(20_000) + '}'.repeat(20_000);
    const started = performance.now();
    expect(lexicalRefusal(deep, { ...DEFAULT_DOCUMENT_LIMITS, maxLength: 100_000 })?.extensions?.code).toBe('MAX_DEPTH_EXCEEDED');
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('leaves lexical errors for the parser to report', () => {
    expect(lexicalRefusal('{ a(x: "unterminated) }', limits)).toBeNull();
  });
});
