import { type AddressInfo, connect } from 'node:net';
import { VERSION } from '../../support/http.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

// A client that sends its request slowly holds a connection for at most the request timeout (30 s by default,
// docs/security.md). Over a real socket, with the bounds shrunk to a second so the test waits no longer.
const TIMEOUTS = { requestMs: 1_000, headersMs: 600, checkEveryMs: 50 };

interface Outcome {
  /** What the server wrote before it closed the connection. */
  answer: string;
  /** Milliseconds from connecting to the server closing the connection. */
  closedAfterMs: number;
}

describe('slowly sent requests', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({}, undefined, { httpTimeouts: TIMEOUTS });
    // The loopback address serves DEFAULT_SHOP, `demo`.
    await t.createShop('demo');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  }, 60_000);
  afterAll(() => t.close());

  /** Connects, writes `chunks` at their delays (ms after connecting), and reads until the server closes. */
  function exchange(chunks: { at: number; data: string }[], giveUpMs = 5_000): Promise<Outcome> {
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const socket = connect(port, '127.0.0.1');
      const timers: NodeJS.Timeout[] = [];
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        timers.forEach(clearTimeout);
        resolve({ answer, closedAfterMs: performance.now() - started });
      });
      for (const { at, data } of chunks) timers.push(setTimeout(() => socket.writable && socket.write(data), at));
      timers.push(setTimeout(() => (socket.destroy(), reject(new Error(`the server kept the connection open for ${giveUpMs} ms`))), giveUpMs));
    });
  }

  const BODY = JSON.stringify({ query: '{ shop { name } }' });
  // `Connection: close`: the server closes once it has answered, so every exchange ends with the connection.
  const head = (length: number) =>
    `POST /api/${VERSION}/graphql.json HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

  it('uses the timeouts it was given', () => {
    const server = t.app.getHttpServer();
    expect([server.requestTimeout, server.headersTimeout]).toEqual([TIMEOUTS.requestMs, TIMEOUTS.headersMs]);
  });

  it('answers a request sent at once', async () => {
    const { answer } = await exchange([{ at: 0, data: head(Buffer.byteLength(BODY)) + BODY }]);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/\r\n\r\n\{"data":\{"shop":\{"name":"Demo"\}\}\}$/);
  });

  // Regression (issue 30, item 7): a body that never finishes held its connection without a bound.
  it('cuts a body that stops arriving at the request timeout: 408, connection closed', async () => {
    const { answer, closedAfterMs } = await exchange([{ at: 0, data: head(1_000) + BODY.slice(0, 10) }]);
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(answer).toMatch(/\r\n\r\n\{"errors":"Request Timeout"\}$/);
    expect(closedAfterMs).toBeGreaterThanOrEqual(TIMEOUTS.requestMs - 50);
    expect(closedAfterMs).toBeLessThan(TIMEOUTS.requestMs + 1_000);
  });

  // Sending a byte now and then keeps the socket busy but does not move the bound: a byte every 100 ms up to 900 ms
  // would hold it to 1,900 ms if each restarted the timer. (No byte is sent around the cut: one arriving as the server
  // closes makes its TCP stack reset the connection, and the client may lose the 408 it was sent.)
  it('cuts a body trickled a byte at a time at the same bound', async () => {
    const trickle = Array.from({ length: 9 }, (_, i) => ({ at: 100 * (i + 1), data: ' ' }));
    const { answer, closedAfterMs } = await exchange([{ at: 0, data: head(1_000) }, ...trickle]);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(TIMEOUTS.requestMs - 50);
    expect(closedAfterMs).toBeLessThan(TIMEOUTS.requestMs + 800);
  });

  it('cuts headers that never end at the headers timeout', async () => {
    const { answer, closedAfterMs } = await exchange([{ at: 0, data: `POST /api/${VERSION}/graphql.json HTTP/1.1\r\nHost: 127.0.0.1\r\n` }]);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(TIMEOUTS.headersMs - 50);
    expect(closedAfterMs).toBeLessThan(TIMEOUTS.requestMs);
  });

  // What Node refuses before there is a request is answered in the API's error shape, not Fastify's.
  it('answers headers over the limit 431 and a broken body 400 in the API error shape, then closes', async () => {
    const huge = await exchange([{ at: 0, data: `GET /admin/api/${VERSION}/shop.json HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Filler: ${'x'.repeat(20_000)}\r\n\r\n` }]);
    expect(huge.answer).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(huge.answer).toMatch(/\r\n\r\n\{"errors":"Request Header Fields Too Large"\}$/);
    const chunked = await exchange([
      { at: 0, data: `POST /api/${VERSION}/graphql.json HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n{}\r\n0\r\n\r\n` },
    ]);
    expect(chunked.answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(chunked.answer).toMatch(/\r\n\r\n\{"errors":"Bad Request"\}$/);
  });
});
