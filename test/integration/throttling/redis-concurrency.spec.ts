import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { BucketStoreUnavailableError, RedisBucketStore, type BucketConfig } from '@platform/throttling';
import { REDIS_URL, deleteKeysWithPrefix, uniquePrefix } from './redis-support.js';

const NODE = fileURLToPath(new URL('../../../node_modules/.bin/node', import.meta.url));
const WORKER = fileURLToPath(new URL('./take-worker.mjs', import.meta.url));

describe('RedisBucketStore under concurrency', () => {
  const prefix = uniquePrefix('concurrency');
  const cfg: BucketConfig = { capacity: 40, leakPerSecond: 0.0001 }; // nothing leaks out during the test
  const admin = new Redis(REDIS_URL);
  // Four stores with their own connections stand for four API processes. The test counts admissions, not deadlines:
  // a generous one keeps 200 simultaneous first calls on a busy CI machine from failing open.
  const stores = Array.from({ length: 4 }, () => new RedisBucketStore({ url: REDIS_URL, keyPrefix: prefix, timeoutMs: 5_000 }));

  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await deleteKeysWithPrefix(admin, prefix);
    await admin.quit();
  });

  it('admits exactly 40 of 200 simultaneous requests spread over 4 connections', async () => {
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => stores[i % 4].take('rest', cfg, 1)));

    expect(results.filter((r) => r.allowed)).toHaveLength(40);
    expect((await stores[0].peek('rest', cfg)).level).toBeCloseTo(40, 2);
  });

  it('admits exactly 40 when two more processes join the race', async () => {
    const workers = [startWorker(prefix, 'shared', cfg, 50), startWorker(prefix, 'shared', cfg, 50)];
    try {
      await Promise.all(workers.map((worker) => worker.ready));
      workers.forEach((worker) => worker.child.stdin.write('go\n'));
      const here = Promise.all(Array.from({ length: 200 }, (_, i) => stores[i % 4].take('shared', cfg, 1)));

      const [mine, ...theirs] = await Promise.all([here, ...workers.map((worker) => worker.allowed)]);
      const allowedHere = mine.filter((r) => r.allowed).length;
      expect(allowedHere + theirs.reduce((sum, n) => sum + n, 0)).toBe(40);
    } finally {
      workers.forEach((worker) => worker.child.kill());
    }
  });
});

describe('RedisBucketStore when Redis is unreachable', () => {
  const cfg: BucketConfig = { capacity: 40, leakPerSecond: 2 };
  let stalled: Server;
  const stalledSockets = new Set<Socket>();
  const toClose: Array<{ close(): Promise<void> } | Redis> = [];

  beforeAll(async () => {
    // accepts connections and never answers: a hung Redis rather than a dead one
    stalled = createServer((socket) => stalledSockets.add(socket));
    stalled.listen(0, '127.0.0.1');
    await once(stalled, 'listening');
  });

  afterAll(async () => {
    for (const item of toClose) {
      if (item instanceof Redis) item.disconnect();
      else await item.close();
    }
    stalledSockets.forEach((socket) => socket.destroy());
    stalled.close();
  });

  /** Asserts the call rejects with BucketStoreUnavailableError within 1.5 s. */
  async function expectUnavailableQuickly(call: () => Promise<unknown>): Promise<void> {
    const started = Date.now();
    await expect(call()).rejects.toBeInstanceOf(BucketStoreUnavailableError);
    expect(Date.now() - started).toBeLessThan(1_500);
  }

  it('rejects with BucketStoreUnavailableError when nothing listens on the port', async () => {
    const store = new RedisBucketStore({ url: `redis://127.0.0.1:${await closedPort()}`, keyPrefix: 'down:' });
    toClose.push(store);

    await expectUnavailableQuickly(() => store.take('rest', cfg, 1));
    await expectUnavailableQuickly(() => store.refund('rest', cfg, 1)); // and keeps failing fast, not queueing
  });

  it('rejects when Redis accepts the connection but never answers', async () => {
    const { port } = stalled.address() as { port: number };
    const store = new RedisBucketStore({ url: `redis://127.0.0.1:${port}`, keyPrefix: 'hung:' });
    toClose.push(store);

    await expectUnavailableQuickly(() => store.take('rest', cfg, 1));
  });

  it('stays bounded with a caller-supplied client that has default (queueing) options', async () => {
    const client = new Redis({ port: await closedPort(), lazyConnect: true, disconnectTimeout: 0 }); // 0: see createClient
    client.on('error', () => {});
    toClose.push(client);
    const store = new RedisBucketStore({ client, keyPrefix: 'down:' });

    await expectUnavailableQuickly(() => store.peek('rest', cfg));
  });
});

interface Worker {
  child: ChildProcessWithoutNullStreams;
  ready: Promise<void>;
  allowed: Promise<number>;
}

function startWorker(prefix: string, key: string, cfg: BucketConfig, takes: number): Worker {
  const env = {
    ...process.env,
    REDIS_URL,
    PREFIX: prefix,
    KEY: key,
    TAKES: String(takes),
    CAPACITY: String(cfg.capacity),
    LEAK_PER_SECOND: String(cfg.leakPerSecond),
  };
  const child = spawn(NODE, ['--no-warnings', WORKER], { env });
  const lines = readLines(child);
  return {
    child,
    ready: lines.next().then(({ value }) => expect(value).toBe('ready')),
    allowed: lines.next().then(({ value }) => JSON.parse(value as string).allowed as number),
  };
}

// The child's stdout as lines; rejects with its stderr if it exits early.
function readLines(child: ChildProcessWithoutNullStreams): AsyncIterator<string> {
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) console.error(`take-worker exited with ${code}:\n${stderr}`);
  });
  return (async function* () {
    let buffered = '';
    for await (const chunk of child.stdout) {
      buffered += chunk;
      let newline: number;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        yield buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
      }
    }
    throw new Error(`take-worker ended early:\n${stderr}`);
  })();
}

// A port nothing listens on: bind to any free port, then release it.
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}
