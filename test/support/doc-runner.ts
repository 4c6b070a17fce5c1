import { spawn } from 'node:child_process';
import { appendFileSync, readFileSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { JOB_QUEUE, type JobQueue } from '@platform/queue';
import { DemoShopService, demoTokens } from '@platform/seed';
import { cliRunner } from './cli.js';
import { type DocExample, type GraphqlExample, type ShellCommand, answerProblem, compareOutput, fillPlaceholders, parseDoc, printedAnswers } from './doc-examples.js';
import { type SnippetDir, docSnippets, snippetDir } from './doc-snippets.js';
import { type TestApp, createTestApp } from './test-app.js';

// Runs a doc's examples (doc-examples.ts says which and how they compare) in order, as a reader would after
// `npm start`, against an app on a freshly seeded demo shop listening on a port of its own:
// - shell commands run with bash, one process each, in a directory of the run's own where the doc's `// name.mjs`
//   snippets are saved (and node_modules is this checkout's); the variables a command sets are carried to the next;
// - `localhost:3000` in a command is the app's address, `/tmp/` the run's own directory (two runs share no file);
// - `npm run platform -- …` (and `npm run -s platform -- …`) is the operator CLI: a shell function hands its arguments
//   to this process, which runs them with the CLI's own `runCli` (what `dist/apps/cli/main.js` runs) against the app's
//   database. The same command, without the three seconds a new node process takes to load the platform;
// - before each command the app's job queue is drained: what an earlier command started in the background (an
//   email, an image download) is done, as it is by the time a reader types the next command;
// - GraphQL blocks are posted to the endpoint the doc's spec names, with the headers it names.
// A command's output is compared with localhost:<port> written back as localhost:3000.
// DOC_EXAMPLES_TRACE=<file> appends every command and what it printed to the file: the outputs to paste into a doc.

/** Docs left out as a whole, and why. Every other doc with examples has a spec in test/e2e/docs/. */
export const DOCS_NOT_RUN: Record<string, string> = {
  'docs/performance.md': 'its commands are the benchmark (minutes per run, a build first) and profiling sessions; CI runs the bench in smoke mode',
};

/** The docs whose examples could run: the README and docs/*.md. */
export function docFiles(): string[] {
  return ['README.md', ...readdirSync('docs').filter((file) => file.endsWith('.md')).sort().map((file) => `docs/${file}`)];
}

export interface DocRunOptions {
  /** The app's environment beyond DEFAULT_SHOP=demo. */
  env?: Record<string, string | undefined>;
  /** Where the doc's GraphQL blocks go: the path on the app and the headers sent (a reader's GraphiQL settings). */
  graphql?: { path: string; headers: (tokens: ReturnType<typeof demoTokens>) => Record<string, string> };
  /**
   * Once the app listens: files the doc assumes the reader has (saved in the run's directory), and text to replace in
   * commands (each with its reason in the spec), with what to close after.
   */
  prepare?: (app: TestApp) => Promise<{ files?: Record<string, string | Uint8Array>; replace?: Record<string, string>; close?: () => Promise<void> }>;
}

const PRELUDE = String.raw`
npm() {
  if [ "$1" != run ]; then echo "doc runner: 'npm $1' is not run here" >&2; return 127; fi
  shift
  if [ "$1" = -s ] || [ "$1" = --silent ]; then shift; fi
  if [ "$1" != platform ]; then echo "doc runner: 'npm run $1' is not run here" >&2; return 127; fi
  shift
  if [ "$1" = -- ]; then shift; fi
  local headers code
  headers=$(mktemp "$DOC_RUNNER/cli.XXXXXX")
  printf '%s\0' "$@" | curl -s --data-binary @- -D "$headers" "$DOC_RUNNER_CLI"
  code=$(sed -n 's/^x-exit-code: \([0-9]*\).*$/\1/p' "$headers")
  sed -n 's/^x-stderr: \([A-Za-z0-9+\/=]*\).*$/\1/p' "$headers" | base64 -d >&2
  rm -f "$headers"
  [ -n "$code" ] || code=1
  return "$code"
}
`;

const EPILOGUE = String.raw`
__doc_rc=$?
__doc_vars=$(compgen -v | grep -vxF -f "$DOC_RUNNER/baseline" | grep -v '^__doc_' | grep -vx -e OLDPWD -e BASH_REMATCH -e _)
if [ -n "$__doc_vars" ]; then declare -p $__doc_vars > "$DOC_RUNNER/state.sh"; fi
exit $__doc_rc
`;

interface Printed {
  code: number | null;
  stdout: string;
  stderr: string;
}

function bash(script: string, cwd: string, env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<Printed> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') }));
  });
}

