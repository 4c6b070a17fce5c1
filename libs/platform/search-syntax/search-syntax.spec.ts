import fc from 'fast-check';
import { anySearchQuery } from './testing/search-queries.js';
import { MAX_SEARCH_DEPTH, MAX_SEARCH_TERMS, type SearchNode, parseSearchQuery } from './search-syntax.js';

const SEED = { seed: 20261124, numRuns: 1000 };
const term = (value: string, field?: string, extra: Partial<SearchNode> = {}): SearchNode => ({ kind: 'term', field, comparison: '=', value, prefix: false, ...extra }) as SearchNode;

// Measured without recursion, so a tree the parser should never build cannot break the test itself.
function measure(tree: SearchNode | null): { depth: number; terms: number; nodes: number } {
  let depth = 0;
  let terms = 0;
  let nodes = 0;
  const stack: [SearchNode, number][] = tree ? [[tree, 1]] : [];
  while (stack.length > 0) {
    const [node, level] = stack.pop()!;
    nodes++;
    depth = Math.max(depth, level);
    if (node.kind === 'term') terms++;
    else if (node.kind === 'not') stack.push([node.child, level + 1]);
    else for (const child of node.children) stack.push([child, level + 1]);
  }
  return { depth, terms, nodes };
}

describe('search syntax', () => {
  it('reads fields, comparisons, quotes, prefixes, AND/OR/NOT and parentheses', () => {
    expect(parseSearchQuery('title:"Blue shirt" OR (vendor:Acme -tag:sale) created_at:>2024-01-01 shi*')).toEqual({
      kind: 'or',
      children: [
        term('Blue shirt', 'title'),
        {
          kind: 'and',
          children: [
            { kind: 'and', children: [term('Acme', 'vendor'), { kind: 'not', child: term('sale', 'tag') }] },
            term('2024-01-01', 'created_at', { comparison: '>' }),
            term('shi', undefined, { prefix: true }),
          ],
        },
      ],
    });
  });

  it('is lenient with unbalanced input', () => {
    expect(parseSearchQuery('(tag:a')).toEqual(term('a', 'tag'));
    expect(parseSearchQuery('a ) b')).toEqual({ kind: 'and', children: [term('a'), term('b')] });
    expect(parseSearchQuery('title:"Blue shi')).toEqual(term('Blue shi', 'title'));
    expect(parseSearchQuery('"a \\" b')).toEqual(term('a " b'));
    expect(parseSearchQuery('"ends in a backslash\\')).toEqual(term('ends in a backslash'));
    expect(parseSearchQuery('')).toBeNull();
  });

  // Regressions: each of these threw a TypeError (INTERNAL_SERVER_ERROR on every searchable connection).
  it.each(['-', 'NOT', 'a -', 'NOT NOT', '-"', '- ', 'a NOT', 'NOT OR NOT'])('reads %j without throwing', (query) => {
    expect(() => parseSearchQuery(query)).not.toThrow();
  });

  it('drops a dangling NOT, reads a lone - as a word and a NOT NOT as nothing', () => {
    expect(parseSearchQuery('NOT')).toBeNull();
    expect(parseSearchQuery('-')).toEqual(term('-'));
    expect(parseSearchQuery('a NOT')).toEqual(term('a'));
    expect(parseSearchQuery('NOT NOT a')).toEqual(term('a'));
    expect(parseSearchQuery('- - -a')).toEqual({ kind: 'and', children: [term('-'), term('-'), { kind: 'not', child: term('a') }] });
    expect(parseSearchQuery('-(a OR b)')).toEqual({ kind: 'not', child: { kind: 'or', children: [term('a'), term('b')] } });
  });

  it(`keeps parentheses up to ${MAX_SEARCH_DEPTH} deep and reads deeper ones as if absent`, () => {
    const nested = (depth: number, inner: string) => `${'('.repeat(depth)}${inner}${')'.repeat(depth)}`;
    const within = parseSearchQuery(`a OR ${nested(MAX_SEARCH_DEPTH - 1, 'b (c OR d)')}`);
    expect(within).toEqual({ kind: 'or', children: [term('a'), { kind: 'and', children: [term('b'), { kind: 'or', children: [term('c'), term('d')] }] }] });
    // One level deeper, the innermost group's parentheses are ignored: `b c OR d`.
    const beyond = parseSearchQuery(`a OR ${nested(MAX_SEARCH_DEPTH, 'b (c OR d)')}`);
    expect(beyond).toEqual({ kind: 'or', children: [term('a'), { kind: 'or', children: [{ kind: 'and', children: [term('b'), term('c')] }, term('d')] }] });
    // A NOT before an ignored parenthesis applies to the next term.
    expect(parseSearchQuery(nested(MAX_SEARCH_DEPTH, '-(a b)'))).toEqual({ kind: 'and', children: [{ kind: 'not', child: term('a') }, term('b')] });
  });

  // Regression: 20,000 nested parentheses overflowed the stack of the recursive parser.
  it('reads 20,000 nested parentheses, negations and terms in linear time, without deep trees', () => {
    const deep = `${'('.repeat(20_000)}shirt${')'.repeat(20_000)}`;
    expect(parseSearchQuery(deep)).toEqual(term('shirt'));
    expect(parseSearchQuery(`${'-('.repeat(20_000)}shirt`)).toEqual(term('shirt'));
    expect(parseSearchQuery(`${'NOT '.repeat(20_001)}shirt`)).toEqual({ kind: 'not', child: term('shirt') });
    const many = parseSearchQuery(Array.from({ length: 20_000 }, (_, i) => `w${i}`).join(' OR '));
    expect(measure(many).terms).toBe(MAX_SEARCH_TERMS);
    const started = performance.now();
    parseSearchQuery('(a OR '.repeat(50_000));
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('never throws, and bounds terms, depth and size, on queries made of its own syntax (property)', () => {
    fc.assert(
      fc.property(anySearchQuery, (query) => {
        const tree = parseSearchQuery(query);
        const { depth, terms, nodes } = measure(tree);
        expect(terms).toBeLessThanOrEqual(MAX_SEARCH_TERMS);
        // Each level of parentheses adds at most a NOT, an OR and an AND above a term.
        expect(depth).toBeLessThanOrEqual(3 * (MAX_SEARCH_DEPTH + 1) + 1);
        expect(nodes).toBeLessThanOrEqual(4 * terms);
        expect(JSON.stringify(tree ?? '').length).toBeLessThanOrEqual(100 * (query.length + 1));
      }),
      SEED,
    );
  });
});
