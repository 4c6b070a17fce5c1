import { readFileSync, readdirSync } from 'node:fs';
import fc from 'fast-check';
import { answerProblem, compareOutput, fillPlaceholders, mask, parseDoc, shellCommands } from './doc-examples.js';
import { DOCS_NOT_RUN, docFiles } from './doc-runner.js';
import { docSnippets } from './doc-snippets.js';

const fence = '```';
const md = (...lines: string[]) => lines.join('\n');

describe('parseDoc: the examples of a markdown doc', () => {
  it('takes sh blocks as commands, # lines after a command as its output, an adjacent json block as the last one\'s', () => {
    const [example, other] = parseDoc('x.md', md(
      '# Title', '',
      `${fence}sh`,
      '# commentary before the first command',
      'TOKEN=<adminAccessToken from the log>',
      'curl -s localhost:3000/a -H "X: $TOKEN"',
      '# {"a":1}',
      '#   ,"b":2}',
      'curl -s localhost:3000/b',
      fence, '',
      `${fence}json`, '{"b":…}', fence,
      'prose', '',
      `${fence}json`, '{"not":"an output: prose before it"}', fence,
      `${fence}ts`, 'const code = 1;', fence,
    ));
    expect(other).toBeUndefined();
    expect(example).toEqual({
      kind: 'shell',
      file: 'x.md',
      line: 3,
      notRun: undefined,
      commands: [
        { line: 5, text: 'TOKEN=<adminAccessToken from the log>' },
        { line: 6, text: 'curl -s localhost:3000/a -H "X: $TOKEN"', shown: { line: 7, text: '{"a":1}\n  ,"b":2}' } },
        { line: 9, text: 'curl -s localhost:3000/b', shown: { line: 13, text: '{"b":…}' } },
      ],
    });
  });

  it('splits commands as the shell reads them: quotes, $( … ), continuations and here-documents span lines', () => {
    const commands = shellCommands(md(
      `A=$(curl -s $SF -d '{"q":"x`,
      `y"}' | sed 's/)/(/')`,
      'curl -s "$URL" \\',
      '  -d a=1   # a comment, not output',
      'curl -s $SF --data @- <<EOF | tee /tmp/x.json',
      '{"query": "# not a comment", "v": "$V"}',
      'EOF',
      'B="two',
      'lines"',
    ), 1);
    expect(commands.map((command) => [command.line, command.text.split('\n').length])).toEqual([[1, 2], [3, 2], [5, 3], [8, 2]]);
    expect(commands.every((command) => command.shown === undefined)).toBe(true);
  });

  it('leaves out a block marked not run, naming why, and refuses a marker it does not know', () => {
    const [example] = parseDoc('x.md', md('<!-- example: not run — it starts the platform -->', `${fence}sh`, 'npm start', fence));
    expect(example!.notRun).toBe('it starts the platform');
    expect(() => parseDoc('x.md', md('<!-- example: skip -->', `${fence}sh`, 'npm start', fence))).toThrow(/unknown example marker/);
  });

  it('reads a json block after a GraphQL operation with variables as its variables, the next as its answer', () => {
    const [withVariables, without] = parseDoc('x.md', md(
      `${fence}graphql`, '# a comment', 'query($token: String!) { customer(customerAccessToken: $token) { email } }', fence,
      `${fence}json`, '{"token":"<accessToken from customerAccessTokenCreate>"}', fence,
      `${fence}json`, '{"data":{"customer":{…}}}', fence, '',
      `${fence}graphql`, 'query @inContext(country: CA) { shop { name } }', fence,
      `${fence}json`, '{"data":{"shop":{"name":"Demo Shop"}}}', fence,
    ));
    expect(withVariables).toMatchObject({ kind: 'graphql', variables: { text: '{"token":"<accessToken from customerAccessTokenCreate>"}' }, shown: { text: '{"data":{"customer":{…}}}' } });
    expect(without).toMatchObject({ kind: 'graphql', shown: { text: '{"data":{"shop":{"name":"Demo Shop"}}}' } });
    expect(without!.kind === 'graphql' && without.variables).toBeUndefined();
  });

  it('reads blocks indented in a list item', () => {
    const [example] = parseDoc('x.md', md('- item', '', `  ${fence}sh`, '  curl -s localhost:3000/', `  ${fence}`, `  ${fence}`, '  <h1>Demo Shop</h1>', `  ${fence}`));
    expect(example).toMatchObject({ commands: [{ text: 'curl -s localhost:3000/', shown: { text: '<h1>Demo Shop</h1>' } }] });
  });
});