function trace(where: string, command: string, printed: string): void {
  const file = process.env.DOC_EXAMPLES_TRACE;
  if (file) appendFileSync(file, `==> ${where}\n${command}\n--- printed:\n${printed}\n`);
}

const clip = (text: string, length = 4000) => (text.length > length ? `${text.slice(0, length)}\n… (${text.length - length} more characters)` : text);

/** A doc's examples against one app: started once, then run one by one in the doc's order. */
export class DocRun {
  private readonly answers: unknown[] = [];
  private readonly tokens = demoTokens();

  private constructor(
    readonly file: string,
    private readonly t: TestApp,
    private readonly port: number,
    private readonly dir: SnippetDir,
    private readonly runner: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly replace: Record<string, string>,
    private readonly options: DocRunOptions,
    private readonly closers: (() => Promise<void>)[],
  ) {}

  static async start(file: string, options: DocRunOptions = {}): Promise<DocRun> {
    const closers: (() => Promise<void>)[] = [];
    const close = async () => {
      for (const closer of closers.reverse()) await closer().catch(() => undefined);
    };
    try {
      const t = await createTestApp({ DEFAULT_SHOP: 'demo', ...options.env });
      closers.push(() => t.close());
      await t.app.get(DemoShopService).ensureDemoShop();
      await t.app.listen(0, '127.0.0.1');
      const { port } = t.app.getHttpServer().address() as AddressInfo;

      const snippets = await snippetDir(docSnippets(file), { 'localhost:3000': `localhost:${port}` });
      closers.push(() => snippets.close());
      const runner = await mkdtemp(join(tmpdir(), 'platform-doc-runner-'));
      closers.push(() => rm(runner, { recursive: true, force: true }));
      await mkdir(join(runner, 'tmp'));

      // The operator CLI, for the shell's `npm run platform -- …`.
      const cli = cliRunner(() => ({ DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent' }));
      const server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          const argv = Buffer.concat(chunks).toString('utf8').split('\0').slice(0, -1);
          cli(...argv).then(
            (ran) => {
              res.writeHead(200, { 'x-exit-code': String(ran.code), 'x-stderr': Buffer.from(ran.err.join('\n')).toString('base64') });
              res.end(ran.out.map((line) => `${line}\n`).join(''));
            },
            (error: Error) => {
              res.writeHead(200, { 'x-exit-code': '70', 'x-stderr': Buffer.from(String(error.stack)).toString('base64') });
              res.end();
            },
          );
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      closers.push(() => new Promise((resolve) => server.close(() => resolve())));

      const prepared = (await options.prepare?.(t)) ?? {};
      if (prepared.close) closers.push(prepared.close);
      for (const [name, content] of Object.entries(prepared.files ?? {})) await writeFile(join(snippets.path, name), content);

      // A shell with nothing of this process' environment but where node and curl are; HOME is the run's directory,
      // so no ~/.curlrc of the machine changes what curl sends.
      const env: NodeJS.ProcessEnv = {
        PATH: `${dirname(process.execPath)}:${process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin'}`,
        HOME: snippets.path,
        LANG: 'C.UTF-8',
        DOC_RUNNER: runner,
        DOC_RUNNER_CLI: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
      };
      await writeFile(join(runner, 'prelude.sh'), PRELUDE);
      await writeFile(join(runner, 'state.sh'), '');
      const baseline = await bash(`source "$DOC_RUNNER/prelude.sh"; compgen -v`, snippets.path, env);
      await writeFile(join(runner, 'baseline'), baseline.stdout);
      return new DocRun(file, t, port, snippets, runner, env, prepared.replace ?? {}, options, closers);
    } catch (error) {
      await close();
      throw error;
    }
  }

  async close(): Promise<void> {
    for (const closer of this.closers.reverse()) await closer().catch(() => undefined);
  }

  async run(example: DocExample): Promise<void> {
    if (example.kind === 'graphql') return this.graphql(example);
    for (const command of example.commands) await this.command(command);
  }

  /** The command as the shell gets it: placeholders filled, then the test's addresses and directories. */
  private commandText(command: ShellCommand): string {
    let text = fillPlaceholders(command.text, this.tokens, this.answers);
    text = text.replaceAll('localhost:3000', `localhost:${this.port}`).replaceAll('/tmp/', `${this.runner}/tmp/`);
    for (const [from, to] of Object.entries(this.replace)) text = text.replaceAll(from, to);
    return text;
  }

  private async command(command: ShellCommand): Promise<void> {
    const where = `${this.file}:${command.line}`;
    const text = this.commandText(command);
    await this.t.app.get<JobQueue>(JOB_QUEUE).drain();
    const ran = await bash(`source "$DOC_RUNNER/prelude.sh"\nsource "$DOC_RUNNER/state.sh"\n${text}\n${EPILOGUE}`, this.dir.path, this.env);
    const printed = ran.stdout.replace(/\r\n/g, '\n').replaceAll(`localhost:${this.port}`, 'localhost:3000');
    this.answers.push(...printedAnswers(printed));
    trace(where, text, printed);
    if (ran.code !== 0) throw new Error(`${where}: the command exited ${ran.code}\n${text}\nstderr:\n${clip(ran.stderr)}\nstdout:\n${clip(printed)}`);
    this.check(where, printed, command.shown);
  }

  private async graphql(example: GraphqlExample): Promise<void> {
    const where = `${this.file}:${example.line}`;
    if (!this.options.graphql) throw new Error(`${where}: a GraphQL block, and the doc's spec names no endpoint for them`);
    await this.t.app.get<JobQueue>(JOB_QUEUE).drain();
    const variables = example.variables && (JSON.parse(fillPlaceholders(example.variables.text, this.tokens, this.answers)) as unknown);
    const response = await fetch(`http://localhost:${this.port}${this.options.graphql.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...this.options.graphql.headers(this.tokens) },
      body: JSON.stringify({ query: example.query, ...(variables ? { variables } : {}) }),
    });
    const printed = (await response.text()).replaceAll(`localhost:${this.port}`, 'localhost:3000');
    this.answers.push(...printedAnswers(printed));
    trace(where, example.query, printed);
    if (response.status >= 400) throw new Error(`${where}: HTTP ${response.status}\n${clip(printed)}`);
    this.check(where, printed, example.shown);
  }

  private check(where: string, printed: string, shown: { line: number; text: string } | undefined): void {
    const problem = shown ? compareOutput(printed, shown.text) : answerProblem(printed);
    if (!problem) return;
    const expected = shown ? `\nthe doc shows (line ${shown.line}):\n${shown.text}` : '';
    throw new Error(`${where}: ${problem}${expected}\nthe answer:\n${clip(printed)}`);
  }
}

const summary = (example: DocExample) => {
  const code = example.kind === 'shell' ? example.commands[0]?.text ?? '' : example.query;
  const line = code.split('\n').find((text) => text.trim() !== '' && !text.trimStart().startsWith('#')) ?? '';
  return line.length > 80 ? `${line.slice(0, 80)}…` : line;
};

/**
 * One test per example of the doc, run in the doc's order against one app (a test that fails leaves the next ones to
 * run on what it left). Examples the doc marks `not run` are left out; the mark names the reason.
 */
export function describeDocExamples(file: string, options: DocRunOptions = {}): void {
  const examples = parseDoc(file, readFileSync(file, 'utf8'));
  describe(`${file}, every example run in order against a freshly seeded demo shop`, () => {
    let run: DocRun | undefined;
    beforeAll(async () => {
      run = await DocRun.start(file, options);
    }, 120_000);
    afterAll(() => run?.close());

    for (const example of examples) {
      const name = `${file}:${example.line} ${summary(example)}`;
      // A block the doc marks `not run` (with its reason, in the doc beside it) has no test.
      if (!example.notRun) it(name, () => run!.run(example), 90_000);
    }
  });
}
