import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { FILE_STORAGE, type FileStorage, FileUrls, PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL, fileUrl } from '@platform/storage';
import { type S3Server, startS3Server } from '../../support/s3-server.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

const HOST = 'acme.myplatform.localhost';
const ORIGIN = `http://${HOST}`;

interface Fetched {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Buffer;
}

async function fetchFile(app: NestFastifyApplication, url: string, options: { method?: 'GET' | 'HEAD' | 'POST'; headers?: Record<string, string>; host?: string } = {}): Promise<Fetched> {
  const target = url.startsWith('http') ? new URL(url) : null;
  const response = await app.inject({
    method: options.method ?? 'GET',
    url: target ? target.pathname + target.search : url,
    headers: { host: options.host ?? target?.host ?? HOST, ...options.headers },
  });
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
}

const content = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));

describe('GET and HEAD /files/… (local disk)', () => {
  let t: TestApp;
  let dataDir: string;
  let storage: FileStorage;
  let urls: FileUrls;
  let publicKey: string;
  let privateKey: string;
  let etag: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'platform-data-'));
    t = await createTestApp({ DATA_DIR: dataDir });
    storage = t.app.get<FileStorage>(FILE_STORAGE);
    urls = t.app.get(FileUrls);
    const shop = await t.createShop('acme');
    const stored = await storage.put({ shopId: shop.shop.id, access: 'public', folder: 'media' }, Readable.from([content]), { contentType: 'image/png' });
    publicKey = stored.key;
    etag = stored.etag;
    privateKey = (await storage.put({ shopId: shop.shop.id, access: 'private', folder: 'bulk', name: 'result.jsonl' }, Readable.from([Buffer.from('{"id":1}\n')]), { contentType: 'application/jsonl' })).key;
    // Something outside the files' directory that no path may reach.
    await writeFile(join(dataDir, 'secret.txt'), 'not a file of the platform');
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves a public file with its type, length, tag, ranges and a year of immutable caching', async () => {
    const res = await fetchFile(t.app, fileUrl(ORIGIN, publicKey));
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': '4096',
      etag,
      'accept-ranges': 'bytes',
      'cache-control': PUBLIC_CACHE_CONTROL,
      'x-content-type-options': 'nosniff',
      'x-request-id': expect.any(String),
    });
    expect(PUBLIC_CACHE_CONTROL).toBe('public, max-age=31536000, immutable');
    expect(res.body).toEqual(content);
  });

  it('answers HEAD with the same headers and no body', async () => {
    const res = await fetchFile(t.app, `/files/${publicKey}`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({ 'content-type': 'image/png', 'content-length': '4096', etag, 'accept-ranges': 'bytes' });
    expect(res.body.length).toBe(0);
  });

  it('answers 304 to a client that holds the tag', async () => {
    for (const held of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await fetchFile(t.app, `/files/${publicKey}`, { headers: { 'if-none-match': held } });
      expect(res.status).toBe(304);
      expect(res.headers).toMatchObject({ etag, 'cache-control': PUBLIC_CACHE_CONTROL });
      expect(res.body.length).toBe(0);
    }
    expect((await fetchFile(t.app, `/files/${publicKey}`, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
  });

  it.each([
    ['bytes=0-0', 0, 0],
    ['bytes=100-199', 100, 199],
    ['bytes=4000-', 4000, 4095],
    ['bytes=-96', 4000, 4095],
    ['bytes=4090-9999', 4090, 4095],
  ])('answers Range %s with 206 and exactly those bytes', async (range, start, end) => {
    const res = await fetchFile(t.app, `/files/${publicKey}`, { headers: { range } });
    expect(res.status).toBe(206);
    expect(res.headers).toMatchObject({ 'content-range': `bytes ${start}-${end}/4096`, 'content-length': String(end - start + 1), 'content-type': 'image/png', etag });
    expect(res.body).toEqual(content.subarray(start, end + 1));
  });

  it('answers a range the file does not have with 416 and its size', async () => {
    for (const range of ['bytes=4096-', 'bytes=5000-6000', 'bytes=-0']) {
      const res = await fetchFile(t.app, `/files/${publicKey}`, { headers: { range } });
      expect(res.status).toBe(416);
      expect(res.headers['content-range']).toBe('bytes */4096');
    }
  });

  it('serves the whole file for ranges it ignores: several, malformed, another version\'s (If-Range), on HEAD', async () => {
    const ignored: Record<string, string>[] = [{ range: 'bytes=0-1,5-6' }, { range: 'bytes=9-2' }, { range: 'lines=1-2' }, { range: 'bytes=0-1', 'if-range': '"another version"' }];
    for (const headers of ignored) {
      const res = await fetchFile(t.app, `/files/${publicKey}`, { headers });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(content);
    }
    const head = await fetchFile(t.app, `/files/${publicKey}`, { method: 'HEAD', headers: { range: 'bytes=0-1' } });
    expect(head).toMatchObject({ status: 200, headers: expect.objectContaining({ 'content-length': '4096' }) });
    const same = await fetchFile(t.app, `/files/${publicKey}`, { headers: { range: 'bytes=0-1', 'if-range': etag } });
    expect(same.status).toBe(206);
  });

  it('serves an empty file, and refuses any range of it', async () => {
    const empty = await storage.put({ shopId: 1, access: 'public' }, Readable.from([]), { contentType: 'text/csv' });
    const res = await fetchFile(t.app, `/files/${empty.key}`);
    expect(res).toMatchObject({ status: 200, headers: expect.objectContaining({ 'content-length': '0', 'content-type': 'text/csv; charset=utf-8' }) });
    expect((await fetchFile(t.app, `/files/${empty.key}`, { headers: { range: 'bytes=0-' } })).status).toBe(416);
  });

  it('answers 404 for a key with no file, and once it is deleted', async () => {
    expect((await fetchFile(t.app, '/files/shops/1/public/media/0123456789abcdef0123456789abcdef.png')).status).toBe(404);
    const doomed = await storage.put({ shopId: 1, access: 'public' }, Readable.from([Buffer.from('x')]), { contentType: 'image/gif' });
    expect((await fetchFile(t.app, `/files/${doomed.key}`)).status).toBe(200);
    await storage.delete(doomed.key);
    const res = await fetchFile(t.app, `/files/${doomed.key}`);
    expect(res.status).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each([
    '/files/../secret.txt',
    '/files/..%2fsecret.txt',
    '/files/%2e%2e/secret.txt',
    '/files/shops/1/public/../../../secret.txt',
    '/files/shops/1/public/..%2f..%2f..%2fsecret.txt',
    '/files/shops/1/public/%2e%2e%2f%2e%2e%2f%2e%2e%2fsecret.txt',
    '/files/shops/1/public/..%5c..%5c..%5csecret.txt',
    '/files/shops/1/public/..\\..\\..\\secret.txt',
    '/files/shops/1/public/media%2f..%2f..%2f..%2f..%2fsecret.txt',
    '/files/shops/1/public/x.png%00.txt',
    '/files/shops/1/public/x.png\u0000',
    '/files//etc/passwd',
    '/files/%2fetc%2fpasswd',
    '/files/shops/1/public/%C0%AE%C0%AE/secret.txt',
    '/files/shops/1/public/\u2025/secret.txt',
    '/files/SHOPS/1/PUBLIC/X.PNG',
    `/files/shops/1/public/${'a/'.repeat(300)}x.png`,
    '/files/',
    '/files/.tmp/x.part',
  ])('answers %j with 404, never a file outside the store and never a 500', async (path) => {
    const res = await fetchFile(t.app, path);
    expect(res.status).toBe(404);
    expect(res.body.toString()).not.toContain('not a file of the platform');
  });

  it('serves a private file only through a signed URL on the request\'s origin, with no caching', async () => {
    expect((await fetchFile(t.app, `/files/${privateKey}`)).status).toBe(403);
    const signed = await urls.url(ORIGIN, privateKey, { expiresInSeconds: 600 });
    expect(signed).toMatch(new RegExp(`^${ORIGIN}/files/${privateKey}\\?expires=\\d+&signature=[\\w-]{43}$`));
    const res = await fetchFile(t.app, signed);
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({ 'content-type': 'application/jsonl', 'cache-control': PRIVATE_CACHE_CONTROL, 'referrer-policy': 'no-referrer' });
    expect(res.body.toString()).toBe('{"id":1}\n');
    expect((await fetchFile(t.app, signed, { method: 'HEAD' })).status).toBe(200);
    expect((await fetchFile(t.app, signed, { headers: { range: 'bytes=1-4' } })).body.toString()).toBe('"id"');
  });

  it('refuses a private file with 403 for a wrong, foreign, tampered or expired signature', async () => {
    const signed = new URL(await urls.url(ORIGIN, privateKey, { expiresInSeconds: 600 }));
    const signature = signed.searchParams.get('signature')!;
    const expires = signed.searchParams.get('expires')!;
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    const other = privateKey.replace('result.jsonl', 'other.jsonl');
    const expired = await urls.url(ORIGIN, privateKey, { expiresInSeconds: 60, now: Date.now() - 3_600_000 });
    for (const url of [
      `/files/${privateKey}?expires=${expires}&signature=${flipped}`,
      `/files/${privateKey}?expires=${Number(expires) + 60}&signature=${signature}`,
      `/files/${privateKey}?expires=${expires}`,
      `/files/${privateKey}?signature=${signature}`,
      `/files/${privateKey}?expires=${expires}&signature=${signature}&signature=${signature}`,
      `/files/${privateKey}?expires=${expires}&signature=${'x'.repeat(5000)}`,
      `/files/${other}?expires=${expires}&signature=${signature}`,
      new URL(expired).pathname + new URL(expired).search,
    ]) {
      const res = await fetchFile(t.app, url);
      expect({ url, status: res.status }).toEqual({ url, status: 403 });
      expect(res.body.toString()).not.toContain('"id"');
    }
  });

  it('answers 404 for a signed URL of a private file that does not exist', async () => {
    const missing = privateKey.replace('result.jsonl', 'missing.jsonl');
    expect((await fetchFile(t.app, await urls.url(ORIGIN, missing))).status).toBe(404);
  });

  it('answers a storage failure with a 500 that tells nothing of it, on the plain GET and the conditional one', async () => {
    // A plain GET reads the file at once; a conditional one describes it first.
    const get = jest.spyOn(storage, 'get').mockRejectedValueOnce(new Error('disk failed at /srv/private/path'));
    const head = jest.spyOn(storage, 'head').mockRejectedValueOnce(new Error('disk failed at /srv/private/path'));
    try {
      for (const headers of [{}, { 'if-none-match': '"x"' }]) {
        const res = await t.app.inject({ method: 'GET', url: `/files/${publicKey}`, headers });
        expect(res.statusCode).toBe(500);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.body).not.toMatch(/disk|srv/);
      }
    } finally {
      get.mockRestore();
      head.mockRestore();
    }
  });

  it('is no API route: no token, any Host, no shop needed', async () => {
    for (const host of ['127.0.0.1:3000', 'cdn.example.net', 'unknown.myplatform.localhost']) {
      expect((await fetchFile(t.app, `/files/${publicKey}`, { host })).status).toBe(200);
    }
    const post = await fetchFile(t.app, `/files/${publicKey}`, { method: 'POST' });
    expect([404, 405]).toContain(post.status);
  });
});

describe('GET /files/… (S3-compatible storage)', () => {
  let t: TestApp;
  let s3: S3Server;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp({ STORAGE_URL: `s3://S3RVER:S3RVER@${s3.bucket}/files?endpoint=${encodeURIComponent(s3.endpoint)}` });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('serves files from the bucket STORAGE_URL names: whole, HEAD, ranges, 304, signed private files', async () => {
    const storage = t.app.get<FileStorage>(FILE_STORAGE);
    const stored = await storage.put({ shopId: 1, access: 'public', folder: 'media' }, Readable.from([content]), { contentType: 'image/webp' });
    expect(await s3.keys()).toContain(`files/${stored.key}`);
    const whole = await fetchFile(t.app, fileUrl(ORIGIN, stored.key));
    expect(whole).toMatchObject({ status: 200, headers: expect.objectContaining({ 'content-type': 'image/webp', 'content-length': '4096', etag: stored.etag }) });
    expect(whole.body).toEqual(content);
    expect((await fetchFile(t.app, `/files/${stored.key}`, { method: 'HEAD' })).headers['content-length']).toBe('4096');
    for (const [range, start, end] of [['bytes=0-0', 0, 0], ['bytes=10-20', 10, 20], ['bytes=-5', 4091, 4095]] as const) {
      const part = await fetchFile(t.app, `/files/${stored.key}`, { headers: { range } });
      expect(part).toMatchObject({ status: 206, headers: expect.objectContaining({ 'content-range': `bytes ${start}-${end}/4096` }) });
      expect(part.body).toEqual(content.subarray(start, end + 1));
    }
    expect((await fetchFile(t.app, `/files/${stored.key}`, { headers: { range: 'bytes=4096-' } })).status).toBe(416);
    expect((await fetchFile(t.app, `/files/${stored.key}`, { headers: { 'if-none-match': stored.etag } })).status).toBe(304);

    const result = await storage.put({ shopId: 1, access: 'private', folder: 'bulk' }, Readable.from([Buffer.from('{"ok":true}\n')]), { contentType: 'application/jsonl' });
    expect((await fetchFile(t.app, `/files/${result.key}`)).status).toBe(403);
    const signed = await fetchFile(t.app, await t.app.get(FileUrls).url(ORIGIN, result.key));
    expect(signed).toMatchObject({ status: 200, headers: expect.objectContaining({ 'cache-control': PRIVATE_CACHE_CONTROL }) });
    expect(signed.body.toString()).toBe('{"ok":true}\n');
  });
});
