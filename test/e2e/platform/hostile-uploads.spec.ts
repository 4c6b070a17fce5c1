import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { OutboundHttp } from '@platform/http';
import { imageBytes } from '@platform/media/testing';
import { FILE_STORAGE, type FileStorage, type LocalDiskFileStorage } from '@platform/storage';
import { fuzzSettings } from '../../support/fuzz-settings.js';
import { adminQuery } from '../../support/http.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';

// Hostile input on the routes outside the API pipelines (staged uploads received, stored files served, GraphiQL,
// /metrics) and on the admin mutations that name files: each answers the route's refusal, never a 500 or a hang,
// and keeps nothing of a refused or broken upload. Cases that already held and are covered elsewhere are not repeated
// here (media-staged-uploads.spec.ts, files.spec.ts, product-media.spec.ts, graphiql.spec.ts, metrics.spec.ts).

const STAGE = `mutation($input: [StagedUploadInput!]!) { stagedUploadsCreate(input: $input) { stagedTargets { url parameters { name value } } userErrors { field message code } } }`;
const FILE_CREATE = `mutation($files: [FileCreateInput!]!) { fileCreate(files: $files) { files { id fileStatus } userErrors { field code message } } }`;
const METRICS_TOKEN = 'probe-metrics-token-0123456789abcdef';
const BOUNDARY = 'PlatformProbeBoundary';

interface Target {
  url: string;
  parameters: { name: string; value: string }[];
}

