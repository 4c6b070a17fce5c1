// The `query` argument of connections and search: `field:value` terms, bare words (full text), quoted values,
// `*` prefix match, comparisons (`created_at:>2024-01-01`), AND (implicit) / OR / NOT / `-`, parentheses.

export type Comparison = '=' | '>' | '>=' | '<' | '<=';

export type SearchNode =
  | { kind: 'and' | 'or'; children: SearchNode[] }
  | { kind: 'not'; child: SearchNode }
  | { kind: 'term'; field?: string; comparison: Comparison; value: string; prefix: boolean };

const TOKEN = /\s*(\(|\)|-(?=[^\s])|"(?:[^"\\]|\\.)*"|[^\s()"]+(?:"(?:[^"\\]|\\.)*")?)/y;

/** Parses a search query; never throws: unbalanced input is read as leniently as possible. */
export function parseSearchQuery(input: string): SearchNode | null {
  const tokens = tokenize(input);
  let pos = 0;

  const peek = () => tokens[pos];
  const parseOr = (): SearchNode | null => {
    const children: SearchNode[] = [];
    const first = parseAnd();
    if (first) children.push(first);
    while (peek() === 'OR') {
      pos++;
      const next = parseAnd();
      if (next) children.push(next);
    }
    return children.length === 0 ? null : children.length === 1 ? children[0] : { kind: 'or', children };
  };
  const parseAnd = (): SearchNode | null => {
    const children: SearchNode[] = [];
    while (pos < tokens.length && peek() !== 'OR' && peek() !== ')') {
      if (peek() === 'AND') {
        pos++;
        continue;
      }
      const node = parseUnary();
      if (node) children.push(node);
    }
    return children.length === 0 ? null : children.length === 1 ? children[0] : { kind: 'and', children };
  };
  const parseUnary = (): SearchNode | null => {
    const token = tokens[pos++];
    if (token === 'NOT' || token === '-') {
      const child = parseUnary();
      return child && { kind: 'not', child };
    }
    if (token === '(') {
      const inner = parseOr();
      if (peek() === ')') pos++;
      return inner;
    }
    if (token === ')') return null;
    return parseTerm(token);
  };

  const tree = parseOr();
  return tree;
}

function tokenize(input: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = TOKEN.exec(input)) !== null) tokens.push(match[1]);
  return tokens;
}

function parseTerm(token: string): SearchNode {
  const colon = token.indexOf(':');
  let field: string | undefined;
  let rest = token;
  if (colon > 0 && !token.startsWith('"')) {
    field = token.slice(0, colon).toLowerCase();
    rest = token.slice(colon + 1);
  }
  let comparison: Comparison = '=';
  const op = /^(>=|<=|>|<)/.exec(rest);
  if (op) {
    comparison = op[1] as Comparison;
    rest = rest.slice(op[1].length);
  }
  let value = rest;
  if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1).replace(/\\(.)/g, '$1');
  const prefix = value.endsWith('*');
  if (prefix) value = value.slice(0, -1);
  return { kind: 'term', field, comparison, value, prefix };
}
