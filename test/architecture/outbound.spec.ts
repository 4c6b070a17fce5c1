import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

// docs/architecture.md, "Calling out": the platform calls other servers only through @platform/http. Imports of
// node:http(s), tls and HTTP client libraries are refused by `npm run lint`; the global fetch and WebSocket need no
// import, so this test looks for their calls in the production sources' syntax trees.

const ROOT = join(import.meta.dirname, '..', '..');
const OWN = join('libs', 'platform', 'http');

function sourcesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' || name === 'node_modules' ? [] : sourcesUnder(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

// `fetch(…)` or `globalThis.fetch(…)` (not a method such as `registry.fetch(…)`), `new WebSocket(…)`, `new EventSource(…)`.
function callsOut(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: string[] = [];
  const global = (node: ts.Expression, names: string[]): boolean =>
    (ts.isIdentifier(node) && names.includes(node.text)) ||
    (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'globalThis' && names.includes(node.name.text));
  const visit = (node: ts.Node): void => {
    if ((ts.isCallExpression(node) && global(node.expression, ['fetch'])) || (ts.isNewExpression(node) && global(node.expression, ['WebSocket', 'EventSource']))) {
      found.push(`${relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('calling out', () => {
  it('happens through @platform/http only: no global fetch, WebSocket or EventSource in apps/ and libs/', () => {
    const sources = ['apps', 'libs'].flatMap((dir) => sourcesUnder(join(ROOT, dir))).filter((file) => !relative(ROOT, file).startsWith(OWN));
    expect(sources.length).toBeGreaterThan(100);
    expect(sources.flatMap(callsOut)).toEqual([]);
  });
});
