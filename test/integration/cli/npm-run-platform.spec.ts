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
