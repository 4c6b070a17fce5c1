import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AuthService } from '@platform/auth';
import { createProduct } from '@platform/catalog/testing';
import { imageBytes } from '@platform/media/testing';
import { JOB_QUEUE, type JobQueue } from '@platform/queue';
import { FILE_STORAGE, type FileStorage } from '@platform/storage';
import { adminQuery } from '../../support/http.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { contextOf } from '../rest/admin-rest.js';

// Staged uploads: stagedUploadsCreate signs a target on the request's host, the client sends the bytes there (PUT, or a
// POST form), and the target's resourceUrl is then a media input's originalSource, read from storage.

const STAGE = `mutation($input: [StagedUploadInput!]!) { stagedUploadsCreate(input: $input) { stagedTargets { url resourceUrl parameters { name value } } userErrors { field message code } } }`;
const CREATE_MEDIA = `mutation($id: ID!, $media: [CreateMediaInput!]!) { productCreateMedia(productId: $id, media: $media) { media { id status } mediaUserErrors { field code message } } }`;

interface Target {
  url: string;
  resourceUrl: string;
  parameters: { name: string; value: string }[];
}

describe('staged uploads', () => {
  let t: TestApp;
  let acme: TestShop;
  let globex: TestShop;
  let png: Buffer;

  beforeAll(async () => {
    t = await createTestApp({}, { adminGraphql: { capacity: 1e9, leakPerSecond: 1e9 } }, { queues: { media: { backoffMs: 10, maxBackoffMs: 20 } } });
    acme = await t.createShop('acme');
    globex = await t.createShop('globex');
    png = await imageBytes({ width: 24, height: 12 });
  });
  afterAll(async () => {
    await t?.close();
  });

  const gql = async (query: string, variables: Record<string, unknown> = {}, shop = acme, token = shop.tokens.adminAccessToken) =>
    (await adminQuery(t.app, shop.host, token, query, { variables })).body;
  const stage = async (input: Record<string, unknown>, shop = acme): Promise<Target> => {
    const body = await gql(STAGE, { input: [{ resource: 'IMAGE', filename: 'swatch.png', mimeType: 'image/png', ...input }] }, shop);
    expect(body.data.stagedUploadsCreate.userErrors).toEqual([]);
    return body.data.stagedUploadsCreate.stagedTargets[0];
  };
  const put = (target: Target, bytes: Buffer, contentType = 'image/png', shop = acme) =>
    t.app.inject({ method: 'PUT', url: pathOf(target.url), headers: { host: shop.host, 'content-type': contentType }, payload: bytes });
  const post = async (target: Target, bytes: Buffer, fileFirst = false) => {
    const form = new FormData();
    const file = () => form.append('file', new Blob([bytes], { type: 'image/png' }), 'swatch.png');
    if (fileFirst) file();
    for (const { name, value } of target.parameters) form.append(name, value);
    if (!fileFirst) file();
    const request = new Request('http://x/', { method: 'POST', body: form });
    return t.app.inject({ method: 'POST', url: pathOf(target.url), headers: { host: acme.host, 'content-type': request.headers.get('content-type')! }, payload: Buffer.from(await request.arrayBuffer()) });
  };
  const mediaFrom = async (resourceUrl: string) => {
    const product = await createProduct(contextOf(t, acme), { images: [] });
    const created = await gql(CREATE_MEDIA, { id: `gid://platform/Product/${product.id}`, media: [{ originalSource: resourceUrl, mediaContentType: 'IMAGE', alt: 'Swatch' }] });
    await t.app.get<JobQueue>(JOB_QUEUE).drain();
    return { created: created.data.productCreateMedia, product };
  };
  const mediaOf = async (productId: number) =>
    (await gql(`query($id: ID!) { product(id: $id) { media(first: 5) { nodes { status mediaErrors { code } ... on MediaImage { image { width height } } } } } }`, { id: `gid://platform/Product/${productId}` })).data.product.media.nodes;

  it('signs a PUT target on the request host; the bytes sent there become a READY image through resourceUrl', async () => {
    const target = await stage({ fileSize: String(png.length) });
    expect(new URL(target.url).host).toBe(acme.host);
    expect(target.url).toMatch(/\/uploads\/shops\/\d+\/private\/staged\/[0-9a-f]{32}\.png\?expires=\d+&max_bytes=\d+&signature=[\w-]{43}$/);
    expect(target.parameters).toEqual([{ name: 'content_type', value: 'image/png' }, { name: 'acl', value: 'private' }]);
    expect(target.resourceUrl).toBe(`http://${acme.host}/files/${pathOf(target.url).slice('/uploads/'.length).split('?')[0]}`);

    expect((await put(target, png)).statusCode).toBe(200);
    // The staged file is private: its resourceUrl is a name, not a download.
    expect((await t.app.inject({ method: 'GET', url: pathOf(target.resourceUrl), headers: { host: acme.host } })).statusCode).toBe(403);

    const { created, product } = await mediaFrom(target.resourceUrl);
    expect(created.mediaUserErrors).toEqual([]);
    expect(await mediaOf(product.id)).toEqual([{ status: 'READY', mediaErrors: [], image: { width: 24, height: 12 } }]);
  });

  it('takes a POST form of the parameters and then the file, answering 201', async () => {
    const target = await stage({ httpMethod: 'POST' });
    expect(new URL(target.url).pathname).toBe('/uploads');
    expect(target.parameters.map((p) => p.name)).toEqual(['Content-Type', 'success_action_status', 'acl', 'key', 'expires', 'max_bytes', 'signature']);
    const sent = await post(target, png);
    expect(sent.statusCode).toBe(201);
    expect(sent.body).toContain(`<Key>${target.parameters.find((p) => p.name === 'key')!.value}</Key>`);
    const { product } = await mediaFrom(target.resourceUrl);
    expect(await mediaOf(product.id)).toEqual([{ status: 'READY', mediaErrors: [], image: { width: 24, height: 12 } }]);
  });

  it('refuses uploads the target does not sign, and keeps nothing of them', async () => {
    const storage = t.app.get<FileStorage>(FILE_STORAGE);
    const target = await stage({ fileSize: '100' });
    const key = pathOf(target.url).slice('/uploads/'.length).split('?')[0]!;
    const tampered = { ...target, url: target.url.replace(/max_bytes=\d+/, 'max_bytes=99999') };
    expect((await put(tampered, png)).statusCode).toBe(403);
    expect((await put({ ...target, url: target.url.replace(/signature=[\w-]+/, `signature=${'A'.repeat(43)}`) }, png)).statusCode).toBe(403);
    expect((await put({ ...target, url: target.url.split('?')[0]! }, png)).statusCode).toBe(403);
    expect((await put(target, png, 'image/jpeg')).statusCode).toBe(400);
    // Over the size the target was made for.
    const large = await put(target, Buffer.alloc(101, 1));
    expect(large.statusCode).toBe(413);
    expect(await storage.exists(key)).toBe(false);
    // A form whose file comes before the fields that sign it.
    expect((await post(await stage({ httpMethod: 'POST' }), png, true)).statusCode).toBe(403);
    // Not a form at all.
    const form = await stage({ httpMethod: 'POST' });
    const notForm = await t.app.inject({ method: 'POST', url: '/uploads', headers: { host: acme.host, 'content-type': 'application/json' }, payload: '{}' });
    expect(notForm.statusCode).toBe(400);
    expect(await storage.exists(form.parameters.find((p) => p.name === 'key')!.value)).toBe(false);
  });

  it('answers an oversized upload over a real socket with 413, not a reset', async () => {
    await t.app.listen(0, '127.0.0.1');
    const port = (t.app.getHttpServer().address() as AddressInfo).port;
    const target = await stage({ fileSize: '1000' });
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest({ port, host: '127.0.0.1', agent: false, method: 'PUT', path: pathOf(target.url), headers: { host: acme.host, 'content-type': 'image/png', 'content-length': String(4 * 1024 * 1024) } }, (response) => {
        response.resume();
        resolve(response.statusCode!);
      });
      request.on('error', reject);
      // Sent in pieces, as a client would: the answer comes while it still sends.
      const chunk = Buffer.alloc(64 * 1024, 7);
      let sent = 0;
      const more = () => {
        while (sent < 64) {
          sent++;
          if (!request.write(chunk)) return void request.once('drain', more);
        }
        request.end();
      };
      more();
    });
    expect(status).toBe(413);
  });

  it("fails media named by a target nothing was sent to, or by another shop's upload", async () => {
    const unsent = await stage({});
    const refused = await gql(CREATE_MEDIA, { id: `gid://platform/Product/${(await createProduct(contextOf(t, acme), { images: [] })).id}`, media: [{ originalSource: unsent.resourceUrl, mediaContentType: 'IMAGE' }] });
    expect(refused.data.productCreateMedia.mediaUserErrors).toEqual([expect.objectContaining({ field: ['media', '0', 'originalSource'], message: 'Image URL names no uploaded file' })]);

    const theirs = await stage({}, globex);
    expect((await put(theirs, png, 'image/png', globex)).statusCode).toBe(200);
    // Their resourceUrl is a URL like any other for acme's media: downloaded, never read from their storage.
    const { created, product } = await mediaFrom(theirs.resourceUrl);
    expect(created.mediaUserErrors).toEqual([]);
    expect(await mediaOf(product.id)).toEqual([{ status: 'FAILED', mediaErrors: [{ code: 'IMAGE_DOWNLOAD_FAILURE' }], image: null }]);
  });

  it('fails media named by an empty upload as an empty image, after one try', async () => {
    const target = await stage({});
    expect((await put(target, Buffer.alloc(0))).statusCode).toBe(200);
    const { product } = await mediaFrom(target.resourceUrl);
    expect(await mediaOf(product.id)).toEqual([{ status: 'FAILED', mediaErrors: [{ code: 'INVALID_IMAGE_FILE_SIZE' }], image: null }]);
  });

  it('answers userErrors for what it does not take, and needs write_products', async () => {
    const body = await gql(STAGE, {
      input: [
        { resource: 'VIDEO', filename: 'a.mp4', mimeType: 'video/mp4' },
        { resource: 'IMAGE', filename: ' ', mimeType: 'text/plain' },
        { resource: 'PRODUCT_IMAGE', filename: 'b.png', mimeType: 'image/png', fileSize: String(21 * 1024 * 1024) },
      ],
    });
    expect(body.data.stagedUploadsCreate).toEqual({
      stagedTargets: null,
      userErrors: [
        { field: ['input', '0', 'resource'], message: 'Resource VIDEO is not taken: stage IMAGE files', code: 'INVALID' },
        { field: ['input', '0', 'mimeType'], message: 'Mime type must be image/png, image/gif, image/jpeg', code: 'INVALID' },
        { field: ['input', '1', 'filename'], message: "Filename can't be blank", code: 'INVALID' },
        { field: ['input', '1', 'mimeType'], message: 'Mime type must be image/png, image/gif, image/jpeg', code: 'INVALID' },
        { field: ['input', '2', 'fileSize'], message: 'File size must be at most 20000000 bytes', code: 'INVALID' },
      ],
    });
    const reader = (await t.app.get(AuthService).installApp(acme.shop.id, 'reader', 'read_products')).adminAccessToken;
    const denied = await gql(STAGE, { input: [{ resource: 'IMAGE', filename: 'a.png', mimeType: 'image/png' }] }, acme, reader);
    expect(denied.errors[0].extensions.code).toBe('ACCESS_DENIED');
  });
});

function pathOf(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}
