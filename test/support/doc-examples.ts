/**
 * The runnable examples of a markdown doc, and the comparison of what a command printed with what the doc shows.
 * Pure: no process, no app (doc-runner.ts runs the examples).
 *
 * **Examples.** A fenced block tagged `sh`, `bash` or `shell` is a shell example: its commands run in order, in one
 * shell session per doc (variables carry from block to block). A block tagged `graphql` is a GraphQL example: its
 * operation is posted to the endpoint the doc's spec names. Every other block (`ts`, `js`, `json`, untagged) is not an
 * example by itself: code, a file's contents or a shape, except as the output or variables of the example just before.
 *
 * **Not run.** A comment `<!-- example: not run — <reason> -->` on the nearest non-blank line before an example's
 * fence leaves it out, visibly (its test is skipped, named with the reason). Any other `<!-- example: … -->` is an
 * error, so a misspelt marker cannot hide an example.
 *
 * **Commands.** A shell block is split into commands as the shell reads them: a command ends at a line end outside
 * quotes, `$( … )` and a trailing `\`, after its here-documents. A line starting with `#` after a command is the
 * output of that command, as the doc shows it (the `#` and one space removed); `#` lines before a block's first command
 * are commentary.
 *
 * **Shown output.** A `json`, `text` or untagged block that follows an example with only blank lines between is the
 * output of its last command (of a GraphQL example: its answer). For a GraphQL operation that declares variables
 * (`query($token: String!) …`), a `json` block right after it is the variables, and a block right after those the answer.
 * A command with no shown output must still succeed: exit 0, and when it printed JSON, no `errors` in it, no non-empty
 * `userErrors` (or `customerUserErrors`, `orderCancelUserErrors`, …) list, and no HTTP status of 400 or more.
 *
 * **Comparing.** When the shown output reads as JSON with elisions it is compared as a structure, else line by line
 * as text:
 * - `…` as a value, or the string `"…"`, matches any value; `…` as an object member means other members may be
 *   there (`{…}` is any object); `…` as an array element matches any number of elements there. An object without
 *   `…` must have exactly the keys shown (except an answer's top-level `extensions`, the admin API's query cost, which
 *   the doc may leave out), an array without `…` exactly the elements shown.
 * - Inside a string (and on a text line) `…` matches any characters; a text line that is only `…` matches any lines.
 * - Several JSON values (one per line, as a script prints them) are compared one by one.
 * - `curl -i` output: the shown status line must begin the printed one, each shown header must be there (name in any
 *   case) with a matching value, other headers are not compared, then the body as above. Shown output that starts with
 *   a header line (`link: <…>; rel="next"`) shows headers without the status line.
 *
 * **Masked** (on both sides, before comparing), because they differ from run to run or with the requests before:
 * - times: ISO date-times are `<time>`, ISO dates `<date>`; the epoch seconds of a URL's `v=` and `expires=` `<time>`;
 * - ids: the id of a global id, `gid://platform/Cart/<id>` (its type is compared); any number, and any string of
 *   digits, under a key `id`, `…Id`, `…_id`, `…Ids` or `…_ids` (in text, ids are compared as written);
 * - tokens, keys and cursors: a URL's `page_info=`, `signature=`, `key=`, `cart=` and `_cs=` values, an activation
 *   link's token (`/account/activate/<id>/<token>`), a cart URL's token (`/cart/c/<token>`), any string under a key
 *   `cursor`, `startCursor` or `endCursor`, and any run of 16 or more letters, digits, `_` and `-` that holds a digit
 *   (a token, `platat_<token>` and `platsp_<token>` keeping their prefix);
 * - the bucket's level: `currentlyAvailable`, and the used part of `X-Platform-Shop-Api-Call-Limit` (`<n>/40`).
 * Placeholders written in the doc's output as `<id>`, `<token>` or `<key>` where such a value stands mask the same way.
 * Everything else must be equal: amounts, names, counts, codes, messages, handles, order names.
 *
 * **Placeholders in commands** (resolved before a command runs): `<adminAccessToken from the log>` and the other
 * tokens `npm start` logs are the demo shop's; `<field from name>` is the first `field` with a value inside `name` in
 * the newest answer that has one (`<id from productCreate>`: the product the example above created).
 */

