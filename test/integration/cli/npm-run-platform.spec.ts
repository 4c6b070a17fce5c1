import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { cloneTestDatabase } from '../../support/test-database.js';

const run = promisify(execFile);

// ARCHITECTURE.md's interface is `npm run platform -- <command> --json`: exactly one JSON line on stdout, through npm
// itself (the project's .npmrc keeps npm from printing its script banner there).
describe('npm run platform -- <command> --json', () => {
  let database: Awaited<ReturnType<typeof cloneTestDatabase>>;

  beforeAll(async () => {
    database = await cloneTestDatabase();
  });
  afterAll(() => database.drop());

  it('prints exactly one JSON line on stdout', async () => {
    const { stdout } = await run('npm', ['run', 'platform', '--', 'shop:create', '--handle', 'npm-shop', '--json'], {
      cwd: process.cwd(),
      env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' },
    });
    const lines = stdout.split('\n').filter((line) => line !== '');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ ok: true, shop: { handle: 'npm-shop' } });
  }, 120_000);
});