describe('hostile input on uploads, files and the routes beside the API', () => {
  let t: TestApp;
  let acme: TestShop;
  let globex: TestShop;
  let dataDir: string;
  let storage: FileStorage;
  let port: number;
  let png: Buffer;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'platform-hostile-uploads-'));
    // A request that sends its body slowly is cut at a second (the production bound is 30 s).
    t = await createTestApp(
      { DATA_DIR: dataDir, METRICS_TOKEN },
      { adminGraphql: { capacity: 1e9, leakPerSecond: 1e9 } },
      { httpTimeouts: { requestMs: 1_000, headersMs: 1_000, checkEveryMs: 100 } },
    );
    acme = await t.createShop('acme');
    globex = await t.createShop('globex');
    storage = t.app.get<FileStorage>(FILE_STORAGE);
    png = await imageBytes({ width: 24, height: 12 });
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  afterEach(() => jest.restoreAllMocks());

  const stage = async (input: Record<string, unknown> = {}, shop = acme) => {
    const res = await adminQuery(t.app, shop.host, shop.tokens.adminAccessToken, STAGE, { variables: { input: [{ resource: 'IMAGE', filename: 'a.png', mimeType: 'image/png', ...input }] } });
    return res.body.data.stagedUploadsCreate as { stagedTargets: Target[] | null; userErrors: unknown[] };
  };
  const target = async (input: Record<string, unknown> = {}, shop = acme): Promise<Target & { key: string }> => {
    const [staged] = (await stage(input, shop)).stagedTargets!;
    const key = staged!.parameters.find((p) => p.name === 'key')?.value ?? new URL(staged!.url).pathname.slice('/uploads/'.length);
    return { ...staged!, key };
  };
  const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;
  // Temporary files of puts (`.tmp/…part`): a put that settles removes its own, whether it kept the file or not.
  const temporaryFiles = async () => readdir(join((storage as LocalDiskFileStorage).root, '.tmp')).catch(() => []);
  const noTemporaryFilesLeft = () => until(async () => (await temporaryFiles()).length === 0);

  /** The bytes of a form: fields, then the file (`file` field) unless null, then the closing delimiter. */
  const form = (fields: { name: string; value: string }[], file: Buffer | null = png) =>
    Buffer.concat([
      ...fields.map(({ name, value }) => Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)),
      ...(file ? [Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`), file, Buffer.from('\r\n')] : []),
      Buffer.from(`--${BOUNDARY}--\r\n`),
    ]);
  const postForm = (payload: Buffer) =>
    t.app.inject({ method: 'POST', url: '/uploads', headers: { host: acme.host, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload });

  /**
   * Opens a socket, sends `head` and `body`, then either goes (`then: 'go'`, the connection destroyed mid-request) or
   * waits for the server's answer and answers its status line.
   */
  function overSocket(head: string, body: string | Buffer, then: 'go' | 'wait'): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(head);
        socket.write(body, () => {
          if (then === 'go') setTimeout(() => (socket.destroy(), resolve('')), 50);
        });
      });
      let answer = '';
      socket.on('data', (chunk: Buffer) => {
        answer += chunk.toString('latin1');
        if (answer.includes('\r\n')) {
          socket.destroy();
          resolve(answer.split('\r\n')[0]!);
        }
      });
      socket.on('error', reject);
    });
  }

  describe('PUT /uploads/<key>', () => {
    const putHead = (path: string, length: string) => `PUT ${path} HTTP/1.1\r\nHost: ${acme.host}\r\nContent-Type: image/png\r\n${length}\r\n`;

    // pipe() never hands on a failure: a body that stopped before its end left the put waiting for an end that never
    // came, its temporary file and descriptor held for good, and nothing answered.
    it.each([
      ['the client goes after part of the declared length', 'Content-Length: 5000\r\n', 'x'.repeat(1000), 'go'],
      ['the client goes inside a chunk', 'Transfer-Encoding: chunked\r\n', `1000\r\n${'x'.repeat(100)}`, 'go'],
      ['the declared length never comes and the request times out', 'Content-Length: 5000\r\n', 'x'.repeat(100), 'wait'],
    ] as const)('keeps nothing of an upload cut short (%s), and its put ends', async (_case, length, body, then) => {
      const { url, key } = await target();
      const answered = await overSocket(putHead(pathOf(url), length), body, then);
      if (then === 'wait') expect(answered).toBe('HTTP/1.1 408 Request Timeout');
      await noTemporaryFilesLeft();
      expect(await storage.exists(key)).toBe(false);
    });

    // Fastify refused it before the handler, in its own shape ({ statusCode, code, error, message }).
    it('answers a Content-Type that cannot be read 415 in the refusal shape, keeping nothing', async () => {
      const { url, key } = await target();
      for (const contentType of ['image/png, text/html', 'image/png text/html', '\u0001']) {
        const res = await t.app.inject({ method: 'PUT', url: pathOf(url), headers: { host: acme.host, 'content-type': contentType }, payload: png });
        expect({ contentType, status: res.statusCode, body: res.json(), cache: res.headers['cache-control'] }).toEqual({
          contentType,
          status: 415,
          body: { errors: 'Unsupported Media Type' },
          cache: 'no-store',
        });
      }
      expect(await storage.exists(key)).toBe(false);
    });
  });

  describe('POST /uploads', () => {
    // Busboy emitted 'error' on the file's stream with nobody listening (the grant was still being checked): an
    // uncaught exception that stopped the process, for anyone, without a target.
    it('answers a form that ends inside its file 400, without a target or with one, and keeps nothing', async () => {
      const cut = (bytes: Buffer) => bytes.subarray(0, bytes.indexOf(png) + 10);
      const unsigned = await postForm(cut(form([])));
      expect({ status: unsigned.statusCode, body: unsigned.json() }).toEqual({ status: 400, body: { errors: 'The form cannot be read' } });
      const { parameters, key } = await target({ httpMethod: 'POST' });
      const signed = await postForm(cut(form(parameters)));
      expect({ status: signed.statusCode, body: signed.json() }).toEqual({ status: 400, body: { errors: 'The form cannot be read' } });
      await noTemporaryFilesLeft();
      expect(await storage.exists(key)).toBe(false);
    });

    it('answers a form cut anywhere before the end of its file 400, keeping nothing (property)', async () => {
      const fuzz = fuzzSettings(25);
      await fc.assert(
        fc.asyncProperty(fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), async (where) => {
          const { parameters, key } = await target({ httpMethod: 'POST' });
          const whole = form(parameters);
          const fileEnd = whole.indexOf(png) + png.length;
          const res = await postForm(whole.subarray(0, Math.floor(where * fileEnd)));
          expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { errors: expect.any(String) } });
          await noTemporaryFilesLeft();
          expect(await storage.exists(key)).toBe(false);
        }),
        { seed: fuzz.seed, numRuns: fuzz.runs },
      );
    });

    it('keeps nothing of a form whose client goes inside the file, and its put ends', async () => {
      const { parameters, key } = await target({ httpMethod: 'POST' });
      const whole = form(parameters);
      const head = `POST /uploads HTTP/1.1\r\nHost: ${acme.host}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${whole.length + 5000}\r\n\r\n`;
      await overSocket(head, whole.subarray(0, whole.indexOf(png) + 50), 'go');
      await noTemporaryFilesLeft();
      expect(await storage.exists(key)).toBe(false);
    });

    // The first file was kept and the second dropped, answered as a success.
    it('refuses a form with two files 400, as S3 does, and keeps neither', async () => {
      const { parameters, key } = await target({ httpMethod: 'POST' });
      const one = form(parameters);
      const closing = Buffer.from(`--${BOUNDARY}--\r\n`);
      const second = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="b.png"\r\nContent-Type: image/png\r\n\r\n`);
      const twoFiles = Buffer.concat([one.subarray(0, one.length - closing.length), second, png, Buffer.from('\r\n'), closing]);
      const res = await postForm(twoFiles);
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { errors: 'POST requires exactly one file upload per request' } });
      await noTemporaryFilesLeft();
      expect(await storage.exists(key)).toBe(false);
      // The same target still takes the form with its one file.
      expect((await postForm(one)).statusCode).toBe(201);
      expect(await storage.exists(key)).toBe(true);
    });

    it('answers a Content-Type that cannot be read 415 in the refusal shape', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/uploads', headers: { host: acme.host, 'content-type': `multipart/form-data, text/html; boundary=${BOUNDARY}` }, payload: form([]) });
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 415, body: { errors: 'Unsupported Media Type' } });
    });
  });

  // Signed as max_bytes=0, which no upload URL takes: a target that refused everything sent to it.
  it('refuses to stage a file of 0 bytes', async () => {
    expect(await stage({ fileSize: '0' })).toEqual({
      stagedTargets: null,
      userErrors: [{ field: ['input', '0', 'fileSize'], message: 'File size must be at least 1 byte', code: 'INVALID' }],
    });
  });

  // `in` found the prototype's names: the page was configured with a surface it does not have, and broke.
  it('opens GraphiQL on the storefront for a surface that is a name of every object', async () => {
    for (const surface of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      const res = await t.app.inject({ method: 'GET', url: `/graphiql?surface=${surface}&version=${surface}`, headers: { host: acme.host } });
      expect(res.statusCode).toBe(200);
      const config = JSON.parse(/<script type="application\/json" id="graphiql-config">(.*?)<\/script>/s.exec(res.body)![1]!);
      expect({ surface, chosen: config.surface }).toEqual({ surface, chosen: 'storefront' });
    }
    expect(JSON.parse(/id="graphiql-config">(.*?)<\/script>/s.exec((await t.app.inject({ method: 'GET', url: '/graphiql?surface=admin', headers: { host: acme.host } })).body)![1]!).surface).toBe('admin');
  });

  describe("media sources' checks", () => {
    // Checked one by one, 250 sources of names that resolve slowly outlasted the request's 10 s deadline: TIMEOUT was
    // answered, and the files were still written after it.
    it('checks the sources of a call together, in bounded time: names that never resolve hold no call', async () => {
      let running = 0;
      let most = 0;
      jest.spyOn(t.app.get(OutboundHttp), 'check').mockImplementation(() => {
        running++;
        most = Math.max(most, running);
        return new Promise(() => undefined);
      });
      const started = Date.now();
      const res = await adminQuery(t.app, acme.host, acme.tokens.adminAccessToken, FILE_CREATE, {
        variables: { files: Array.from({ length: 250 }, (_, i) => ({ originalSource: `http://slow-${i}.example.com/a.png` })) },
      });
      // Within the admin request's 10 s deadline with room to spare (3 s of checks, then the writes), on a busy machine too.
      expect(Date.now() - started).toBeLessThan(8_000);
      expect(res.body.data.fileCreate.userErrors).toEqual([]);
      expect(res.body.data.fileCreate.files).toHaveLength(250);
      expect(most).toBeLessThanOrEqual(8);
    });

    it('checks each URL once, and names a refused source by its own index', async () => {
      const outbound = t.app.get(OutboundHttp);
      const check = outbound.check.bind(outbound);
      const spy = jest.spyOn(outbound, 'check').mockImplementation((url) => (url.startsWith('http://[') ? check(url) : Promise.resolve()));
      const files = Array.from({ length: 250 }, (_, i) => ({ originalSource: i === 137 ? 'http://[::ffff:169.254.169.254]/latest' : 'http://images.example.com/a.png' }));
      const res = await adminQuery(t.app, acme.host, acme.tokens.adminAccessToken, FILE_CREATE, { variables: { files } });
      expect(res.body.data.fileCreate).toEqual({
        files: null,
        userErrors: [{ field: ['files', '137', 'originalSource'], code: 'INVALID_IMAGE_SOURCE_URL', message: expect.stringMatching(/linkLocal address/) }],
      });
      expect(spy).toHaveBeenCalledTimes(2);
    });
  });

  // What already held and is covered nowhere else: kept as cheap tests.
  describe('what held', () => {
    it('refuses with 403 any query, key or path the target did not sign, keeping nothing (property)', async () => {
      const fuzz = fuzzSettings(60);
      const { url, key } = await target({ fileSize: '1000' });
      const signed = new URL(url).searchParams;
      const real = { key, expires: signed.get('expires')!, max_bytes: signed.get('max_bytes')!, signature: signed.get('signature')! };
      const theirs = await target({}, globex);
      const number = (value: string) => fc.oneof(fc.constant(value), fc.constantFrom('', '0', '-1', 'NaN', '1e3', '0x10', ' 1', `${value}0`, String(Number(value) + 1), '9'.repeat(400)), fc.string({ maxLength: 20 }));
      const keys = fc.oneof(
        fc.constant(real.key),
        fc.constantFrom(
          theirs.key,
          real.key.replace(/[0-9a-f]{32}/, '0'.repeat(32)),
          real.key.replace('/private/', '/public/'),
          `${real.key}%00`,
          `${real.key.slice(0, -4)}%2epng`,
          real.key.replace('staged/', 'staged/../../public/media/'),
          real.key.replace('staged/', 'staged%2f..%2f'),
          real.key.replace(/\//g, '%2F'),
          real.key.toUpperCase(),
          `${real.key}/`,
          `/${real.key}`,
          `${'a/'.repeat(400)}${real.key}`,
        ),
        fc.string({ maxLength: 60 }).map(encodeURIComponent),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.record({ key: keys, expires: number(real.expires), max_bytes: number(real.max_bytes), signature: fc.oneof(fc.constant(real.signature), fc.constantFrom(theirs.url.split('signature=')[1]!, 'A'.repeat(43), `${real.signature}A`, real.signature.slice(1)), fc.string({ maxLength: 50 })) }),
          fc.constantFrom(null, 'expires', 'max_bytes', 'signature'),
          async (sent, twice) => {
            fc.pre(twice !== null || Object.entries(real).some(([name, value]) => sent[name as keyof typeof sent] !== value));
            const query = new URLSearchParams({ expires: sent.expires, max_bytes: sent.max_bytes, signature: sent.signature });
            if (twice) query.append(twice, sent[twice]);
            const res = await t.app.inject({ method: 'PUT', url: `/uploads/${sent.key}?${query}`, headers: { host: acme.host, 'content-type': 'image/png' }, payload: png });
            expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 403, body: { errors: 'Forbidden' } });
          },
        ),
        { seed: fuzz.seed, numRuns: fuzz.runs },
      );
      expect(await storage.exists(real.key)).toBe(false);
      expect(await storage.exists(theirs.key)).toBe(false);
    });

    it("serves no staged file for its upload target's query: the upload signature reads nothing", async () => {
      const { url, key } = await target();
      expect((await t.app.inject({ method: 'PUT', url: pathOf(url), headers: { host: acme.host, 'content-type': 'image/png' }, payload: png })).statusCode).toBe(200);
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({ method, url: `/files/${key}${new URL(url).search}`, headers: { host: acme.host } });
        expect({ method, status: res.statusCode }).toEqual({ method, status: 403 });
      }
    });

    it('answers any transform query of a served image with the image or a 400 refusal, never a 500 (property)', async () => {
      const fuzz = fuzzSettings(40);
      const { key } = await storage.put({ shopId: acme.shop.id, access: 'public', folder: 'media' }, Readable.from([png]), { contentType: 'image/png' });
      const value = fc.oneof(fc.constantFrom('1', '0', '-1', '1.5', 'NaN', '5760', '5761', '1e3', '99999999999999999', 'center', 'webp', 'jpg', 'gif', '', '%00'), fc.string({ maxLength: 8 }));
      const name = fc.constantFrom('width', 'height', 'crop', 'scale', 'format', 'v', 'width[]', '__proto__');
      await fc.assert(
        fc.asyncProperty(fc.array(fc.tuple(name, value), { maxLength: 5 }), fc.constantFrom('GET', 'HEAD'), async (pairs, method) => {
          const query = new URLSearchParams(pairs).toString();
          const res = await t.app.inject({ method, url: `/files/${key}?${query}`, headers: { host: globex.host } });
          expect([200, 400]).toContain(res.statusCode);
          if (res.statusCode === 400 && method === 'GET') expect(res.json()).toEqual({ errors: expect.any(String) });
          if (res.statusCode === 200) expect(res.headers['content-type']).toMatch(/^image\/(png|jpeg|webp)$/);
        }),
        { seed: fuzz.seed, numRuns: fuzz.runs },
      );
    });

    it('answers /metrics 404 to every Authorization but the bearer token (the scheme in any case)', async () => {
      for (const authorization of ['Bearer', 'Bearer ', `Bearer  ${METRICS_TOKEN}`, `Bearer ${METRICS_TOKEN} `, `Basic ${Buffer.from(`${METRICS_TOKEN}:`).toString('base64')}`, `Bearer ${'x'.repeat(8000)}`, 'Bearer tök', `Bearer ${METRICS_TOKEN}x`]) {
        const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { host: acme.host, authorization } });
        expect({ authorization: authorization.slice(0, 60), status: res.statusCode, body: res.json() }).toEqual({ authorization: authorization.slice(0, 60), status: 404, body: { errors: 'Not Found' } });
      }
      for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
        expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { host: acme.host, authorization: `${scheme} ${METRICS_TOKEN}` } })).statusCode).toBe(200);
      }
    });

    it('answers 404 to a body sent where no route takes it, not a JSON error', async () => {
      for (const [method, url] of [['PUT', `/files/shops/${acme.shop.id}/public/media/a.png`], ['POST', `/uploads/shops/${acme.shop.id}/private/staged/a.png`], ['PUT', '/uploads'], ['POST', '/nowhere']] as const) {
        const res = await t.app.inject({ method, url, headers: { host: acme.host, 'content-type': 'image/png' }, payload: png });
        expect({ method, url, status: res.statusCode, body: res.json() }).toEqual({ method, url, status: 404, body: { errors: 'Not Found' } });
      }
    });
  });
});

// Polls `condition` until it holds (at most `timeoutMs`): what the server does after a client went is not awaited.
async function until(condition: () => Promise<boolean>, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the condition');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
