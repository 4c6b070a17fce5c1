import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { freePorts } from '../../support/free-ports.js';
import { VERSION } from '../../support/http.js';
import { API_MAIN, type Exit, type LogLine, PlatformProcess, WORKER_MAIN } from '../../support/platform-process.js';
import { cloneTestDatabase } from '../../support/test-database.js';

// SIGTERM on a real process (`node dist/apps/api/main.js`, the build `npm start` runs) under load: no connection is
// reset, every request in flight is answered with its real status (streamed @defer responses too), a request that
// arrives later gets 503 + `Connection: close` or a refused connection, a running job finishes, the process exits 0.
// The slow requests are slow clients, as on a real network, asking for real work: a big page whose body comes
// after the signal (Expect: 100-continue proves the server took the request before it), and a @defer stream of
// several MB read only after the signal. Nothing in the server waits for a test.

const REDIS_URL = process.env.REDIS_URL;
// Roles api and worker hand jobs over through Redis: REDIS_URL's, else the machine's (as the queue's own tests do).
const ROLES_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SIGNALLED = 'shutting down: finishing';
const STOPPED = 'stopped: in-flight work finished, pools closed';
const GRACE_OVER = 'shutdown grace period over: exiting with work still in flight';

// ---- the work clients ask for

/** 60 products with variants, images and collections: ~130 KB of JSON, real work for the server. */
const BIG_PAGE = `{ products(first: 250) { nodes { id title handle description descriptionHtml vendor productType tags createdAt
  options { name values } priceRange { minVariantPrice { amount currencyCode } maxVariantPrice { amount currencyCode } }
  images(first: 3) { nodes { url altText width height } }
  variants(first: 5) { nodes { id title sku availableForSale price { amount currencyCode } compareAtPrice { amount currencyCode } selectedOptions { name value } } }
  collections(first: 3) { nodes { id title handle description } } } } }`;
const SMALL_PAGE = '{ products(first: 10) { nodes { title handle priceRange { minVariantPrice { amount currencyCode } } } } }';
const SHOP_NAME = '{ shop { name } }';
// The shop's name at once, then the catalog 99 times over (~6.6 MB, about a second of work): more than the socket
// buffers hold, so the server is still writing it while its reader waits.
const CATALOG_PAGE = `products(first: 60) { nodes { id title handle description descriptionHtml vendor productType tags createdAt
  updatedAt publishedAt options { id name values } images(first: 3) { nodes { url altText width height } } } }`;
const DEFERRED_CATALOG = `{ shop { name } ... @defer(label: "catalog") { ${Array.from({ length: 99 }, (_, i) => `p${i}: ${CATALOG_PAGE}`).join(' ')} } }`;

// ---- HTTP clients over node:http, one keep-alive connection each

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}
interface Failure {
  /** The error code (ECONNREFUSED, ECONNRESET…) or message. */
  error: string;
}
type Outcome = Answer | Failure;

const failed = (outcome: Outcome): outcome is Failure => 'error' in outcome;
const errorOf = (error: NodeJS.ErrnoException): Failure => ({ error: error.code ?? error.message });

interface Client {
  name: string;
  agent: http.Agent;
  /** Storefront requests speak for a buyer IP of their own, so no client shares another's bucket. */
  buyerIp: string;
}