describe('compareOutput: what a command printed against what the doc shows', () => {
  const same = (printed: unknown, shown: string) => compareOutput(typeof printed === 'string' ? printed : JSON.stringify(printed), shown);

  it('passes an equal answer and fails a drifted one, naming where', () => {
    const answer = { data: { customers: { nodes: [{ displayName: 'Mustafa Boehm', amountSpent: { amount: '1569.96' } }] }, customersCount: { count: 60 } } };
    const shown = '{"data":{"customers":{"nodes":[{"displayName":"Mustafa Boehm","amountSpent":{"amount":"1569.96"}}]},"customersCount":{"count":60}}}';
    expect(same(answer, shown)).toBeUndefined();
    expect(same(answer, shown.replace('1569.96', '1569.97'))).toBe('$.data.customers.nodes[0].amountSpent.amount: the doc shows "1569.97", the answer has "1569.96"');
    expect(same(answer, shown.replace('60', '59'))).toMatch(/customersCount\.count: the doc shows 59, the answer has 60/);
    expect(same(answer, shown.replace('Mustafa', 'Mustapha'))).toMatch(/displayName/);
    expect(same(answer, shown.replace(',"customersCount":{"count":60}', ''))).toMatch(/the answer has "customersCount" too/);
    expect(same(answer, shown.replace('}]}', '},{"displayName":"Verda"}]}'))).toMatch(/shows 2 item\(s\), the answer has 1/);
  });

  it('reads … as any value, as more members, as any number of items, and as any characters in a string', () => {
    const answer = { id: 'gid://platform/Product/61', title: 'Linen Apron', tags: ['a', 'b', 'c'], price: { amount: '24.00' }, n: 5 };
    expect(same(answer, '{"id":"gid://platform/Product/…","title":"…","n":…,"price":{…},"tags":["a",…]}')).toBeUndefined();
    expect(same(answer, '{"title":"Linen Apron",…}')).toBeUndefined();
    expect(same(answer, '{"title":"Linen …",…,"tags":[…,"c"]}')).toBeUndefined();
    expect(same(answer, '{"title":"Linen …",…,"tags":[…,"b"]}')).toMatch(/tags/);
    expect(same(answer, '{"title":"Wool …",…}')).toMatch(/title/);
    expect(same(answer, '{"missing":…,…}')).toMatch(/\$\.missing: the doc shows it, the answer has no such key/);
  });

  it('masks times, ids, tokens, cursors and bucket levels, and nothing else', () => {
    const answer = {
      id: 'gid://platform/Customer/11', order_id: 40, legacyResourceId: '11', processed_at: '2026-10-25T13:51:30.567Z', date: '2026-09-15',
      token: 'platat_0504e806f8c4353938262ea17f392245', endCursor: 'WyJOZ3p3QXci', url: 'http://localhost:3000/cart/c/94143e044c3b?key=632dc89df086e337&_cs=ARJRf_FjtreHWybFSCk',
      extensions: { cost: { throttleStatus: { currentlyAvailable: 968 } } },
    };
    const shown = {
      id: 'gid://platform/Customer/29', order_id: 31, legacyResourceId: '29', processed_at: '2026-11-24T04:09:28.319Z', date: '2026-11-24',
      token: 'platat_…', endCursor: 'WyIzZnhIdHciLCIxMzI4LjYwIiwyOV0', url: 'http://localhost:3000/cart/c/<token>?key=<key>&_cs=AQa…',
      extensions: { cost: { throttleStatus: { currentlyAvailable: 989 } } },
    };
    expect(same(answer, JSON.stringify(shown))).toBeUndefined();
    expect(same(answer, JSON.stringify({ ...shown, id: 'gid://platform/Order/11' }))).toMatch(/\$\.id/);
    expect(same(answer, JSON.stringify({ ...shown, token: 'platsp_…' }))).toMatch(/\$\.token/);
    expect(same(answer, JSON.stringify({ ...shown, order_id: null }))).toMatch(/\$\.order_id/);
    expect(mask('Booked adjustment 42 on demo: -12.50 USD (2026-11-29)')).toBe('Booked adjustment 42 on demo: -12.50 USD (<date>)');
    expect(mask('x-platform-shop-api-call-limit: 7/40')).toBe('x-platform-shop-api-call-limit: <n>/40');
  });

  it('lets a GraphQL answer leave out its extensions, nowhere else', () => {
    expect(same({ data: { shop: { name: 'Demo Shop' } }, extensions: { cost: {} } }, '{"data":{"shop":{"name":"Demo Shop"}}}')).toBeUndefined();
    expect(same({ data: { shop: { name: 'Demo Shop', extensions: 1 } } }, '{"data":{"shop":{"name":"Demo Shop"}}}')).toMatch(/"extensions" too/);
  });

  it('compares several JSON lines one by one', () => {
    expect(same('{"a":1}\n{"a":2}\n', '{"a":1}\n{"a":…}')).toBeUndefined();
    expect(same('{"a":1}\n{"a":2}\n', '{"a":1}')).toBe('the doc shows 1 JSON value(s), the command printed 2');
  });

  it('compares text line by line, … within a line and as whole lines', () => {
    const printed = '#1  2026-11-29T15:45:59.888Z  kept  shop demo\n  To: a@example.org\n\n    Hi Adrien,\n    \n    Body\n    Demo Shop\n';
    expect(same(printed, '#1  2026-11-24T04:09:28.319Z  kept  shop demo\n  To: a@example.org\n\n    Hi Adrien,\n    …\n    Demo Shop')).toBeUndefined();
    expect(same(printed, '#1  …  kept  shop demo\n…')).toBeUndefined();
    expect(same(printed, '#2  2026-11-24T04:09:28.319Z  kept  shop demo\n…')).toMatch(/line 1: the doc shows "#2/);
    expect(same('<h1>Demo Shop</h1>\n<h3>Cap</h3>\n', '<h1>Demo Shop</h1>')).toMatch(/the doc shows 1 line\(s\), the command printed 2/);
  });

  it('compares a curl -i answer by its status, the headers shown and its body', () => {
    const printed = [
      'HTTP/1.1 200 OK', 'x-request-id: 56e8', 'x-platform-api-version: 2026-10', 'x-platform-shop-api-call-limit: 7/40',
      'link: <http://localhost:3000/customers.json?page_info=WyJuZXh0Iix7fSwiV3lKcVIxRXRWV2NpTERKZCJd&limit=2>; rel="next"', '',
      '{"customers":[{"id":1}]}',
    ].join('\n');
    const shown = ['HTTP/1.1 200 OK', 'X-Platform-Shop-Api-Call-Limit: 1/40', 'link: <http://localhost:3000/customers.json?page_info=WyJuZXh0…&limit=2>; rel="next"', '', '{"customers":[{"id":1}]}'].join('\n');
    expect(same(printed, shown)).toBeUndefined();
    expect(same(printed, shown.replace('1/40', '1/80'))).toMatch(/header x-platform-shop-api-call-limit/);
    expect(same(printed, shown.replace('200 OK', '201 Created'))).toMatch(/^status/);
    expect(same(printed, 'link: <…>; rel="next"\n{"customers":[…]}')).toBeUndefined();
    expect(same(printed, 'retry-after: 1.0\n{"customers":[…]}')).toBe('header retry-after: the doc shows it, the answer has none');
  });

  it('a JSON value matches its own text, still matches with any part elided, and no longer matches with a leaf changed (property)', () => {
    const key = fc.constantFrom('name', 'title', 'amount', 'handle', 'state', 'tags', 'nodes', 'data', 'count', 'code', 'message', 'price');
    const leaf = fc.oneof(fc.stringMatching(/^[a-z .#]{0,12}$/), fc.integer({ min: -1000, max: 1000 }), fc.boolean(), fc.constant(null));
    const { value } = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(key, tie('value'), { maxKeys: 4 })),
    }));
    const root = fc.oneof(fc.array(value, { maxLength: 4 }), fc.dictionary(key, value, { maxKeys: 4 }));
    fc.assert(
      fc.property(root, fc.nat(), fc.nat(), (answer, pickElided, pickChanged) => {
        const printed = JSON.stringify(answer);
        expect(compareOutput(printed, JSON.stringify(answer, null, 1))).toBeUndefined();
        const nodes = paths(answer).filter((path) => path.length > 0);
        if (nodes.length > 0) {
          const elided = nodes[pickElided % nodes.length]!;
          expect(compareOutput(printed, render(answer, elided))).toBeUndefined();
        }
        const leaves = nodes.filter((path) => isLeaf(at(answer, path)));
        if (leaves.length > 0) {
          const changed = leaves[pickChanged % leaves.length]!;
          expect(compareOutput(printed, JSON.stringify(change(answer, changed)))).toBeDefined();
        }
      }),
      { seed: 20261129, numRuns: 500 },
    );
  });
});