export interface Shown {
  /** The 1-based line of the doc where the shown output starts. */
  line: number;
  text: string;
}

export interface ShellCommand {
  line: number;
  text: string;
  shown?: Shown;
}

interface ExampleBase {
  file: string;
  /** The 1-based line of the example's opening fence. */
  line: number;
  /** Why the doc leaves the example out, from its marker comment. */
  notRun?: string;
}

export interface ShellExample extends ExampleBase {
  kind: 'shell';
  commands: ShellCommand[];
}

export interface GraphqlExample extends ExampleBase {
  kind: 'graphql';
  query: string;
  variables?: Shown;
  shown?: Shown;
}

export type DocExample = ShellExample | GraphqlExample;

export interface FencedBlock {
  /** The info string's first word, '' when untagged. */
  lang: string;
  line: number;
  /** The lines between the fences, without the opening fence's indentation. */
  body: string;
  /** The text of an `<!-- example: … -->` comment on the nearest non-blank line before the fence. */
  marker?: string;
  /** Only blank lines between the block before (its closing fence) and this one. */
  followsBlock: boolean;
}

const SHELL = new Set(['sh', 'bash', 'shell']);
const OUTPUT = new Set(['json', 'text', '']);

/** The fenced code blocks of a markdown text, in order. */
export function fencedBlocks(markdown: string): FencedBlock[] {
  const lines = markdown.split('\n');
  const blocks: FencedBlock[] = [];
  let previousEnd = -1;
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,})([\w-]*)[^`]*$/.exec(lines[i]!);
    if (!open) continue;
    const [, indent, fence, lang] = open;
    let end = i + 1;
    while (end < lines.length && lines[end]!.trim() !== fence) end++;
    if (end === lines.length) throw new Error(`line ${i + 1}: the code block never closes`);
    const body = lines.slice(i + 1, end).map((line) => (line.startsWith(indent!) ? line.slice(indent!.length) : line.trimStart())).join('\n');
    let before = i - 1;
    while (before > previousEnd && lines[before]!.trim() === '') before--;
    const comment = before > previousEnd ? /^\s*<!--\s*example:\s*([\s\S]*?)\s*-->\s*$/.exec(lines[before]!) : null;
    blocks.push({ lang: lang!, line: i + 1, body, marker: comment?.[1], followsBlock: blocks.length > 0 && before === previousEnd });
    previousEnd = end;
    i = end;
  }
  return blocks;
}

function notRunReason(block: FencedBlock, file: string): string | undefined {
  if (block.marker === undefined) return undefined;
  const reason = /^not run\s*[—:–-]\s*(.+)$/s.exec(block.marker)?.[1];
  if (!reason) throw new Error(`${file}:${block.line}: unknown example marker "${block.marker}" (write <!-- example: not run — <reason> -->)`);
  return reason;
}

/** The examples of a doc, in order. */
export function parseDoc(file: string, markdown: string): DocExample[] {
  const blocks = fencedBlocks(markdown);
  const examples: DocExample[] = [];
  for (let b = 0; b < blocks.length; b++) {
    const block = blocks[b]!;
    const next = () => {
      const following = blocks[b + 1];
      if (following?.followsBlock && OUTPUT.has(following.lang)) {
        b++;
        return { line: following.line + 1, text: following.body };
      }
      return undefined;
    };
    if (SHELL.has(block.lang)) {
      const commands = shellCommands(block.body, block.line + 1);
      const example: ShellExample = { kind: 'shell', file, line: block.line, commands, notRun: notRunReason(block, file) };
      const shown = next();
      if (shown) {
        const last = commands.at(-1);
        if (!last) throw new Error(`${file}:${block.line}: output after a block without a command`);
        if (last.shown) throw new Error(`${file}:${shown.line}: the last command already shows its output in # lines`);
        last.shown = shown;
      }
      examples.push(example);
    } else if (block.lang === 'graphql') {
      const example: GraphqlExample = { kind: 'graphql', file, line: block.line, query: block.body, notRun: notRunReason(block, file) };
      if (declaresVariables(block.body)) {
        const following = blocks[b + 1];
        if (following?.followsBlock && following.lang === 'json') example.variables = next();
      }
      example.shown = next();
      examples.push(example);
    }
  }
  return examples;
}