function outcomeOf(request: http.ClientRequest, onResponse?: (response: http.IncomingMessage) => void): Promise<Outcome> {
  return new Promise((resolve) => {
    request.once('error', (error) => resolve(errorOf(error)));
    request.once('response', (response) => {
      onResponse?.(response);
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('error', (error) => resolve(errorOf(error)));
      response.once('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
  });
}

describe('a real process stopped with SIGTERM', () => {
  const processes: PlatformProcess[] = [];
  const cleanups: (() => Promise<unknown> | unknown)[] = [];

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.kill()));
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** Starts the api entry with `env` on a free port; resolves once it serves, with its demo shop's tokens. */
  async function startApi(env: Record<string, string | undefined>) {
    const [port] = (await freePorts(1)) as [number];
    const platform = new PlatformProcess(API_MAIN, { HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', ...env });
    processes.push(platform);
    await platform.waitForLog('Platform is listening on');
    const demo = await platform.waitForLog('demo shop');
    const tokens = { admin: String(demo.adminAccessToken), storefrontPrivate: String(demo.storefrontPrivateToken) };
    return { platform, port, tokens };
  }

  async function database(): Promise<string> {
    const db = await cloneTestDatabase();
    cleanups.push(() => db.drop());
    return db.url;
  }

  function clients(port: number, token: string) {
    let made = 0;
    const client = (name: string): Client => {
      made += 1;
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      cleanups.push(() => agent.destroy());
      return { name, agent, buyerIp: `203.0.113.${made}` };
    };
    const options = (c: Client, path: string, headers: Record<string, string> = {}): http.RequestOptions => ({
      agent: c.agent,
      host: '127.0.0.1',
      port,
      path,
      headers: { 'platform-storefront-private-token': token, 'platform-storefront-buyer-ip': c.buyerIp, ...headers },
    });
    const storefrontPath = (version = VERSION) => `/api/${version}/graphql.json`;

    /** One storefront query on the client's connection. */
    function query(c: Client, document: string): Promise<Outcome> {
      const body = JSON.stringify({ query: document });
      const request = http.request({ ...options(c, storefrontPath(), { 'content-type': 'application/json' }), method: 'POST' });
      const outcome = outcomeOf(request);
      request.end(body);
      return outcome;
    }

    function get(c: Client, path: string): Promise<Outcome> {
      const request = http.request({ ...options(c, path), method: 'GET' });
      const outcome = outcomeOf(request);
      request.end();
      return outcome;
    }

    /**
     * A query whose body is sent only when `finish` is called: the headers go first with `Expect: 100-continue`, and
     * the server's `100 Continue` (`accepted`) says it took the request. Then half the body, a pause, the rest.
     */
    function upload(c: Client, document: string) {
      const body = Buffer.from(JSON.stringify({ query: document }));
      const request = http.request({
        ...options(c, storefrontPath(), { 'content-type': 'application/json', 'content-length': String(body.length), expect: '100-continue' }),
        method: 'POST',
      });
      const outcome = outcomeOf(request);
      const accepted = new Promise<void>((resolve, reject) => {
        request.once('continue', resolve);
        void outcome.then((o) => reject(new Error(`${c.name}: answered before 100 Continue: ${JSON.stringify(o).slice(0, 300)}`)));
      });
      request.flushHeaders();
      return {
        accepted,
        async finish(): Promise<Outcome> {
          request.write(body.subarray(0, body.length / 2));
          await sleep(100);
          request.end(body.subarray(body.length / 2));
          return outcome;
        },
        outcome,
      };
    }

    /** A @defer query read up to its first part (`started`); the rest is read when `finish` is called. */
    function stream(c: Client, document: string) {
      const request = http.request({ ...options(c, storefrontPath('unstable'), { 'content-type': 'application/json' }), method: 'POST' });
      let response: http.IncomingMessage | undefined;
      let firstPart!: () => void;
      const started = new Promise<void>((resolve) => (firstPart = resolve));
      let text = '';
      const outcome = outcomeOf(request, (r) => {
        response = r;
        const onData = (chunk: Buffer) => {
          text += chunk.toString('latin1');
          if (!text.includes('"hasNext":true')) return;
          r.off('data', onData);
          r.pause();
          firstPart();
        };
        r.on('data', onData);
      });
      void outcome.then(() => firstPart());
      request.end(JSON.stringify({ query: document }));
      return {
        started,
        finish(): Promise<Outcome> {
          response?.resume();
          return outcome;
        },
      };
    }

    /** Queries until a request fails (the server refuses the connection once it stops); every outcome, in order. */
    async function loop(c: Client, document: string, until: number): Promise<Outcome[]> {
      const outcomes: Outcome[] = [];
      while (Date.now() < until) {
        const outcome = await query(c, document);
        outcomes.push(outcome);
        if (failed(outcome)) break;
      }
      return outcomes;
    }

    return { client, query, get, upload, stream, loop };
  }

  /** A keep-alive connection left idle after one request: how it ends (the server closes it, or an error). */
  function watchSocket(agent: http.Agent): Promise<{ error?: string }> {
    const socket = Object.values(agent.freeSockets).flat()[0] as Socket | undefined;
    if (!socket) throw new Error('the client kept no connection');
    return new Promise((resolve) => {
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(errorOf(error)));
      socket.once('close', () => resolve({}));
    });
  }

  /** An SMTP server that takes messages and answers each only when released: a send held mid-way, as a slow server does. */
  async function heldSmtp() {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let dataReceived!: () => void;
    const receiving = new Promise<void>((resolve) => (dataReceived = resolve));
    let accepted = 0;
    const server = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      logger: false,
      onData(data, _session, callback) {
        data.resume();
        data.once('end', () => {
          dataReceived();
          void released.then(() => {
            accepted += 1;
            callback();
          });
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const { port } = server.server.address() as { port: number };
    return { url: `smtp://127.0.0.1:${port}`, receiving, release, accepted: () => accepted };
  }

  /** A customer with a password: its welcome email is a job on the `mail` queue, sent through SMTP_URL. */
  async function createCustomer(port: number, adminToken: string, email: string): Promise<Outcome> {
    const body = JSON.stringify({ customer: { email, first_name: 'Stop', password: 'correct horse battery staple', password_confirmation: 'correct horse battery staple' } });
    const request = http.request({
      host: '127.0.0.1',
      port,
      path: `/admin/api/${VERSION}/customers.json`,
      method: 'POST',
      agent: false,
      headers: { 'x-platform-access-token': adminToken, 'content-type': 'application/json' },
    });
    const outcome = outcomeOf(request);
    request.end(body);
    return outcome;
  }

  async function emailStatus(databaseUrl: string, recipient: string): Promise<string | undefined> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query<{ status: string }>('SELECT status FROM emails WHERE recipient = $1', [recipient])).rows[0]?.status;
    } finally {
      await client.end();
    }
  }

  describe('npm start (role all) under load from 16 keep-alive clients', () => {
    const recipient = 'stop-all@example.com';
    let databaseUrl: string;
    let platform: PlatformProcess;
    /** How many products the big page shows, read before the stop. */
    let pageSize: number;
    let exit: Exit;
    let signalledLine: LogLine;
    let uploads: Outcome[];
    let streams: Outcome[];
    let loops: Outcome[][];
    let late: Outcome[][];
    let health: Outcome;
    let idleEnd: { error?: string };
    let runningWhileJobHeld: boolean;
    let emailAfterStop: string | undefined;

    beforeAll(async () => {
      databaseUrl = await database();
      const smtp = await heldSmtp();
      const started = await startApi({ DATABASE_URL: databaseUrl, REDIS_URL, SMTP_URL: smtp.url });
      platform = started.platform;
      const traffic = clients(started.port, started.tokens.storefrontPrivate);

      // A job running through the stop: the welcome email, held by the SMTP server until released below.
      const created = await createCustomer(started.port, started.tokens.admin, recipient);
      expect(failed(created) ? created : created.status).toBe(201);
      await smtp.receiving;

      // 16 clients, each on its own connection, kept alive after a first request.
      const uploaders = [1, 2, 3, 4].map((n) => traffic.client(`upload ${n}`));
      const streamers = [1, 2].map((n) => traffic.client(`stream ${n}`));
      const loopers = [1, 2, 3, 4, 5, 6].map((n) => traffic.client(`loop ${n}`));
      const latecomers = [1, 2].map((n) => traffic.client(`late ${n}`));
      const prober = traffic.client('health');
      const idler = traffic.client('idle');
      const warmUps = await Promise.all([
        ...uploaders.map((c) => traffic.query(c, BIG_PAGE)),
        ...[...streamers, ...loopers, ...latecomers, idler].map((c) => traffic.query(c, SHOP_NAME)),
        traffic.get(prober, '/healthz'),
      ]);
      expect(warmUps.map((o) => (failed(o) ? o.error : o.status))).toEqual(Array(16).fill(200));
      pageSize = JSON.parse((warmUps[0] as Answer).body).data.products.nodes.length;
      expect(pageSize).toBeGreaterThan(10);
      const idleEnded = watchSocket(idler.agent);

      // In flight at the signal: four big pages the server took and waits for the bodies of, two streams started
      // and not read, and six clients querying without pause.
      const pendingUploads = uploaders.map((c) => traffic.upload(c, BIG_PAGE));
      await Promise.all(pendingUploads.map((u) => u.accepted));
      const until = Date.now() + 30_000;
      const looping = loopers.map((c) => traffic.loop(c, SMALL_PAGE, until));
      await sleep(200);
      const pendingStreams = streamers.map((c) => traffic.stream(c, DEFERRED_CATALOG));
      await Promise.all(pendingStreams.map((s) => s.started));

      platform.signal('SIGTERM');
      signalledLine = await platform.waitForLog(SIGNALLED);

      // Arriving after the signal on connections kept alive: /healthz, then a query twice from two clients.
      health = await traffic.get(prober, '/healthz');
      late = await Promise.all(latecomers.map(async (c) => [await traffic.query(c, SHOP_NAME), await traffic.query(c, SHOP_NAME)]));
      loops = await Promise.all(looping);
      // Only now the requests in flight go on: the drain waited for them all this time.
      [uploads, streams] = await Promise.all([Promise.all(pendingUploads.map((u) => u.finish())), Promise.all(pendingStreams.map((s) => s.finish()))]);
      idleEnd = await idleEnded;

      // The requests are done and the idle connection closed; the email job is still running, and the process waits.
      await sleep(500);
      runningWhileJobHeld = platform.exit === undefined;
      smtp.release();
      exit = await platform.waitForExit(30_000);
      emailAfterStop = await emailStatus(databaseUrl, recipient);
    }, 90_000);

    it('had the slow requests in flight when it began to stop, and said so', () => {
      expect(signalledLine).toMatchObject({ signal: 'SIGTERM', graceMs: 15_000, msg: 'shutting down: finishing in-flight requests, then running jobs' });
      // The four uploads and the two streams at least; the loops' requests of the moment too.
      expect(signalledLine.requestsInFlight).toBeGreaterThanOrEqual(6);
    });

    it('answered every request in flight with its real status: the big pages and the streams whole', () => {
      for (const upload of uploads) {
        expect(failed(upload) ? upload : upload.status).toBe(200);
        const answer = upload as Answer;
        expect(JSON.parse(answer.body).data.products.nodes).toHaveLength(pageSize);
        expect(answer.headers.connection).toBe('close');
      }
      for (const stream of streams) {
        expect(failed(stream) ? stream : stream.status).toBe(200);
        const { body, headers } = stream as Answer;
        expect(headers['content-type']).toBe('multipart/mixed; boundary="graphql"');
        expect(body.endsWith('--graphql--')).toBe(true);
        const parts = body.split(/\r\n--graphql(?:--)?/).slice(0, -1).map((part) => JSON.parse(part.slice(part.indexOf('\r\n\r\n') + 4)));
        expect(parts).toHaveLength(2);
        expect(parts[0]).toEqual({ data: { shop: { name: expect.any(String) } }, hasNext: true });
        expect(parts[1]).toMatchObject({ hasNext: false, incremental: [{ label: 'catalog' }] });
        expect(Object.keys(parts[1].incremental[0].data)).toHaveLength(99);
        expect(parts[1].incremental[0].data.p98.nodes).toHaveLength(Math.min(pageSize, 60));
      }
    });

    it('answered a request arriving on a kept-alive connection 503 with Connection: close, then refused new connections', () => {
      for (const [first, second] of late) {
        expect(failed(first!) ? first : { status: first!.status, connection: first!.headers.connection, retryAfter: first!.headers['retry-after'] }).toEqual({ status: 503, connection: 'close', retryAfter: '1.0' });
        expect(JSON.parse((first as Answer).body)).toEqual({ errors: 'Service Unavailable: the server is shutting down' });
        expect(second).toEqual({ error: 'ECONNREFUSED' });
      }
      expect(failed(health) ? health : { status: health.status, connection: health.headers.connection, body: JSON.parse(health.body) }).toEqual({
        status: 503,
        connection: 'close',
        body: { status: 'draining', postgres: 'ok', redis: REDIS_URL ? 'ok' : 'in-process', queue: REDIS_URL ? 'bullmq' : 'postgres' },
      });
    });

    it('reset no connection: the clients querying throughout got answers, then a refused connection', () => {
      for (const outcomes of loops) {
        const last = outcomes.at(-1)!;
        expect(last).toEqual({ error: 'ECONNREFUSED' });
        const answers = outcomes.slice(0, -1);
        expect(answers.filter(failed)).toEqual([]);
        for (const answer of answers as Answer[]) {
          expect([200, 503]).toContain(answer.status);
          if (answer.status === 200) expect(JSON.parse(answer.body).data.products.nodes).toHaveLength(10);
        }
        // An answer given while the server stops closes its connection, so the next request found the port closed.
        expect((answers.at(-1) as Answer).headers.connection).toBe('close');
      }
      // The idle connection was closed by the server, not reset.
      expect(idleEnd).toEqual({});
    });

    it('let the running job finish before it closed the pools, and exited 0 with its log line', () => {
      expect(runningWhileJobHeld).toBe(true);
      expect(emailAfterStop).toBe('sent');
      expect(exit).toEqual({ code: 0, signal: null });
      const messages = platform.messages();
      expect(messages).toContain(STOPPED);
      expect(messages).not.toContain(GRACE_OVER);
      expect(platform.log.filter((line) => line.level >= 50)).toEqual([]);
    });
  });

  it('exits 1 with a log line once SHUTDOWN_GRACE_MS has passed with a request still in flight', async () => {
    const graceMs = 1_500;
    const { platform, port, tokens } = await startApi({ DATABASE_URL: await database(), REDIS_URL, SHUTDOWN_GRACE_MS: String(graceMs) });
    const traffic = clients(port, tokens.storefrontPrivate);
    // A request whose body never comes: in flight until the request timeout (30 s), past the grace period.
    const stuck = traffic.upload(traffic.client('stuck'), BIG_PAGE);
    await stuck.accepted;
    const signalledAt = Date.now();
    platform.signal('SIGTERM');
    const exit = await platform.waitForExit(20_000);
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(graceMs);
    expect(exit).toEqual({ code: 1, signal: null });
    const over = platform.log.find((line) => line.msg === GRACE_OVER);
    expect(over).toMatchObject({ level: 50, graceMs, requestsInFlight: 1 });
    expect(platform.messages()).not.toContain(STOPPED);
    // The process is gone with the request: that is what the bound is for.
    expect(failed(await stuck.outcome)).toBe(true);
  }, 40_000);

  it('PLATFORM_ROLE=api and npm run worker: each stops on its own, the worker after its running job', async () => {
    const databaseUrl = await database();
    const smtp = await heldSmtp();
    const recipient = 'stop-worker@example.com';
    const { platform: api, port, tokens } = await startApi({ DATABASE_URL: databaseUrl, REDIS_URL: ROLES_REDIS_URL, PLATFORM_ROLE: 'api', SMTP_URL: smtp.url });
    const worker = new PlatformProcess(WORKER_MAIN, { DATABASE_URL: databaseUrl, REDIS_URL: ROLES_REDIS_URL, SMTP_URL: smtp.url, LOG_LEVEL: 'info' });
    processes.push(worker);
    await worker.waitForLog('worker started');

    const created = await createCustomer(port, tokens.admin, recipient);
    expect(failed(created) ? created : created.status).toBe(201);
    // The worker took the email job and is sending it.
    await smtp.receiving;

    api.signal('SIGTERM');
    expect(await api.waitForExit(20_000)).toEqual({ code: 0, signal: null });
    expect(api.log.find((line) => line.msg.startsWith(SIGNALLED))).toMatchObject({ msg: 'shutting down: finishing in-flight requests' });
    expect(api.messages()).toContain(STOPPED);

    worker.signal('SIGTERM');
    expect(await worker.waitForLog(SIGNALLED)).toMatchObject({ msg: 'shutting down: finishing running jobs', graceMs: 15_000 });
    await sleep(500);
    expect(worker.exit).toBeUndefined();
    smtp.release();
    expect(await worker.waitForExit(20_000)).toEqual({ code: 0, signal: null });
    expect(worker.messages()).toContain(STOPPED);
    expect(await emailStatus(databaseUrl, recipient)).toBe('sent');
    expect([...api.log, ...worker.log].filter((line) => line.level >= 50)).toEqual([]);
  }, 40_000);

  it('npm start with no DATABASE_URL or REDIS_URL: finishes the request in flight, stops its embedded Postgres, exits 0', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'platform-stop-'));
    // Enterable by everyone, as a checkout's directory usually is (as root, Postgres runs as the postgres user).
    chmodSync(dataDir, 0o755);
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const [embeddedPort] = (await freePorts(1)) as [number];
    const { platform, port, tokens } = await startApi({ DATA_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(embeddedPort) });
    expect(platform.messages()).toContain('DATABASE_URL is not set: using the embedded Postgres');
    const pid = join(dataDir, 'postgres', 'postmaster.pid');
    expect(existsSync(pid)).toBe(true);

    const traffic = clients(port, tokens.storefrontPrivate);
    const idler = traffic.client('idle');
    const pending = traffic.upload(traffic.client('upload'), BIG_PAGE);
    await pending.accepted;
    expect(failed(await traffic.query(idler, SHOP_NAME))).toBe(false);
    platform.signal('SIGTERM');
    await platform.waitForLog(SIGNALLED);
    const late = await traffic.query(idler, SHOP_NAME);
    const answer = await pending.finish();

    expect(failed(late) ? late : late.status).toBe(503);
    expect(failed(answer) ? answer : answer.status).toBe(200);
    expect(await platform.waitForExit(30_000)).toEqual({ code: 0, signal: null });
    expect(platform.messages()).toContain(STOPPED);
    expect(existsSync(pid)).toBe(false);
  }, 60_000);
});