type Path = (string | number)[];
const isLeaf = (value: unknown) => value === null || typeof value !== 'object';
const at = (value: unknown, path: Path): unknown => path.reduce<unknown>((node, step) => (node as Record<string | number, unknown>)[step], value);

function paths(value: unknown, prefix: Path = []): Path[] {
  if (isLeaf(value)) return [prefix];
  const children = Array.isArray(value) ? value.map((item, n) => paths(item, [...prefix, n])) : Object.entries(value as object).map(([name, item]) => paths(item, [...prefix, name]));
  return [prefix, ...children.flat()];
}

/** The value as the doc would show it with the node at `path` elided: `…` for an item or a member's value. */
function render(value: unknown, path: Path, here: Path = []): string {
  if (here.length === path.length && here.every((step, n) => step === path[n])) return '…';
  if (isLeaf(value)) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item, n) => render(item, path, [...here, n])).join(',')}]`;
  return `{${Object.entries(value as object).map(([name, item]) => `${JSON.stringify(name)}:${render(item, path, [...here, name])}`).join(',')}}`;
}

function change(value: unknown, path: Path): unknown {
  if (path.length === 0) return typeof value === 'string' ? `${value}x` : typeof value === 'number' ? value + 1 : typeof value === 'boolean' ? !value : 'x';
  const [step, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, n) => (n === step ? change(item, rest) : item));
  return Object.fromEntries(Object.entries(value as object).map(([name, item]) => [name, name === step ? change(item, rest) : item]));
}

describe('answerProblem: a command whose output the doc does not show', () => {
  it('fails an error answer, user errors and an HTTP error; passes the rest', () => {
    expect(answerProblem('{"data":{"tagsAdd":{"node":{"id":"gid://platform/Customer/58"},"userErrors":[]}}}')).toBeUndefined();
    expect(answerProblem('Created shop bots (bots.myplatform.localhost, plan plus, USD)\n')).toBeUndefined();
    expect(answerProblem('')).toBeUndefined();
    expect(answerProblem('{"errors":[{"message":"Throttled"}]}')).toMatch(/errors/);
    expect(answerProblem('{"data":{"orderCancel":{"orderCancelUserErrors":[{"message":"Order does not exist"}]}}}')).toMatch(/user errors/);
    expect(answerProblem('HTTP/1.1 404 Not Found\ncontent-type: application/json\n\n{"errors":"Not Found"}')).toBe('the answer is HTTP 404');
  });
});

describe('fillPlaceholders', () => {
  const logged = { adminAccessToken: 'platat_1' };
  const answers = [
    { data: { productCreate: { product: { id: 'gid://platform/Product/61' } } } },
    { image: { src: 'http://localhost:3000/files/a.png' } },
    { image: { src: null } },
  ];
  it("fills the log's tokens and an earlier answer's values, the newest with a value first", () => {
    expect(fillPlaceholders('TOKEN=<adminAccessToken from the log>', logged, answers)).toBe('TOKEN=platat_1');
    expect(fillPlaceholders('id: \\"<id from productCreate>\\"', logged, answers)).toBe('id: \\"gid://platform/Product/61\\"');
    expect(fillPlaceholders('"<src from image>&width=20"', logged, answers)).toBe('"http://localhost:3000/files/a.png&width=20"');
    expect(fillPlaceholders('<a class="shop-link">', logged, answers)).toBe('<a class="shop-link">');
    expect(() => fillPlaceholders('<storefrontAccessToken from the log>', logged, answers)).toThrow(/the log prints no storefrontAccessToken/);
    expect(() => fillPlaceholders('<id from productSet>', logged, answers)).toThrow(/no answer before it/);
  });
});

describe('the docs', () => {
  const docs = docFiles();
  const specs = readdirSync('test/e2e/docs').map((file) => readFileSync(`test/e2e/docs/${file}`, 'utf8')).join('\n');

  it.each(docs)('%s: its examples are run by a spec in test/e2e/docs, or the doc is left out with a reason', (doc) => {
    const examples = parseDoc(doc, readFileSync(doc, 'utf8'));
    const runnable = examples.filter((example) => !example.notRun);
    if (DOCS_NOT_RUN[doc]) expect(specs).not.toContain(`describeDocExamples('${doc}'`);
    else if (runnable.length > 0) expect(specs).toContain(`describeDocExamples('${doc}'`);
  });

  it.each(docs)("%s: each `// name.mjs` snippet is run by one of the doc's commands, or imported by a snippet", (doc) => {
    const commands = parseDoc(doc, readFileSync(doc, 'utf8')).flatMap((example) => (example.kind === 'shell' ? example.commands.map((command) => command.text) : []));
    const snippets = docSnippets(doc);
    for (const file of snippets.keys()) {
      const run = commands.some((command) => command.split(/\s+/).includes(file)) || [...snippets.values()].some((code) => code.includes(`from './${file}'`));
      expect({ file, run }).toEqual({ file, run: true });
    }
  });
});
