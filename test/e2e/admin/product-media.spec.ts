import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProduct } from '@platform/catalog/testing';
import { imageBytes } from '@platform/media/testing';
import { JOB_QUEUE, type JobQueue } from '@platform/queue';
import { adminQuery, send, VERSION } from '../../support/http.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { contextOf } from '../rest/admin-rest.js';

// A product's images as media on the admin GraphQL API: the REST images' rows as MediaImages, every status, with their
// errors, their image on the request's host once READY, the first as featuredMedia, each a node.

const MEDIA = `id alt mediaContentType status mediaErrors { code message details } ... on MediaImage { mimeType originalSource { url } image { url width height altText } }`;

describe('admin GraphQL product media', () => {
  let t: TestApp;
  let acme: TestShop;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    t = await createTestApp({ OUTBOUND_ALLOWED_PRIVATE_HOSTS: 'localhost' }, { adminGraphql: { capacity: 1e9, leakPerSecond: 1e9 } });
    acme = await t.createShop('acme');
    server = createServer((_req, res) => res.writeHead(404).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await t?.close();
  });

  const rest = (method: string, path: string, body?: unknown) =>
    send(t.app, { method, url: `/admin/api/${VERSION}/${path}`, host: acme.host, headers: { 'x-platform-access-token': acme.tokens.adminAccessToken }, body });
  const gql = async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await adminQuery(t.app, acme.host, acme.tokens.adminAccessToken, query, { variables });
    expect(res.body.errors).toBeUndefined();
    return res.body.data;
  };

  it("shows a product's images as media in display order, with their status, errors and image", async () => {
    const product = await createProduct(contextOf(t, acme), { images: [] });
    const png = (await imageBytes({ width: 20, height: 10 })).toString('base64');
    const first = (await rest('POST', `products/${product.id}/images.json`, { image: { attachment: png, alt: 'Front' } })).body.image;
    const failed = (await rest('POST', `products/${product.id}/images.json`, { image: { src: `${origin}/gone.png` } })).body.image;
    await t.app.get<JobQueue>(JOB_QUEUE).drain();

    const gid = `gid://platform/Product/${product.id}`;
    const data = await gql(`query($id: ID!) { product(id: $id) { featuredMedia { id } media(first: 10) { nodes { ${MEDIA} } } } }`, { id: gid });
    const [ready, broken] = data.product.media.nodes;
    expect(data.product.featuredMedia).toEqual({ id: `gid://platform/MediaImage/${first.id}` });
    expect(ready).toEqual({
      id: `gid://platform/MediaImage/${first.id}`,
      alt: 'Front',
      mediaContentType: 'IMAGE',
      status: 'READY',
      mediaErrors: [],
      mimeType: 'image/png',
      originalSource: null,
      image: { url: first.src, width: 20, height: 10, altText: 'Front' },
    });
    expect(broken).toMatchObject({
      id: `gid://platform/MediaImage/${failed.id}`,
      status: 'FAILED',
      mediaErrors: [{ code: 'IMAGE_DOWNLOAD_FAILURE', message: expect.stringContaining('404'), details: null }],
      originalSource: { url: `${origin}/gone.png` },
      image: null,
    });

    const node = await gql(`query($id: ID!) { node(id: $id) { ... on MediaImage { id status } } }`, { id: ready.id });
    expect(node.node).toEqual({ id: ready.id, status: 'READY' });
  });

  it('answers a product without images with no media, and needs read_products', async () => {
    const product = await createProduct(contextOf(t, acme), { images: [] });
    const data = await gql(`query($id: ID!) { product(id: $id) { featuredMedia { id } media(first: 5) { nodes { id } } } }`, { id: `gid://platform/Product/${product.id}` });
    expect(data.product).toEqual({ featuredMedia: null, media: { nodes: [] } });
    const other = await t.createShop('globex');
    const image = (await send(t.app, {
      method: 'POST',
      url: `/admin/api/${VERSION}/products/${(await createProduct(contextOf(t, other), { images: [] })).id}/images.json`,
      host: other.host,
      headers: { 'x-platform-access-token': other.tokens.adminAccessToken },
      body: { image: { attachment: (await imageBytes()).toString('base64') } },
    })).body.image;
    // Another shop's media is no node of this one.
    expect((await gql(`query($id: ID!) { node(id: $id) { id } }`, { id: `gid://platform/MediaImage/${image.id}` })).node).toBeNull();
  });
});
