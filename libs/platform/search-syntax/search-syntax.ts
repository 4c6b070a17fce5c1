// The `query` argument of connections and search: `field:value` terms, bare words (full text), quoted values,
// `*` prefix match, comparisons (`created_at:>2024-01-01`), AND (implicit) / OR / NOT / `-`, parentheses.

export type Comparison = '=' | '>' | '>=' | '<' | '<=';

export type SearchNode =
  | { kind: 'and' | 'or'; children: SearchNode[] }
  | { kind: 'not'; child: SearchNode }
  | { kind: 'term'; field?: string; comparison: Comparison; value: string; prefix: boolean };

/** Parentheses nest at most this deep; deeper ones are read as if absent (their terms join the enclosing group). */
export const MAX_SEARCH_DEPTH = 10;
/** Terms read from one query; later ones are ignored (as `search` keeps its first 10 words). */
export const MAX_SEARCH_TERMS = 100;

// `-` negates only when glued to what follows; a quote left open runs to the end of the input.
const QUOTED = String.raw`"(?:[^"\\]|\\[\s\S])*(?:"|\\?$)`;
const TOKEN = new RegExp(String.raw`\s*(?:(?<negation>-)(?=\S)|(?<token>\(|\)|${QUOTED}|[^\s()"]+(?:${QUOTED})?))`, 'y');

interface Group {
  /** Closed alternatives of `a OR b`. */
  alternatives: SearchNode[];
  /** Terms of the alternative being read. */
  terms: SearchNode[];
  /** A NOT or `-` waits for the next term or group. */
  negateNext: boolean;
  /** The group itself is negated (`-(a b)`). */
  negated: boolean;
}

/**
 * Parses a search query in one pass with an explicit stack (no recursion). Never throws: unbalanced
 * parentheses and quotes are read leniently, a dangling NOT is dropped, and the bounds above apply.
 */
export function parseSearchQuery(input: string): SearchNode | null {
  const tokens = new RegExp(TOKEN.source, 'y');
  const stack: Group[] = [group(false)];
  let ignoredOpen = 0;
  let terms = 0;
  let match: RegExpExecArray | null;
  while (terms < MAX_SEARCH_TERMS && (match = tokens.exec(input)) !== null) {
    const top = stack[stack.length - 1];
    const token = match.groups!.negation ?? match.groups!.token;
    if (match.groups!.negation !== undefined || token === 'NOT') {
      top.negateNext = !top.negateNext;
    } else if (token === 'OR') {
      closeAlternative(top);
    } else if (token === '(') {
      if (stack.length > MAX_SEARCH_DEPTH) {
        // Too deep: read as if absent, so a waiting NOT applies to the next term.
        ignoredOpen++;
      } else {
        stack.push(group(top.negateNext));
        top.negateNext = false;
      }
    } else if (token === ')') {
      if (ignoredOpen > 0) ignoredOpen--;
      else if (stack.length > 1) closeGroup(stack);
    } else if (token !== 'AND') {
      terms++;
      top.terms.push(negate(parseTerm(token), top.negateNext));
      top.negateNext = false;
    }
  }
  while (stack.length > 1) closeGroup(stack);
  return groupNode(stack[0]);
}

function group(negated: boolean): Group {
  return { alternatives: [], terms: [], negateNext: false, negated };
}

function closeAlternative(g: Group): void {
  const node = combine('and', g.terms);
  if (node) g.alternatives.push(node);
  g.terms = [];
  g.negateNext = false;
}

function groupNode(g: Group): SearchNode | null {
  closeAlternative(g);
  return combine('or', g.alternatives);
}

function closeGroup(stack: Group[]): void {
  const closed = stack.pop()!;
  const node = groupNode(closed);
  if (node) stack[stack.length - 1].terms.push(negate(node, closed.negated));
}

function combine(kind: 'and' | 'or', children: SearchNode[]): SearchNode | null {
  return children.length === 0 ? null : children.length === 1 ? children[0] : { kind, children };
}

// NOT NOT x is x, so chains of negations never nest.
function negate(node: SearchNode, negated: boolean): SearchNode {
  if (!negated) return node;
  return node.kind === 'not' ? node.child : { kind: 'not', child: node };
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
  const value = rest.startsWith('"') ? unquote(rest) : rest;
  const prefix = value.endsWith('*');
  return { kind: 'term', field, comparison, value: prefix ? value.slice(0, -1) : value, prefix };
}

// The text of a quoted value: up to the closing quote (or the end), backslash escapes resolved.
function unquote(quoted: string): string {
  let value = '';
  for (let i = 1; i < quoted.length; i++) {
    const c = quoted[i];
    if (c === '"') break;
    if (c === '\\') i++;
    if (i < quoted.length) value += quoted[i];
  }
  return value;
}
