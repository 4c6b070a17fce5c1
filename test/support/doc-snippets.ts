import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface SnippetDir {
  /** The directory: the snippets, and node_modules linked from this checkout. */
  path: string;
  /** Runs one snippet file with `node`, as a reader would, and returns the lines it printed. */
  run(file: string, env?: Record<string, string>): Promise<string[]>;
  close(): Promise<void>;
}

/** The ```js blocks of a doc whose first line names their file (`// storefront.mjs`), by that name. */
export function docSnippets(doc: string): Map<string, string> {
  const snippets = new Map<string, string>();
  for (const [, code] of readFileSync(doc, 'utf8').matchAll(/```js\n([\s\S]*?)```/g)) {
    const file = /^\/\/ (\S+\.mjs)\n/.exec(code!)?.[1];
    if (file) snippets.set(file, code!);
  }
  return snippets;
}

/**
 * Writes the snippets into a fresh directory that sees this checkout's node_modules (where the clients are
 * installed), each text replaced as `replace` says (the doc's `localhost:3000` by the test server's address).
 */
export async function snippetDir(snippets: Map<string, string>, replace: Record<string, string>): Promise<SnippetDir> {
  const dir = await mkdtemp(join(tmpdir(), 'platform-doc-snippets-'));
  await symlink(resolve('node_modules'), join(dir, 'node_modules'));
  for (const [file, code] of snippets) {
    await writeFile(join(dir, file), Object.entries(replace).reduce((text, [from, to]) => text.replaceAll(from, to), code));
  }
  return {
    path: dir,
    async run(file, env = {}) {
      const { stdout } = await run(process.execPath, [file], { cwd: dir, env: { ...process.env, ...env }, timeout: 60_000 });
      return stdout.split('\n').filter((line) => line.trim() !== '');
    },
    close: () => rm(dir, { recursive: true, force: true }),
  };
}
