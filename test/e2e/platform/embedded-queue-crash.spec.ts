import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { imageBytes } from '@platform/media/testing';
import { VERSION } from '../../support/http.js';
import { freePorts } from '../../support/free-ports.js';
import { API_MAIN, PlatformProcess } from '../../support/platform-process.js';
import { type SmtpSink, startSmtpSink } from '../../support/smtp-sink.js';
import { cloneTestDatabase } from '../../support/test-database.js';

// The embedded mode's queue (no REDIS_URL) keeps its jobs in Postgres: a job running when its process is killed
// with SIGKILL (no shutdown hook, no goodbye) runs again after the restart, and its effect happens once.
describe('a job the embedded queue was running when its process was killed', () => {
  let database: { url: string; drop(): Promise<void> };
  let sink: SmtpSink;
  let db: pg.Client;
  const processes: PlatformProcess[] = [];

  beforeAll(async () => {
    database = await cloneTestDatabase();
    sink = await startSmtpSink();
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
  });
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.kill()));
    await db?.end();
    await sink?.close();
    await database?.drop();
  });

  async function start(port: number, env: Record<string, string> = {}): Promise<PlatformProcess> {
    const platform = new PlatformProcess(API_MAIN, { DATABASE_URL: database.url, PORT: String(port), SMTP_URL: sink.url, LOG_LEVEL: 'info', ...env });
    processes.push(platform);
    await platform.waitForLog('Platform is listening', 120_000);
    return platform;
  }

  const welcomeJobs = async () =>
    (await db.query<{ state: string; attempts_made: number }>("select state, attempts_made from jobs where name = 'customers.send-email'")).rows;

  it('runs after the restart, and the e-mail is delivered once', async () => {
    const [firstPort, secondPort] = (await freePorts(2)) as [number, number];
    sink.holdNext(1); // the first delivery hangs: the job is running when the process dies
    const first = await start(firstPort);
    const demo = await first.waitForLog('demo shop created');
    const res = await fetch(`http://127.0.0.1:${firstPort}/admin/api/${VERSION}/customers.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-platform-access-token': String(demo.adminAccessToken) },
      body: JSON.stringify({ customer: { email: 'crash@example.com', password: 'correct-horse-1', password_confirmation: 'correct-horse-1' } }),
    });
    expect(res.status).toBe(201);
    await until(() => sink.held() === 1);
    first.signal('SIGKILL');
    expect(await first.waitForExit(10_000)).toEqual({ code: null, signal: 'SIGKILL' });
    expect(await welcomeJobs()).toEqual([{ state: 'running', attempts_made: 1 }]);
    expect(sink.received).toHaveLength(0);

    const second = await start(secondPort);
    await until(() => sink.received.length === 1, 30_000);
    await until(async () => (await welcomeJobs())[0]?.state === 'completed');
    expect(await welcomeJobs()).toEqual([{ state: 'completed', attempts_made: 2 }]);
    expect(sink.received.map((r) => r.envelopeTo)).toEqual([['crash@example.com']]);
    const emails = await db.query("select status from emails where recipient = 'crash@example.com'");
    expect(emails.rows).toEqual([{ status: 'sent' }]);
    second.signal('SIGTERM');
    expect(await second.waitForExit(20_000)).toEqual({ code: 0, signal: null });
  }, 240_000);

  it("downloads an image again after the restart when the first try's process died mid-download", async () => {
    const [firstPort, secondPort] = (await freePorts(2)) as [number, number];
    const png = await imageBytes({ width: 9, height: 5 });
    // The first request for the image hangs (the download is running when the process dies); the next one answers.
    let requests = 0;
    const server = createServer((_req, res) => {
      requests += 1;
      if (requests > 1) res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const dataDir = await mkdtemp(join(tmpdir(), 'platform-crash-'));
    const env = { OUTBOUND_ALLOWED_PRIVATE_HOSTS: 'localhost', DATA_DIR: dataDir };
    try {
      const first = await start(firstPort, env);
      // The demo shop (made by the first case's process, or by this one when it runs alone).
      const demo = await first.waitForLog('demo shop');
      const headers = { 'content-type': 'application/json', 'x-platform-access-token': String(demo.adminAccessToken) };
      const src = `http://localhost:${(server.address() as AddressInfo).port}/image.png`;
      const res = await fetch(`http://127.0.0.1:${firstPort}/admin/api/${VERSION}/products/1/images.json`, { method: 'POST', headers, body: JSON.stringify({ image: { src } }) });
      expect(res.status).toBe(200);
      const { image } = (await res.json()) as { image: { id: number; src: string | null } };
      expect(image.src).toBeNull();
      await until(() => requests === 1);
      first.signal('SIGKILL');
      expect(await first.waitForExit(10_000)).toEqual({ code: null, signal: 'SIGKILL' });
      const statusOf = async () => (await db.query('select status, download_attempts, width, height from product_images where id = $1', [image.id])).rows[0];
      expect(await statusOf()).toEqual({ status: 'PROCESSING', download_attempts: 1, width: null, height: null });

      const second = await start(secondPort, env);
      await until(async () => (await statusOf()).status === 'READY', 30_000);
      expect(await statusOf()).toEqual({ status: 'READY', download_attempts: 2, width: 9, height: 5 });
      second.signal('SIGTERM');
      expect(await second.waitForExit(20_000)).toEqual({ code: 0, signal: null });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