function declaresVariables(query: string): boolean {
  const code = query.split('\n').filter((line) => !line.trimStart().startsWith('#')).join('\n');
  return /^\s*(?:query|mutation|subscription)\b[^{(]*\(\s*\$/.test(code);
}

/**
 * A shell block's commands, each with the `#` lines after it as its shown output. A command spans lines while a
 * quote, a `$(`, a `(` inside it or a trailing backslash is open, then takes its here-documents.
 */
export function shellCommands(body: string, firstLine: number): ShellCommand[] {
  const lines = body.split('\n');
  const commands: ShellCommand[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i++;
      continue;
    }
    if (line.trimStart().startsWith('#')) {
      const output = line.trimStart().replace(/^# ?/, '');
      const last = commands.at(-1);
      if (last) last.shown = last.shown ? { ...last.shown, text: `${last.shown.text}\n${output}` } : { line: firstLine + i, text: output };
      i++;
      continue;
    }
    const start = i;
    const stack: string[] = [];
    const heredocs: string[] = [];
    for (;;) {
      if (i >= lines.length) throw new Error(`line ${firstLine + start}: the command never ends (an open quote or substitution)`);
      const text = lines[i]!;
      let continued = false;
      for (let c = 0; c < text.length; c++) {
        const ch = text[c]!;
        const top = stack.at(-1);
        if (top === "'") {
          if (ch === "'") stack.pop();
          continue;
        }
        if (ch === '\\') {
          if (c === text.length - 1) continued = true;
          c++;
          continue;
        }
        if (top === '"') {
          if (ch === '"') stack.pop();
          else if (ch === '$' && text[c + 1] === '(') {
            stack.push('$(');
            c++;
          }
          continue;
        }
        if (ch === "'" || ch === '"') stack.push(ch);
        else if (ch === '$' && text[c + 1] === '(') {
          stack.push('$(');
          c++;
        } else if (ch === '(' && stack.length > 0) stack.push('(');
        else if (ch === ')' && (top === '$(' || top === '(')) stack.pop();
        else if (ch === '#' && (c === 0 || /\s/.test(text[c - 1]!))) break;
        else if (ch === '<' && text[c + 1] === '<' && text[c + 2] !== '<') {
          const heredoc = /^<<-?\s*(['"]?)(\w+)\1/.exec(text.slice(c));
          if (heredoc) {
            heredocs.push(heredoc[2]!);
            c += heredoc[0].length - 1;
          }
        }
      }
      i++;
      if (stack.length === 0 && !continued) break;
    }
    for (const delimiter of heredocs) {
      while (i < lines.length && lines[i]!.trim() !== delimiter) i++;
      if (i >= lines.length) throw new Error(`line ${firstLine + start}: the here-document ${delimiter} never ends`);
      i++;
    }
    commands.push({ line: firstLine + start, text: lines.slice(start, i).join('\n') });
  }
  return commands;
}

// ---- The shown output's JSON, with elisions ----

export type Shape =
  | { kind: 'any' }
  | { kind: 'more' }
  | { kind: 'object'; members: [string, Shape][]; open: boolean }
  | { kind: 'array'; items: Shape[] }
  | { kind: 'string'; text: string }
  | { kind: 'literal'; value: number | boolean | null };

const ELLIPSIS = '…';

class ShownJson {
  private at = 0;
  constructor(private readonly text: string) {}

  /** Every value of the text, in order (one or more, separated by white space). */
  values(): Shape[] {
    const values: Shape[] = [];
    this.space();
    while (this.at < this.text.length) {
      values.push(this.value(false));
      this.space();
    }
    if (values.length === 0) throw new Error('no value');
    return values;
  }

  private space(): void {
    while (this.at < this.text.length && /\s/.test(this.text[this.at]!)) this.at++;
  }

  private fail(what: string): never {
    throw new Error(`${what} at offset ${this.at}`);
  }

  private value(inArray: boolean): Shape {
    this.space();
    const ch = this.text[this.at];
    if (ch === ELLIPSIS) {
      this.at++;
      return inArray ? { kind: 'more' } : { kind: 'any' };
    }
    if (ch === '{') return this.object();
    if (ch === '[') return this.array();
    if (ch === '"') {
      const text = this.string();
      return text === ELLIPSIS ? { kind: 'any' } : { kind: 'string', text };
    }
    const literal = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(this.text.slice(this.at));
    if (!literal) this.fail('a value expected');
    this.at += literal[0].length;
    return { kind: 'literal', value: JSON.parse(literal[0]) as number | boolean | null };
  }

  private string(): string {
    const match = /"(?:[^"\\\n]|\\.)*"/y;
    match.lastIndex = this.at;
    const found = match.exec(this.text);
    if (!found) this.fail('an unterminated string');
    this.at += found[0].length;
    return JSON.parse(found[0]) as string;
  }

  private object(): Shape {
    this.at++;
    const members: [string, Shape][] = [];
    let open = false;
    this.space();
    if (this.text[this.at] === '}') {
      this.at++;
      return { kind: 'object', members, open };
    }
    for (;;) {
      this.space();
      if (this.text[this.at] === ELLIPSIS) {
        this.at++;
        open = true;
      } else {
        if (this.text[this.at] !== '"') this.fail('a key expected');
        const key = this.string();
        this.space();
        if (this.text[this.at] !== ':') this.fail('":" expected');
        this.at++;
        members.push([key, this.value(false)]);
      }
      this.space();
      const ch = this.text[this.at++];
      if (ch === '}') return { kind: 'object', members, open };
      if (ch !== ',') this.fail('"," or "}" expected');
    }
  }

  private array(): Shape {
    this.at++;
    const items: Shape[] = [];
    this.space();
    if (this.text[this.at] === ']') {
      this.at++;
      return { kind: 'array', items };
    }
    for (;;) {
      items.push(this.value(true));
      this.space();
      const ch = this.text[this.at++];
      if (ch === ']') return { kind: 'array', items };
      if (ch !== ',') this.fail('"," or "]" expected');
    }
  }
}

/** The shown output as JSON shapes, or undefined when it does not read as JSON (with elisions). */
export function parseShownJson(text: string): Shape[] | undefined {
  if (!/^\s*[[{"]/.test(text)) return undefined;
  try {
    return new ShownJson(text).values();
  } catch {
    return undefined;
  }
}

/** What a command printed, as JSON values: the whole text, else one value per non-blank line; undefined otherwise. */
export function jsonValues(text: string): unknown[] | undefined {
  if (text.trim() === '') return undefined;
  try {
    return [JSON.parse(text)];
  } catch {
    try {
      return text.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as unknown);
    } catch {
      return undefined;
    }
  }
}

// ---- Masks ----

const STRING_MASKS: [RegExp, string | ((match: string, ...groups: string[]) => string)][] = [
  [/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?/g, '<time>'],
  [/\b\d{4}-\d{2}-\d{2}\b/g, '<date>'],
  [/(gid:\/\/platform\/\w+\/)(?:<\w+>|[^\s"'?&<>…/]+)/g, '$1<id>'],
  [/([?&](?:expires|v)=)\d+/g, '$1<time>'],
  [/([?&](?:page_info|signature|key|cart|_cs)=)(?:<\w+>|[^\s"'&<>…#]+)/g, '$1<token>'],
  [/(\/account\/activate\/)(?:<\w+>|\d+)\/(?:<\w+>|[^\s"'<>…/?]+)/g, '$1<id>/<token>'],
  [/(\/cart\/c\/)(?:<\w+>|[^\s"'?<>…/]+)/g, '$1<token>'],
  [/(x-platform-shop-api-call-limit:\s*)\d+\//gi, '$1<n>/'],
  [/(?<![\w-])[\w-]{16,}(?![\w-])/g, (run) => (/\d/.test(run) ? `${/^(platat_|platsp_)/.exec(run)?.[1] ?? ''}<token>` : run)],
];

/** A text with its times, ids, tokens, keys and cursors masked (the module's header lists the rules). */
export function mask(text: string): string {
  return STRING_MASKS.reduce((masked, [pattern, replacement]) => masked.replace(pattern, replacement as string), text);
}

const isIdKey = (key: string | undefined) => key !== undefined && (key === 'id' || /(?:Id|_id|_ids|Ids)$/.test(key));
const isCursorKey = (key: string | undefined) => key === 'cursor' || key === 'startCursor' || key === 'endCursor';

function maskUnder(key: string | undefined, text: string): string {
  if (isCursorKey(key)) return '<cursor>';
  if (isIdKey(key) && /^\d+$/.test(text)) return '<id>';
  return mask(text);
}

/** Whether a text matches a pattern whose `…` match any characters. */
export function wildcardMatch(text: string, pattern: string): boolean {
  const source = pattern.split(ELLIPSIS).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s\\S]*');
  return new RegExp(`^${source}$`).test(text);
}

// ---- Comparing ----

const show = (value: unknown) => {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 200 ? `${text.slice(0, 200)}…` : text;
};

/** Where an answer differs from a shape: undefined when it matches. */
export function matchShape(actual: unknown, shape: Shape, path = '$', key?: string): string | undefined {
  switch (shape.kind) {
    case 'any':
      return undefined;
    case 'more':
      return undefined;
    case 'literal': {
      if (typeof shape.value === 'number' && typeof actual === 'number' && (isIdKey(key) || key === 'currentlyAvailable')) return undefined;
      return Object.is(actual, shape.value) ? undefined : `${path}: the doc shows ${show(shape.value)}, the answer has ${show(actual)}`;
    }
    case 'string': {
      if (typeof actual !== 'string') return `${path}: the doc shows ${show(shape.text)}, the answer has ${show(actual)}`;
      return wildcardMatch(maskUnder(key, actual), maskUnder(key, shape.text)) ? undefined : `${path}: the doc shows ${show(shape.text)}, the answer has ${show(actual)}`;
    }
    case 'object': {
      if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return `${path}: the doc shows an object, the answer has ${show(actual)}`;
      const record = actual as Record<string, unknown>;
      for (const [member, value] of shape.members) {
        const where = `${path}.${member}`;
        if (!(member in record)) return `${where}: the doc shows it, the answer has no such key`;
        const problem = matchShape(record[member], value, where, member);
        if (problem) return problem;
      }
      if (!shape.open) {
        // A GraphQL answer's extensions (the admin API's query cost) need not be shown.
        const extra = Object.keys(record).filter((member) => !shape.members.some(([name]) => name === member) && !(member === 'extensions' && /^\$\d*$/.test(path)));
        if (extra.length > 0) return `${path}: the answer has ${extra.map((name) => `"${name}"`).join(', ')} too, which the doc does not show (write … for more)`;
      }
      return undefined;
    }
    case 'array': {
      if (!Array.isArray(actual)) return `${path}: the doc shows a list, the answer has ${show(actual)}`;
      const fixed = shape.items.filter((item) => item.kind !== 'more').length;
      if (!shape.items.some((item) => item.kind === 'more')) {
        if (actual.length !== fixed) return `${path}: the doc shows ${fixed} item(s), the answer has ${actual.length}: ${show(actual)}`;
      } else if (actual.length < fixed) return `${path}: the doc shows at least ${fixed} item(s), the answer has ${actual.length}`;
      return matchItems(actual, shape.items, 0, 0, path, key);
    }
  }
}

/** The items from `i` against the shapes from `s`, a `…` taking as many items as lets the rest match. */
function matchItems(actual: unknown[], shapes: Shape[], i: number, s: number, path: string, key: string | undefined): string | undefined {
  if (s === shapes.length) return i === actual.length ? undefined : `${path}: ${actual.length - i} more item(s) than the doc shows`;
  const shape = shapes[s]!;
  if (shape.kind === 'more') {
    let first: string | undefined;
    for (let take = 0; i + take <= actual.length; take++) {
      const problem = matchItems(actual, shapes, i + take, s + 1, path, key);
      if (!problem) return undefined;
      first ??= problem;
    }
    return first;
  }
  if (i >= actual.length) return `${path}: the doc shows more items than the answer has`;
  return matchShape(actual[i], shape, `${path}[${i}]`, key) ?? matchItems(actual, shapes, i + 1, s + 1, path, key);
}

interface HttpText {
  status?: string;
  headers: [string, string][];
  body: string;
}

const isHttp = (text: string) => /^HTTP\/[\d.]+ \d{3}/.test(text);

function printedHttp(text: string): HttpText {
  const [head, ...rest] = text.split('\n\n');
  const [status, ...headers] = head!.split('\n');
  return { status, headers: headers.map(header), body: rest.join('\n\n') };
}

function shownHttp(text: string): HttpText {
  const lines = text.split('\n');
  let at = 0;
  const status = isHttp(lines[0] ?? '') ? lines[at++] : undefined;
  const headers: [string, string][] = [];
  while (at < lines.length && /^[A-Za-z0-9-]+: /.test(lines[at]!)) headers.push(header(lines[at++]!));
  return { status, headers, body: lines.slice(at).join('\n') };
}

function header(line: string): [string, string] {
  const colon = line.indexOf(':');
  return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
}

/** Line-by-line comparison of texts: `…` in a line matches any characters, a line of `…` alone any lines. */
export function matchText(actual: string, shown: string): string | undefined {
  const clean = (text: string) => text.split('\n').map((line) => mask(line.trimEnd())).join('\n').replace(/^\n+|\n+$/g, '');
  const printed = clean(actual);
  const expected = clean(shown);
  const source = expected
    .split('\n')
    .map((line) => (line.trim() === ELLIPSIS ? '[\\s\\S]*' : line.split(ELLIPSIS).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')))
    .join('\n')
    .replace(/\n\[\\s\\S\]\*\n/g, '(?:\\n[\\s\\S]*)?\\n');
  if (new RegExp(`^${source}$`).test(printed)) return undefined;
  const printedLines = printed.split('\n');
  const expectedLines = expected.split('\n');
  const differs = expectedLines.findIndex((line, n) => line.trim() !== ELLIPSIS && !wildcardMatch(printedLines[n] ?? '', line));
  return differs === -1
    ? `the doc shows ${expectedLines.length} line(s), the command printed ${printedLines.length}`
    : `line ${differs + 1}: the doc shows ${JSON.stringify(expectedLines[differs])}, the command printed ${JSON.stringify(printedLines[differs] ?? '(nothing)')}`;
}

/** Where what a command printed differs from the output the doc shows: undefined when it matches. */
export function compareOutput(printed: string, shown: string): string | undefined {
  let body = printed;
  let expected = shown;
  if (isHttp(printed)) {
    const answer = printedHttp(printed);
    const doc = shownHttp(shown);
    if (doc.status !== undefined && !answer.status!.trim().startsWith(doc.status.trim())) return `status: the doc shows "${doc.status}", the answer is "${answer.status}"`;
    for (const [name, value] of doc.headers) {
      const found = answer.headers.find(([printedName]) => printedName === name);
      if (!found) return `header ${name}: the doc shows it, the answer has none`;
      if (!wildcardMatch(mask(`${name}: ${found[1]}`), mask(`${name}: ${value}`))) return `header ${name}: the doc shows "${value}", the answer has "${found[1]}"`;
    }
    body = answer.body;
    expected = doc.body;
  }
  const shapes = parseShownJson(expected);
  if (!shapes) return matchText(body, expected);
  const values = jsonValues(body);
  if (!values) return 'the doc shows JSON, the command printed something else';
  if (values.length !== shapes.length) return `the doc shows ${shapes.length} JSON value(s), the command printed ${values.length}`;
  for (const [n, shape] of shapes.entries()) {
    const problem = matchShape(values[n], shape, values.length > 1 ? `$${n + 1}` : '$');
    if (problem) return problem;
  }
  return undefined;
}

/** The answers in what a command printed (a `curl -i` body included), for placeholders and the checks below. */
export function printedAnswers(printed: string): unknown[] {
  return jsonValues(isHttp(printed) ? printedHttp(printed).body : printed) ?? [];
}

/** Why a command whose output the doc does not show failed by what it printed: an error answer; else undefined. */
export function answerProblem(printed: string): string | undefined {
  if (isHttp(printed)) {
    const code = Number(/^HTTP\/[\d.]+ (\d{3})/.exec(printed)![1]);
    if (code >= 400) return `the answer is HTTP ${code}`;
  }
  for (const answer of printedAnswers(printed)) {
    if (answer !== null && typeof answer === 'object' && !Array.isArray(answer) && 'errors' in answer) return `the answer has errors: ${show((answer as { errors: unknown }).errors)}`;
    const userErrors = findUserErrors(answer);
    if (userErrors) return `the answer has user errors: ${show(userErrors)}`;
  }
  return undefined;
}

function findUserErrors(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findUserErrors(item);
      if (found) return found;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (/usererrors$/i.test(key) && Array.isArray(item) && item.length > 0) return item;
      const found = findUserErrors(item);
      if (found) return found;
    }
  }
  return undefined;
}

// ---- Placeholders ----

const PLACEHOLDER = /<([A-Za-z_]\w*) from ([^<>\n]+?)>/g;

/** Every value under `key` in an answer, depth first. */
function valuesUnder(value: unknown, key: string): unknown[] {
  const found: unknown[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node !== null && typeof node === 'object') {
      for (const [name, item] of Object.entries(node)) {
        if (name === key) found.push(item);
        walk(item);
      }
    }
  };
  walk(value);
  return found;
}

/**
 * The text with its `<field from source>` placeholders filled: from `logged` (the tokens `npm start` logs) when the
 * source is "the log", else from the newest of `answers` (oldest first) with a `field` of a value inside a `source`.
 */
export function fillPlaceholders(text: string, logged: Record<string, string>, answers: readonly unknown[]): string {
  return text.replace(PLACEHOLDER, (placeholder, field: string, source: string) => {
    if (source === 'the log') {
      const token = logged[field];
      if (token === undefined) throw new Error(`${placeholder}: the log prints no ${field}`);
      return token;
    }
    for (const answer of [...answers].reverse()) {
      for (const within of valuesUnder(answer, source)) {
        const value = (within !== null && typeof within === 'object' ? valuesUnder(within, field) : []).find((item) => typeof item === 'string' || typeof item === 'number');
        if (value !== undefined) return String(value);
      }
    }
    throw new Error(`${placeholder}: no answer before it has a ${field} inside ${source}`);
  });
}
