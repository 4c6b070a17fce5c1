import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import fc from 'fast-check';
import { OutboundHttp, OutboundRefusedError, PLATFORM_USER_AGENT, type ResolvedAddress } from '@platform/http';

// The SSRF corpus against real local servers: every form of a private address is refused before a connection is
// made (the servers count what reaches them), the connection goes to the address checked, redirects are checked hop
// by hop, and time and size are capped. Local servers are reached through names on the client's allow-list, which is
// what OUTBOUND_ALLOWED_PRIVATE_HOSTS is for.

interface Seen {
  line: string;
  headers: http.IncomingHttpHeaders;
}

// A server that records what reaches it, with routes that misbehave on purpose.
function testServer(seen: Seen[], closedEarly: string[]): http.Server {
  return http.createServer((request, response) => {
    seen.push({ line: `${request.method} ${request.url} ${request.headers['user-agent']} ${request.headers.host}`, headers: request.headers });
    const url = new URL(request.url!, 'http://x');
    response.on('close', () => {
      if (!response.writableFinished) closedEarly.push(url.pathname);
    });
    const endless = () => {
      const chunk = Buffer.alloc(16 * 1024, 'x');
      const pump = () => {
        while (!response.destroyed && response.write(chunk));
      };
      response.on('drain', pump);
      pump();
    };
    switch (url.pathname) {
      case '/redirect':
        return void response.writeHead(Number(url.searchParams.get('status') ?? 302), { location: url.searchParams.get('to')! }).end();
      case '/redirect-endless':
        response.writeHead(302, { location: url.searchParams.get('to')! });
        return endless();
      case '/chain': {
        const left = Number(url.searchParams.get('left'));
        if (left > 0) return void response.writeHead(302, { location: `/chain?left=${left - 1}` }).end();
        return void response.end('end of chain');
      }
      case '/loop':
        return void response.writeHead(301, { location: '/loop' }).end();
      case '/drip': {
        response.writeHead(200);
        const timer = setInterval(() => response.write('.'), 100);
        return void response.on('close', () => clearInterval(timer));
      }
      case '/silent':
        return; // never answers
      case '/endless':
        response.writeHead(200);
        return endless();
      case '/declared-big':
        return void response.writeHead(200, { 'content-length': String(50 * 1024 * 1024) }).end();
      case '/cut':
        response.writeHead(200, { 'content-length': '1000' });
        response.write('only this much');
        return void setTimeout(() => response.destroy(), 50);
      case '/headers':
        return void response.end(JSON.stringify(request.headers));
      case '/echo': {
        const chunks: Buffer[] = [];
        request.on('data', (c: Buffer) => chunks.push(c)).on('end', () => response.end(`${request.method}:${Buffer.concat(chunks).toString()}`));
        return;
      }
      default:
        return void response.end(`hello from ${url.pathname}`);
    }
  });
}

