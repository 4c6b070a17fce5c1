import { once } from 'node:events';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import fc from 'fast-check';
import { OutboundHttp, OutboundRefusedError, PLATFORM_USER_AGENT, type ResolvedAddress } from '@platform/http';

// The SSRF corpus against a real local server: every form of a private address is refused before a connection is
// made (the server counts what reaches it), redirects are checked hop by hop, and time and size are capped.
describe('the outbound client', () => {
  let server: http.Server;
  let port: number;
  const reached: string[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      reached.push(`${request.method} ${request.url} ${request.headers['user-agent']} ${request.headers.host}`);
      const url = new URL(request.url!, 'http://x');
      const to = url.searchParams.get('to');
      if (url.pathname === '/redirect' && to) return void response.writeHead(Number(url.searchParams.get('status') ?? 302), { location: to }).end();
      if (url.pathname === '/chain') {
        const left = Number(url.searchParams.get('left'));
        if (left > 0) return void response.writeHead(302, { location: `/chain?left=${left - 1}` }).end();
        return void response.end('end of chain');
      }
      if (url.pathname === '/drip') {
        response.writeHead(200);
        const timer = setInterval(() => response.write('.'), 100);
        response.on('close', () => clearInterval(timer));
        return;
      }
      if (url.pathname === '/endless') {
        response.writeHead(200);
        const chunk = Buffer.alloc(16 * 1024, 'x');
        const pump = () => {
          while (response.write(chunk));
        };
        response.on('drain', pump);
        pump();
        return;
      }
      if (url.pathname === '/declared-big') return void response.writeHead(200, { 'content-length': String(50 * 1024 * 1024) }).end();
      if (url.pathname === '/echo' && request.method === 'POST') {
        const chunks: Buffer[] = [];
        request.on('data', (c: Buffer) => chunks.push(c)).on('end', () => response.end(`${request.method}:${Buffer.concat(chunks).toString()}`));
        return;
      }
      response.end(`hello from ${url.pathname}`);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    reached.length = 0;
  });

  // `allowed.test` is the local server by name and on the allow list; `public.test` pretends to be a public name
  // that resolves to it (a rebinding attacker's name).
  const names: Record<string, string[]> = { 'allowed.test': ['127.0.0.1'], 'public.test': ['127.0.0.1'], 'mixed.test': ['93.184.216.34', '10.0.0.1'], 'v6.test': ['::1'] };
  const resolver = async (host: string): Promise<ResolvedAddress[]> => {
    const found = names[host];
    if (!found) throw new Error(`ENOTFOUND ${host}`);
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  const client = new OutboundHttp({ allowedPrivateHosts: ['Allowed.Test'], resolver });
  const local = (path: string) => `http://allowed.test:${port}${path}`;
  const refusal = async (call: Promise<unknown>) => {
    const error = await call.then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundRefusedError);
    return (error as OutboundRefusedError).reason;
  };

  it('fetches from an allowed host, naming the platform in User-Agent and the host in Host', async () => {
    const response = await client.request(local('/ok'));
    expect(response).toMatchObject({ status: 200, url: local('/ok'), redirects: 0 });
    expect(response.body.toString()).toBe('hello from /ok');
    expect(reached).toEqual([`GET /ok ${PLATFORM_USER_AGENT} allowed.test:${port}`]);
  });

  it('refuses every private, loopback, link-local, unique-local, CGNAT and metadata form, reaching nothing', async () => {
    const corpus = [
      `http://127.0.0.1:${port}/`, `http://2130706433:${port}/`, `http://0x7f.1:${port}/`, `http://0177.0.0.1:${port}/`, `http://127.1:${port}/`,
      `http://0x7f000001:${port}/`, `http://017700000001:${port}/`, `http://[::1]:${port}/`, `http://[::ffff:127.0.0.1]:${port}/`,
      `http://[::ffff:7f00:1]:${port}/`, `http://[0:0:0:0:0:ffff:127.0.0.1]:${port}/`, `http://[64:ff9b::7f00:1]:${port}/`,
      `http://[2002:7f00:1::]:${port}/`, `http://0.0.0.0:${port}/`, 'http://10.0.0.1/', 'http://172.16.0.1/', 'http://192.168.0.1/',
      'http://100.64.0.1/', 'http://100.100.100.200/', 'http://169.254.169.254/latest/meta-data/', 'http://[fe80::1]/', 'http://[fc00::1]/',
      'http://[fd00:ec2::254]/', 'http://metadata.google.internal/computeMetadata/v1/', 'http://metadata/', 'http://[ff02::1]/',
      `http://public.test:${port}/`, `http://v6.test:${port}/`, 'http://mixed.test/',
    ];
    for (const url of corpus) expect({ url, reason: await refusal(client.request(url)) }).toEqual({ url, reason: 'PRIVATE_ADDRESS' });
    expect(reached).toEqual([]);
  });

  it('refuses private IPv4 literals in every notation, whatever the address (property)', async () => {
    const privateV4 = fc.oneof(
      fc.tuple(fc.constant(127), fc.nat(255), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(10), fc.nat(255), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(192), fc.constant(168), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(169), fc.constant(254), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(100), fc.integer({ min: 64, max: 127 }), fc.nat(255), fc.nat(255)),
    );
    const notations = (b: number[]) => {
      const n = ((b[0]! << 24) >>> 0) + (b[1]! << 16) + (b[2]! << 8) + b[3]!;
      return [b.join('.'), String(n), `0x${n.toString(16)}`, b.map((x) => `0${x.toString(8)}`).join('.'), `[::ffff:${b.join('.')}]`];
    };
    await fc.assert(
      fc.asyncProperty(privateV4, async (bytes) => {
        for (const host of notations(bytes)) {
          if ((await refusal(client.request(`http://${host}:${port}/`, { connectTimeoutMs: 200 }))) !== 'PRIVATE_ADDRESS') return false;
        }
        return true;
      }),
      { numRuns: 30 },
    );
    expect(reached).toEqual([]);
  });

  it('connects to the address it checked, never to what the name resolves to a moment later', async () => {
    // A rebinding name: a public address for the check; asked again (the system's resolver, as a connection that
    // resolves by itself would), `localhost` is the loopback server.
    let asked = 0;
    const rebinding = new OutboundHttp({ resolver: async () => [{ address: asked++ === 0 ? '93.184.216.34' : '127.0.0.1', family: 4 }] });
    const reason = await refusal(rebinding.request(`http://localhost:${port}/secret`, { connectTimeoutMs: 300, timeoutMs: 2_000 }));
    expect(['CONNECT', 'TIMEOUT']).toContain(reason); // the public address does not answer here
    expect(asked).toBe(1);
    expect(reached).toEqual([]);
  });

  it('checks every redirect: to a private address, to another scheme, past five', async () => {
    const to = (url: string, status = 302) => local(`/redirect?status=${status}&to=${encodeURIComponent(url)}`);
    expect(await refusal(client.request(to(`http://127.0.0.1:${port}/secret`)))).toBe('PRIVATE_ADDRESS');
    expect(await refusal(client.request(to(`http://[::1]:${port}/secret`, 307)))).toBe('PRIVATE_ADDRESS');
    expect(await refusal(client.request(to('http://169.254.169.254/latest/meta-data/', 301)))).toBe('PRIVATE_ADDRESS');
    expect(await refusal(client.request(to('file:///etc/passwd')))).toBe('BAD_SCHEME');
    expect(await refusal(client.request(to('gopher://allowed.test/')))).toBe('BAD_SCHEME');
    expect(reached.filter((line) => line.includes('/secret'))).toEqual([]);

    const five = await client.request(local('/chain?left=5'));
    expect({ status: five.status, redirects: five.redirects, body: five.body.toString() }).toEqual({ status: 200, redirects: 5, body: 'end of chain' });
    expect(await refusal(client.request(local('/chain?left=6')))).toBe('TOO_MANY_REDIRECTS');
    expect(await refusal(client.request(local('/chain?left=2'), { maxRedirects: 1 }))).toBe('TOO_MANY_REDIRECTS');
  });

  it('turns a POST into a GET on 303 and keeps it on 307', async () => {
    const post = (status: number) => client.request(local(`/redirect?status=${status}&to=${encodeURIComponent('/echo')}`), { method: 'POST', body: 'payload' });
    expect((await post(307)).body.toString()).toBe('POST:payload');
    expect((await post(303)).body.toString()).toBe('hello from /echo');
  });

  it('refuses what is not an http(s) URL', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://allowed.test/', 'data:text/plain,hi', 'javascript:alert(1)', 'gopher://x/']) {
      expect({ url, reason: await refusal(client.request(url)) }).toEqual({ url, reason: 'BAD_SCHEME' });
    }
    for (const url of ['', 'not a url', 'http://', 'http://exa mple.com/']) expect(await refusal(client.request(url))).toBe('BAD_URL');
    expect(await refusal(client.request('http://unknown.test/'))).toBe('DNS');
  });

  it('stops a slow body at the time cap, an endless one at the size cap, a declared big one before reading it', async () => {
    expect(await refusal(client.request(local('/drip'), { timeoutMs: 500 }))).toBe('TIMEOUT');
    expect(await refusal(client.request(local('/endless'), { maxBytes: 256 * 1024 }))).toBe('TOO_LARGE');
    expect(await refusal(client.request(local('/declared-big'), { maxBytes: 1024 * 1024 }))).toBe('TOO_LARGE');
    const stream = await client.stream(local('/endless'), { maxBytes: 64 * 1024 });
    let read = 0;
    const failed = await (async () => {
      for await (const chunk of stream.body) read += (chunk as Buffer).length;
    })().then(() => null, (e: unknown) => e);
    expect((failed as OutboundRefusedError).reason).toBe('TOO_LARGE');
    expect(read).toBeLessThanOrEqual(64 * 1024);
  });

  it('stops a connection that does not open within its time (a TLS handshake that never comes)', async () => {
    const silent = net.createServer(() => undefined);
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    try {
      const started = Date.now();
      const reason = await refusal(client.request(`https://allowed.test:${(silent.address() as AddressInfo).port}/`, { connectTimeoutMs: 300, timeoutMs: 10_000 }));
      expect(reason).toBe('TIMEOUT');
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      silent.close();
    }
  });
});
