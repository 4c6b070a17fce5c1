import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

// ARCHITECTURE.md's interface is `npm run platform -- <command> --json`: exactly one JSON line on stdout. The CLI
// prints one (cli.spec.ts); npm itself must print nothing there: the project's .npmrc keeps its script banner
// (`> platform@… platform`) off stdout. Checked with a script that does not build the project, so this test stays
// light beside the others.
describe('npm run <script> in this project', () => {
  it("prints the script's own output on stdout, without npm's banner", async () => {
    const { stdout } = await run('npm', ['run', 'lint', '--', '--help'], { cwd: process.cwd(), env: process.env });
    const lines = stdout.split('\n').filter((line) => line !== '');
    expect(lines[0]).toMatch(/^Usage: depcruise/);
    expect(lines.filter((line) => line.startsWith('> '))).toEqual([]);
  }, 60_000);
});

// The run's global setup built dist/ (or found it current), so `npm run platform` runs it without building again;
// the first test leaves it current for the second.
describe('npm run platform -- --help', () => {
  it("prints a command's usage on stdout and exits 0", async () => {
    const { stdout } = await run('npm', ['run', 'platform', '--', 'seed', '--help'], { cwd: process.cwd(), env: process.env });
    expect(stdout.split('\n')[0]).toBe('Usage: npm run platform -- seed [--shop demo] [--products N] [--customers N] [--orders N] [--seed N] [--json]');
  }, 120_000);

  it('answers from the built CLI without loading the platform', async () => {
    const started = performance.now();
    const { stdout } = await run(process.execPath, ['dist/apps/cli/main.js', '--help'], { cwd: process.cwd(), env: process.env });
    // Loading Nest and every context takes seconds; help alone takes tens of milliseconds. The bound leaves room for
    // a busy machine while still telling the two apart.
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(stdout).toMatch(/^ {2}seed {2,}Fill a shop/m);
  });
});