async function listen(server: net.Server, host: string, port = 0): Promise<number> {
  server.listen(port, host);
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}
const close = (server: net.Server) => new Promise<void>((resolve) => server.close(() => resolve()));
// Waits for what a server sees after the client has moved on (a connection's close), for at most ten seconds.
async function eventually(check: () => void): Promise<void> {
  for (let waited = 0; ; waited += 20) {
    try {
      return check();
    } catch (error) {
      if (waited >= 10_000) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

describe('the outbound client', () => {
  const seen: Seen[] = [];
  const closedEarly: string[] = [];
  const server = testServer(seen, closedEarly);
  // Another server on the same port of another loopback address: where a rebinding name would lead.
  const elsewhereSeen: Seen[] = [];
  const elsewhere = testServer(elsewhereSeen, []);
  let port: number;

  beforeAll(async () => {
    port = await listen(server, '127.0.0.1');
    await listen(elsewhere, '127.0.0.2', port);
  });
  afterAll(async () => {
    await close(server);
    await close(elsewhere);
  });
  beforeEach(() => {
    seen.length = 0;
    elsewhereSeen.length = 0;
    closedEarly.length = 0;
  });

  // `allowed.test` and `other.test` are the local server by name, on the allow list; `public.test` pretends to be a
  // public name that resolves to it (a rebinding attacker's name), `mixed.test` one public and one private address.
  const names: Record<string, string[]> = {
    'allowed.test': ['127.0.0.1'],
    'other.test': ['127.0.0.1'],
    'public.test': ['127.0.0.1'],
    'ten.test': ['10.0.0.1'],
    'mixed.test': ['93.184.216.34', '10.0.0.1'],
    'v6.test': ['::1'],
    'mapped.test': ['::ffff:127.0.0.1'],
  };
  const resolver = async (host: string): Promise<ResolvedAddress[]> => {
    const found = names[host];
    if (!found) throw new Error(`ENOTFOUND ${host}`);
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  const client = new OutboundHttp({ allowedPrivateHosts: ['Allowed.Test', 'other.test.'], resolver });
  const local = (path: string) => `http://allowed.test:${port}${path}`;
  const failure = (call: Promise<unknown>) => call.then(() => null, (e: unknown) => e as Error);
  const refusal = async (call: Promise<unknown>) => {
    const error = await failure(call);
    expect(error).toBeInstanceOf(OutboundRefusedError);
    return (error as OutboundRefusedError).reason;
  };

  it('fetches from an allowed host, naming the platform in User-Agent and the host in Host', async () => {
    const response = await client.request(local('/ok'), { headers: { 'User-Agent': 'curl/8', Host: '169.254.169.254' } });
    expect(response).toMatchObject({ status: 200, url: local('/ok'), redirects: 0 });
    expect(response.body.toString()).toBe('hello from /ok');
    expect(seen.map((s) => s.line)).toEqual([`GET /ok ${PLATFORM_USER_AGENT} allowed.test:${port}`]);
  });

  it('refuses every private, loopback, link-local, unique-local, CGNAT, reserved and metadata form, reaching nothing', async () => {
    const corpus = [
      `http://127.0.0.1:${port}/`, `http://2130706433:${port}/`, `http://0x7f.1:${port}/`, `http://0177.0.0.1:${port}/`, `http://127.1:${port}/`,
      `http://127.0.1:${port}/`, `http://0x7f000001:${port}/`, `http://017700000001:${port}/`, `http://127.0.0.1.:${port}/`, `http://%31%32%37.0.0.1:${port}/`,
      `http://[::1]:${port}/`, `http://[::ffff:127.0.0.1]:${port}/`, `http://[::ffff:7f00:1]:${port}/`, `http://[0:0:0:0:0:ffff:127.0.0.1]:${port}/`,
      `http://[::127.0.0.1]:${port}/`, `http://[64:ff9b::7f00:1]:${port}/`, `http://[2002:7f00:1::]:${port}/`, `http://[::ffff:0:7f00:1]:${port}/`,
      `http://0.0.0.0:${port}/`, `http://0:${port}/`, `http://[::]:${port}/`, `http://127.0.0.2:${port}/`,
      'http://10.0.0.1/', 'http://172.16.0.1/', 'http://192.168.0.1/', 'http://100.64.0.1/', 'http://100.100.100.200/', 'http://169.254.169.254/latest/meta-data/',
      'http://192.0.0.192/', 'http://192.0.2.1/', 'http://198.18.0.1/', 'http://240.0.0.1/', 'http://255.255.255.255/', 'http://224.0.0.1/',
      'http://[fe80::1]/', 'http://[fc00::1]/', 'http://[fd00:ec2::254]/', 'http://[ff02::1]/', 'http://[2001:db8::1]/', 'http://[2001::1]/', 'http://[64:ff9b:1::a00:1]/',
      'http://metadata.google.internal/computeMetadata/v1/', 'http://METADATA.google.internal./', 'http://metadata/', 'http://instance-data/latest/',
      `http://public.test:${port}/`, `http://v6.test:${port}/`, `http://mapped.test:${port}/`, 'http://ten.test/', 'http://mixed.test/',
    ];
    for (const url of corpus) expect({ url, reason: await refusal(client.request(url)) }).toEqual({ url, reason: 'PRIVATE_ADDRESS' });
    expect(seen).toEqual([]);
    expect(elsewhereSeen).toEqual([]);
  });

  it('refuses private IPv4 literals in every notation on a real socket, reaching nothing (property)', async () => {
    const privateV4 = fc.oneof(
      fc.tuple(fc.constant(127), fc.nat(255), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(10), fc.nat(255), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(192), fc.constant(168), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(169), fc.constant(254), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(100), fc.integer({ min: 64, max: 127 }), fc.nat(255), fc.nat(255)),
    );
    const notations = (b: number[]) => {
      const n = b[0]! * 2 ** 24 + (b[1]! << 16) + (b[2]! << 8) + b[3]!;
      return [b.join('.'), String(n), `0x${n.toString(16)}`, `0${n.toString(8)}`, b.map((x) => `0${x.toString(8)}`).join('.'), `${b[0]}.${(b[1]! << 16) + (b[2]! << 8) + b[3]!}`, `[::ffff:${b.join('.')}]`];
    };
    await fc.assert(
      fc.asyncProperty(privateV4, async (bytes) => {
        for (const host of notations(bytes)) expect({ host, reason: await refusal(client.request(`http://${host}:${port}/`, { connectTimeoutMs: 200 })) }).toEqual({ host, reason: 'PRIVATE_ADDRESS' });
      }),
      { numRuns: 30 },
    );
    expect(seen).toEqual([]);
    expect(elsewhereSeen).toEqual([]);
  });

  it('connects to the address it checked, never to what the name resolves to a moment later', async () => {
    // A name whose answer changes after the first: 127.0.0.1 (this server), then 127.0.0.2 (the other one).
    let asked = 0;
    const rebinding = new OutboundHttp({ allowedPrivateHosts: ['rebind.test'], resolver: async () => [{ address: asked++ === 0 ? '127.0.0.1' : '127.0.0.2', family: 4 }] });
    const response = await rebinding.request(`http://rebind.test:${port}/first`);
    expect(response.body.toString()).toBe('hello from /first');
    expect(asked).toBe(1);
    expect(seen.map((s) => s.line)).toEqual([`GET /first ${PLATFORM_USER_AGENT} rebind.test:${port}`]);
    expect(elsewhereSeen).toEqual([]);
    // A new call resolves anew and goes where the name now leads (so the other server is there to be reached).
    expect((await rebinding.request(`http://rebind.test:${port}/second`)).body.toString()).toBe('hello from /second');
    expect(elsewhereSeen.map((s) => s.line)).toEqual([`GET /second ${PLATFORM_USER_AGENT} rebind.test:${port}`]);
  });

  it('checks every redirect: to a private address in any form, to a name that resolves to one, to another scheme', async () => {
    const to = (url: string, status = 302) => local(`/redirect?status=${status}&to=${encodeURIComponent(url)}`);
    const hops = [
      [`http://127.0.0.1:${port}/secret`, 302], [`http://2130706433:${port}/secret`, 301], [`http://[::1]:${port}/secret`, 307],
      [`http://[::ffff:7f00:1]:${port}/secret`, 308], [`http://public.test:${port}/secret`, 303], ['http://169.254.169.254/latest/meta-data/', 301],
      ['http://metadata.google.internal/computeMetadata/v1/', 302], ['http://ten.test/secret', 302],
    ] as const;
    for (const [target, status] of hops) expect({ target, reason: await refusal(client.request(to(target, status))) }).toEqual({ target, reason: 'PRIVATE_ADDRESS' });
    expect(await refusal(client.request(to('file:///etc/passwd')))).toBe('BAD_SCHEME');
    expect(await refusal(client.request(to('gopher://allowed.test/')))).toBe('BAD_SCHEME');
    expect(await refusal(client.request(to('http://[::1')))).toBe('BAD_URL');
    expect(seen.filter((s) => s.line.includes('/secret'))).toEqual([]);
    expect(elsewhereSeen).toEqual([]);
  });

  it('follows five redirects and no more, and stops a loop', async () => {
    const five = await client.request(local('/chain?left=5'));
    expect({ status: five.status, redirects: five.redirects, body: five.body.toString() }).toEqual({ status: 200, redirects: 5, body: 'end of chain' });
    seen.length = 0;
    expect(await refusal(client.request(local('/chain?left=6')))).toBe('TOO_MANY_REDIRECTS');
    expect(seen).toHaveLength(6);
    seen.length = 0;
    expect(await refusal(client.request(local('/loop')))).toBe('TOO_MANY_REDIRECTS');
    expect(seen).toHaveLength(6);
    expect(await refusal(client.request(local('/chain?left=2'), { maxRedirects: 1 }))).toBe('TOO_MANY_REDIRECTS');
    expect(await refusal(client.request(local('/chain?left=1'), { maxRedirects: 0 }))).toBe('TOO_MANY_REDIRECTS');
    // A caller cannot allow more than five.
    expect(await refusal(client.request(local('/chain?left=6'), { maxRedirects: 50 }))).toBe('TOO_MANY_REDIRECTS');
  });

  it("never reads a redirect's body", async () => {
    const response = await client.request(local(`/redirect-endless?to=${encodeURIComponent('/ok')}`), { maxBytes: 1024 });
    expect(response.body.toString()).toBe('hello from /ok');
    await eventually(() => expect(closedEarly).toContain('/redirect-endless'));
  });

  it('turns a POST into a GET on 303 and keeps it on 307; credentials stay with their origin', async () => {
    const post = (status: number) => client.request(local(`/redirect?status=${status}&to=${encodeURIComponent('/echo')}`), { method: 'POST', body: 'payload' });
    expect((await post(307)).body.toString()).toBe('POST:payload');
    expect((await post(303)).body.toString()).toBe('GET:');
    const headers = { Authorization: 'Bearer secret', Accept: 'text/plain' };
    const same = await client.request(local(`/redirect?to=${encodeURIComponent('/headers')}`), { headers });
    expect(JSON.parse(same.body.toString())).toMatchObject({ authorization: 'Bearer secret', accept: 'text/plain' });
    const other = await client.request(local(`/redirect?to=${encodeURIComponent(`http://other.test:${port}/headers`)}`), { headers });
    expect(JSON.parse(other.body.toString())).toMatchObject({ accept: 'text/plain', host: `other.test:${port}` });
    expect(JSON.parse(other.body.toString())).not.toHaveProperty('authorization');
  });

  it('refuses what is not an http(s) URL, and a name that does not resolve', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://allowed.test/', 'data:text/plain,hi', 'javascript:alert(1)', 'gopher://x/']) {
      expect({ url, reason: await refusal(client.request(url)) }).toEqual({ url, reason: 'BAD_SCHEME' });
    }
    for (const url of ['', 'not a url', 'http://', 'http://exa mple.com/']) expect(await refusal(client.request(url))).toBe('BAD_URL');
    expect(await refusal(client.request('http://unknown.test/'))).toBe('DNS');
  });

  it('stops a slow body and a silent server at the time cap, an endless body at the size cap, a declared big one before reading it', async () => {
    expect(await refusal(client.request(local('/drip'), { timeoutMs: 500 }))).toBe('TIMEOUT');
    expect(await refusal(client.request(local('/silent'), { timeoutMs: 500 }))).toBe('TIMEOUT');
    expect(await refusal(client.request(local('/endless'), { maxBytes: 256 * 1024 }))).toBe('TOO_LARGE');
    expect(await refusal(client.stream(local('/declared-big'), { maxBytes: 1024 * 1024 }))).toBe('TOO_LARGE');
    const stream = await client.stream(local('/endless'), { maxBytes: 64 * 1024 });
    let read = 0;
    const failed = await (async () => {
      for await (const chunk of stream.body) read += (chunk as Buffer).length;
    })().then(() => null, (e: unknown) => e);
    expect((failed as OutboundRefusedError).reason).toBe('TOO_LARGE');
    expect(read).toBeLessThanOrEqual(64 * 1024);
    // The server sees its connections closed, not read to the end.
    await eventually(() => expect(closedEarly).toEqual(expect.arrayContaining(['/drip', '/silent', '/endless'])));
  });

  it("stops at the caller's abort with the caller's reason, and says CUT_SHORT when a body breaks off", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const aborted = await failure(client.request(local('/drip'), { signal: controller.signal }));
    expect(aborted?.name).toBe('AbortError');
    expect(await refusal(client.request(local('/cut')))).toBe('CUT_SHORT');
  });

  it('stops a connection that does not open within its time (a TLS handshake that never comes)', async () => {
    // Accepts, reads, never answers the client's hello.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => void sockets.push(socket.resume()));
    const silentPort = await listen(silent, '127.0.0.1');
    try {
      const reason = await refusal(client.request(`https://allowed.test:${silentPort}/`, { connectTimeoutMs: 300, timeoutMs: 20_000 }));
      expect(reason).toBe('TIMEOUT');
    } finally {
      for (const socket of sockets) socket.destroy();
      await close(silent);
    }
  });

  it('names the URL when a connection fails, never the address it went to', async () => {
    const closed = net.createServer();
    const closedPort = await listen(closed, '127.0.0.1');
    await close(closed);
    const error = await failure(client.request(`http://allowed.test:${closedPort}/`));
    expect(error).toMatchObject({ reason: 'CONNECT', message: `http://allowed.test:${closedPort} could not be reached (ECONNREFUSED)` });
  });

  describe('over TLS', () => {
    // A certificate for allowed.test only, trusted by this process while the tests run.
    const dir = mkdtempSync(join(tmpdir(), 'outbound-tls-'));
    let tlsServer: https.Server;
    let tlsPort: number;
    const trusted = tls.getCACertificates('default');

    beforeAll(async () => {
      execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2', '-subj', '/CN=allowed.test', '-addext', 'subjectAltName=DNS:allowed.test', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
      const cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
      tls.setDefaultCACertificates([...trusted, cert]);
      tlsServer = https.createServer({ key: readFileSync(join(dir, 'key.pem')), cert }, (request, response) => response.end(`tls ${request.headers.host}`));
      tlsPort = await listen(tlsServer, '127.0.0.1');
    });
    afterAll(async () => {
      tls.setDefaultCACertificates(trusted);
      await close(tlsServer);
      rmSync(dir, { recursive: true, force: true });
    });

    it('checks the certificate against the name while connecting to the checked address', async () => {
      const response = await client.request(`https://allowed.test:${tlsPort}/`);
      expect(response.body.toString()).toBe(`tls allowed.test:${tlsPort}`);
      // other.test reaches the same address, but the certificate is not its own.
      const error = await failure(client.request(`https://other.test:${tlsPort}/`));
      expect(error).toMatchObject({ reason: 'CONNECT', message: `https://other.test:${tlsPort} could not be reached (ERR_TLS_CERT_ALTNAME_INVALID)` });
    });
  });
});
