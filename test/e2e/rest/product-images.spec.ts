import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { createProduct } from '@platform/catalog/testing';
import { imageBytes } from '@platform/media/testing';
import { JOB_QUEUE, type JobQueue } from '@platform/queue';
import { adminQuery, send } from '../../support/http.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { REST_LIMITS, type RestCall, adminTokenWith, contextOf, openDatabase, restClient } from './admin-rest.js';

// The REST product image resource (spec 3, deprecated from 2025-01 for list, create, update and delete): every route,
// images from attachments checked by their bytes and kept as files the platform serves, positions without gaps,
// variants, the 250-image limit, hostile input and another shop's products.

const IMAGE_KEYS = ['id', 'alt', 'position', 'product_id', 'created_at', 'updated_at', 'admin_graphql_api_id', 'width', 'height', 'src', 'variant_ids'];
const DEPRECATED = 'x-platform-api-deprecated-reason';

describe('REST product images', () => {
  let t: TestApp;
  let acme: TestShop;
  let globex: TestShop;
  let rest: RestCall;
  let db: pg.Client;
  let dataDir: string;
  let png: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'platform-images-'));
    t = await createTestApp({ DATA_DIR: dataDir, MEDIA_MAX_BYTES: String(64 * 1024), OUTBOUND_ALLOWED_PRIVATE_HOSTS: 'localhost' }, REST_LIMITS, {
      queues: { media: { backoffMs: 10, maxBackoffMs: 20 } },
    });
    acme = await t.createShop('acme');
    globex = await t.createShop('globex');
    rest = restClient(t, acme);
    db = await openDatabase(t);
    png = (await imageBytes({ width: 30, height: 20 })).toString('base64');
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const newProduct = async (shop = acme) => (await createProduct(contextOf(t, shop), { images: [] })).id;
  const imagesPath = (product: number) => `products/${product}/images.json`;
  const imagePath = (product: number, image: number) => `products/${product}/images/${image}.json`;
  const create = async (product: number, image: Record<string, unknown>) => {
    const res = await rest('POST', imagesPath(product), { image: { attachment: png, ...image } });
    expect(res.status).toBe(200);
    return res.body.image as { id: number; position: number; src: string };
  };
  const positions = async (product: number) => ((await rest('GET', imagesPath(product))).body.images as { id: number; position: number }[]).map((i) => [i.id, i.position]);
  const storedFiles = async () => (await readdir(join(dataDir, 'files'), { recursive: true })).filter((name) => /\.(png|gif|jpg)$/.test(name));

  it('creates an image from an attachment: 200 {image} in the hosted object, its size read from the bytes, its file served', async () => {
    const product = await newProduct();
    const res = await rest('POST', imagesPath(product), { image: { attachment: png, filename: 'shirt-front.png', alt: 'Front' } });
    expect(res.status).toBe(200);
    expect(res.headers[DEPRECATED]).toMatch(/deprecated as of 2025-01/);
    expect(Object.keys(res.body)).toEqual(['image']);
    const image = res.body.image;
    expect(Object.keys(image)).toEqual(IMAGE_KEYS);
    expect(image).toMatchObject({ alt: 'Front', position: 1, product_id: product, width: 30, height: 20, variant_ids: [], admin_graphql_api_id: `gid://platform/ProductImage/${image.id}` });
    expect(image.src).toMatch(new RegExp(`^http://${acme.host}/files/shops/${acme.shop.id}/public/media/[^/?]+\\.png\\?v=\\d+$`));

    const served = await t.app.inject({ method: 'GET', url: new URL(image.src).pathname, headers: { host: acme.host } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(Buffer.from(png, 'base64'))).toBe(true);
  });

  it('serves transforms of an image from its URL: fitted, cropped, never upscaled, in the format asked; made once', async () => {
    const product = await newProduct();
    const image = await create(product, {});
    const path = new URL(image.src).pathname;
    const get = (query: string) => t.app.inject({ method: 'GET', url: `${path}?${query}`, headers: { host: acme.host } });
    const sizeOf = async (bytes: Buffer) => {
      const meta = await sharp(bytes).metadata();
      return [meta.format, meta.width, meta.height];
    };
    const fitted = await get('width=15&format=webp&v=1');
    expect(fitted.statusCode).toBe(200);
    expect(fitted.headers['content-type']).toBe('image/webp');
    expect(fitted.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sizeOf(fitted.rawPayload)).toEqual(['webp', 15, 10]);
    expect(await sizeOf((await get('width=10&height=10&crop=center')).rawPayload)).toEqual(['png', 10, 10]);
    expect(await sizeOf((await get('width=5&scale=2&format=jpg')).rawPayload)).toEqual(['jpeg', 10, 7]);
    // Never larger than the original (30 × 20).
    expect(await sizeOf((await get('width=300&height=300')).rawPayload)).toEqual(['png', 30, 20]);
    // No transform asked: the original.
    expect((await get('v=123')).rawPayload.equals(Buffer.from(png, 'base64'))).toBe(true);

    for (const query of ['width=0', 'width=5761', 'height=abc', 'scale=4', 'crop=center', 'width=10&crop=middle', 'format=gif', 'width=1&width=2']) {
      const res = await get(query);
      expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
      expect(JSON.parse(res.body).errors).toEqual(expect.any(String));
    }

    // Ten requests at once for a variant not made yet: one file made, the same bytes for all.
    const before = (await storedFiles()).length;
    const answers = await Promise.all(Array.from({ length: 10 }, () => get('width=7&format=png')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.rawPayload.toString('base64'))).size).toBe(1);
    expect((await storedFiles()).length).toBe(before + 1);
    expect((await get('width=7&format=png')).rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
    expect((await storedFiles()).length).toBe(before + 1);

    // Deleting the image deletes its file and every variant made of it.
    const base = path.slice(path.lastIndexOf('/') + 1, path.lastIndexOf('.'));
    expect((await storedFiles()).filter((f) => f.includes(base)).length).toBeGreaterThan(4);
    expect((await rest('DELETE', imagePath(product, image.id))).status).toBe(200);
    expect((await storedFiles()).filter((f) => f.includes(base))).toEqual([]);
  });

  it('keeps a file several images show until the last of them goes (as the seed shares its pictures)', async () => {
    const product = await newProduct();
    const first = await create(product, {});
    const [{ file_key: key }] = (await db.query('select file_key from product_images where id = $1', [first.id])).rows;
    const [{ id: second }] = (await db.query(`insert into product_images (shop_id, product_id, position, src, file_key, status) values ($1, $2, 2, '', $3, 'READY') returning id`, [acme.shop.id, product, key])).rows;
    const exists = async () => (await storedFiles()).some((f) => key.endsWith(f.split('/').pop()!));
    expect((await rest('DELETE', imagePath(product, first.id))).status).toBe(200);
    expect(await exists()).toBe(true);
    expect((await rest('DELETE', imagePath(product, Number(second)))).status).toBe(200);
    expect(await exists()).toBe(false);
  });

  it("deletes a product's image files with the product", async () => {
    const product = await newProduct();
    const before = await storedFiles();
    await create(product, {});
    await create(product, {});
    expect((await storedFiles()).length).toBe(before.length + 2);
    const deleted = await adminQuery(t.app, acme.host, acme.tokens.adminAccessToken, `mutation($id: ID!) { productDelete(input: { id: $id }) { deletedProductId userErrors { code } } }`, { variables: { id: `gid://platform/Product/${product}` } });
    expect(deleted.body.data.productDelete).toEqual({ deletedProductId: `gid://platform/Product/${product}`, userErrors: [] });
    expect(await storedFiles()).toEqual(before);
  });

  it('makes at most 32 new variants of one image: past them a new one is refused, those made are still served', async () => {
    const product = await newProduct();
    const image = await create(product, {});
    const path = new URL(image.src).pathname;
    const get = (query: string) => t.app.inject({ method: 'GET', url: `${path}?${query}`, headers: { host: acme.host } });
    for (let width = 1; width <= 32; width++) expect((await get(`width=${width}`)).statusCode).toBe(200);
    const refused = await get('width=33');
    expect(refused.statusCode).toBe(400);
    expect(JSON.parse(refused.body).errors).toMatch(/32 sizes and formats made/);
    expect((await get('width=7')).statusCode).toBe(200);
    expect((await get('v=1')).statusCode).toBe(200);
  });

  it('reads, counts and lists with since_id and fields; get and count carry no deprecation', async () => {
    const product = await newProduct();
    const first = await create(product, {});
    const second = await create(product, { alt: 'Back' });
    const list = await rest('GET', `${imagesPath(product)}?since_id=${first.id}&fields=id,position`);
    expect(list.status).toBe(200);
    expect(list.headers[DEPRECATED]).toBeDefined();
    expect(list.body).toEqual({ images: [{ id: second.id, position: 2 }] });
    const one = await rest('GET', `${imagePath(product, second.id)}?fields=alt`);
    expect(one.status).toBe(200);
    expect(one.headers[DEPRECATED]).toBeUndefined();
    expect(one.body).toEqual({ image: { alt: 'Back' } });
    expect((await rest('GET', `products/${product}/images/count.json`)).body).toEqual({ count: 2 });
    expect((await rest('GET', `products/${product}/images/count.json?since_id=${first.id}`)).body).toEqual({ count: 1 });
    expect((await rest('GET', `products/${product}/images/count.json`)).headers[DEPRECATED]).toBeUndefined();
  });

  it('keeps positions 1… without gaps: inserting, moving and deleting renumber the others', async () => {
    const product = await newProduct();
    const a = await create(product, {});
    const b = await create(product, {});
    const c = await create(product, { position: 1 });
    expect(await positions(product)).toEqual([[c.id, 1], [a.id, 2], [b.id, 3]]);
    const moved = await rest('PUT', imagePath(product, b.id), { image: { id: 999, position: 1 } });
    expect(moved.status).toBe(200);
    expect(moved.body.image.position).toBe(1);
    expect(await positions(product)).toEqual([[b.id, 1], [c.id, 2], [a.id, 3]]);
    expect((await rest('PUT', imagePath(product, a.id), { image: { position: 99 } })).body.image.position).toBe(3);
    const deleted = await rest('DELETE', imagePath(product, c.id));
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({});
    expect(deleted.headers[DEPRECATED]).toBeDefined();
    expect(await positions(product)).toEqual([[b.id, 1], [a.id, 2]]);
  });

  it("links the product's variants (a variant has one image) and refuses another product's", async () => {
    const ctx = contextOf(t, acme);
    const product = await createProduct(ctx, { images: [] });
    const other = await createProduct(ctx, { images: [] });
    const [v1, v2] = product.variants.map((v) => v.id);
    const first = await create(product.id, { variant_ids: [v1, v2] });
    expect((await rest('GET', imagePath(product.id, first.id))).body.image.variant_ids).toEqual([v1, v2]);
    // The second image takes v2 from the first.
    const second = await create(product.id, { variant_ids: [v2] });
    expect((await rest('GET', imagePath(product.id, first.id))).body.image.variant_ids).toEqual([v1]);
    expect((await rest('GET', imagePath(product.id, second.id))).body.image.variant_ids).toEqual([v2]);
    expect((await rest('PUT', imagePath(product.id, first.id), { image: { variant_ids: [] } })).body.image.variant_ids).toEqual([]);
    const foreign = await rest('PUT', imagePath(product.id, first.id), { image: { variant_ids: [other.variants[0]!.id] } });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toHaveProperty('variant_ids');
    // Deleting an image leaves its variants without one.
    await rest('DELETE', imagePath(product.id, second.id));
    expect((await db.query('select image_id from product_variants where id = $1', [v2])).rows[0].image_id).toBeNull();
  });

  it('refuses what is not a PNG, GIF or JPEG, too large, too many pixels, truncated or badly named (422 keyed by field), keeping no file', async () => {
    const product = await newProduct();
    const before = await storedFiles();
    const bomb = await sharp({ create: { width: 6000, height: 10, channels: 3, background: '#000' } }).png().toBuffer();
    const jpeg = await imageBytes({ format: 'jpeg', width: 40, height: 40 });
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ attachment: Buffer.from('just some text, not an image').toString('base64'), filename: 'notes.png' }, 'attachment', /PNG, GIF or JPEG/],
      [{ attachment: Buffer.alloc(65 * 1024, 1).toString('base64') }, 'attachment', /larger than/],
      [{ attachment: bomb.toString('base64') }, 'attachment', /5760/],
      [{ attachment: jpeg.subarray(0, jpeg.length - 40).toString('base64') }, 'attachment', /decoded|read/],
      [{ attachment: 'not base64!' }, 'attachment', /base64/],
      [{ filename: 'my shirt.png' }, 'filename', /spaces/],
      [{ filename: 'a..png' }, 'filename', /period/],
      [{ filename: '!shirt.png' }, 'filename', /symbol/],
      [{ attachment: undefined }, 'attachment', /attachment or a src/],
      [{ position: 0 }, 'position', /from 1/],
      [{ alt: 'x'.repeat(513) }, 'alt', /too long/],
      [{ alt: 'nul\u0000' }, 'alt', /NUL/],
      [{ variant_ids: ['x'] }, 'variant_ids', /./],
    ];
    for (const [image, field, message] of cases) {
      const res = await rest('POST', imagesPath(product), { image: { attachment: png, ...image } });
      expect({ image: Object.keys(image), status: res.status }).toEqual({ image: Object.keys(image), status: 422 });
      expect(res.body.errors[field].join(' ')).toMatch(message);
    }
    expect((await rest('GET', `products/${product}/images/count.json`)).body).toEqual({ count: 0 });
    expect(await storedFiles()).toEqual(before);
  });

  it('sets metafields given on create through the metafields (REST limits), read on the MediaImage; refused ones write nothing; they go with the image', async () => {
    const product = await newProduct();
    const image = await create(product, { metafields: [{ namespace: 'global', key: 'photographer', value: 'Ada', type: 'single_line_text_field' }, { namespace: 'global', key: 'shot', value: 3, type: 'number_integer' }] });
    const read = async (id: number) =>
      (await adminQuery(t.app, acme.host, acme.tokens.adminAccessToken, `{ node(id: "gid://platform/MediaImage/${id}") { ... on MediaImage { metafields(first: 5) { nodes { namespace key value type } } one: metafield(namespace: "global", key: "shot") { value } } } }`)).body.data.node;
    expect(await read(image.id)).toEqual({
      metafields: { nodes: [{ namespace: 'global', key: 'photographer', value: 'Ada', type: 'single_line_text_field' }, { namespace: 'global', key: 'shot', value: '3', type: 'number_integer' }] },
      one: { value: '3' },
    });

    const before = await storedFiles();
    const bad: [unknown, string][] = [
      [{ namespace: 'global', key: 'k'.repeat(31), value: 'x', type: 'single_line_text_field' }, 'metafields.key'],
      [{ namespace: 'n'.repeat(21), key: 'shot', value: 'x', type: 'single_line_text_field' }, 'metafields.namespace'],
      [{ namespace: 'global', key: 'shot', value: 'x', type: 'no_such_type' }, 'metafields.type'],
      [{ namespace: 'global', key: 'shot', type: 'single_line_text_field' }, 'metafields.value'],
    ];
    for (const [metafield, field] of bad) {
      const res = await rest('POST', imagesPath(product), { image: { attachment: png, metafields: [metafield] } });
      expect({ field, status: res.status, keys: Object.keys(res.body.errors) }).toEqual({ field, status: 422, keys: [field] });
    }
    expect((await rest('POST', imagesPath(product), { image: { attachment: png, metafields: 'x' } })).status).toBe(422);
    expect((await rest('PUT', imagePath(product, image.id), { image: { metafields: [] } })).body.errors).toEqual({ metafields: [expect.stringMatching(/can't be changed/)] });
    expect((await rest('GET', `products/${product}/images/count.json`)).body).toEqual({ count: 1 });
    expect(await storedFiles()).toEqual(before);

    expect((await rest('DELETE', imagePath(product, image.id))).status).toBe(200);
    const left = await db.query(`select count(*)::int as n from metafields where shop_id = $1 and owner_type = 'MEDIA_IMAGE' and owner_id = $2`, [acme.shop.id, image.id]);
    expect(left.rows[0].n).toBe(0);
  });

  it('answers malformed bodies and ids with 400 or 404, never a 500', async () => {
    const product = await newProduct();
    expect((await rest('POST', imagesPath(product), undefined, { rawBody: '{"image":' })).status).toBe(400);
    for (const body of [{}, { image: null }, { image: [] }, { image: 'x' }]) {
      const res = await rest('POST', imagesPath(product), body);
      expect({ body, status: res.status, answer: res.body }).toEqual({ body, status: 400, answer: { errors: { image: 'Required parameter missing or invalid' } } });
    }
    expect((await rest('POST', imagesPath(product), { image: { attachment: 42 } })).status).toBe(422);
    expect((await rest('GET', imagesPath(99999999))).status).toBe(404);
    expect((await rest('GET', 'products/abc/images.json')).status).toBe(404);
    expect((await rest('GET', imagePath(product, 99999999))).status).toBe(404);
    expect((await rest('GET', `products/${product}/images/count.json?since_id=x`)).status).toBe(400);
    expect((await rest('POST', imagesPath(99999999), { image: { attachment: png } })).status).toBe(404);
    expect((await rest('PUT', imagePath(product, 99999999), { image: { alt: 'x' } })).status).toBe(404);
    expect((await rest('DELETE', imagePath(product, 99999999))).status).toBe(404);
  });

  it("keeps shops apart: another shop's product and image are not found, and nothing of theirs changes", async () => {
    const foreign = await newProduct(globex);
    const theirs = await restClient(t, globex)('POST', imagesPath(foreign), { image: { attachment: png } });
    expect(theirs.status).toBe(200);
    const image = theirs.body.image.id;
    expect((await rest('GET', imagesPath(foreign))).status).toBe(404);
    expect((await rest('GET', imagePath(foreign, image))).status).toBe(404);
    expect((await rest('POST', imagesPath(foreign), { image: { attachment: png } })).status).toBe(404);
    expect((await rest('PUT', imagePath(foreign, image), { image: { alt: 'mine' } })).status).toBe(404);
    expect((await rest('DELETE', imagePath(foreign, image))).status).toBe(404);
    const mine = await newProduct();
    expect((await rest('PUT', imagePath(mine, image), { image: { alt: 'mine' } })).status).toBe(404);
    expect((await db.query('select alt, shop_id from product_images where id = $1', [image])).rows[0]).toEqual({ alt: null, shop_id: String(globex.shop.id) });
  });

  it('needs read_products to read and write_products to write', async () => {
    const product = await newProduct();
    const reader = await adminTokenWith(t, acme, 'read_products');
    const stranger = await adminTokenWith(t, acme, 'read_orders');
    expect((await rest('GET', imagesPath(product), undefined, { token: reader })).status).toBe(200);
    expect((await rest('GET', imagesPath(product), undefined, { token: stranger })).status).toBe(403);
    expect((await rest('POST', imagesPath(product), { image: { attachment: png } }, { token: reader })).status).toBe(403);
    expect((await rest('GET', imagesPath(product), undefined, { token: null })).status).toBe(401);
  });

  it('refuses the 251st image of a product', async () => {
    const product = await newProduct();
    const tiny = (await imageBytes({ width: 1, height: 1 })).toString('base64');
    await db.query(
      `insert into product_images (shop_id, product_id, position, src) select $1, $2, n, 'https://example.com/' || n || '.png' from generate_series(1, 250) n`,
      [acme.shop.id, product],
    );
    const before = await storedFiles();
    const res = await rest('POST', imagesPath(product), { image: { attachment: tiny } });
    expect(res.status).toBe(422);
    expect(res.body.errors.base.join(' ')).toMatch(/at most 250/);
    // The file kept before the product's images were counted went with the refusal.
    expect(await storedFiles()).toEqual(before);
  });

  describe('from a src, downloaded by a job', () => {
    let server: Server;
    let origin: string;
    let hits: Record<string, number>;
    let pngBytes: Buffer;

    beforeAll(async () => {
      pngBytes = await imageBytes({ width: 12, height: 7 });
      hits = {};
      server = createServer((req, res) => {
        const path = req.url ?? '';
        hits[path] = (hits[path] ?? 0) + 1;
        if (path === '/ok.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(pngBytes);
        if (path === '/moved.png') return res.writeHead(302, { location: '/ok.png' }).end();
        if (path === '/text.png') return res.writeHead(200, { 'content-type': 'image/png' }).end('not an image at all');
        if (path === '/down.png') return res.writeHead(503).end();
        res.writeHead(404).end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://localhost:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    const settled = async (product: number, image: number) => {
      for (let i = 0; i < 200; i++) {
        await t.app.get<JobQueue>(JOB_QUEUE).drain();
        const row = (await db.query('select status, media_errors from product_images where id = $1', [image])).rows[0];
        if (!row || row.status === 'READY' || row.status === 'FAILED') return { row, image: (await rest('GET', imagePath(product, image))).body.image };
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`image ${image} never settled`);
    };

    it('answers the image at once without a file, then keeps the downloaded file: READY, src served, sides read', async () => {
      const product = await newProduct();
      const res = await rest('POST', imagesPath(product), { image: { src: `${origin}/moved.png`, alt: 'From afar', position: 1 } });
      expect(res.status).toBe(200);
      expect(res.body.image).toMatchObject({ alt: 'From afar', position: 1, src: null, width: null, height: null });
      const { row, image } = await settled(product, res.body.image.id);
      expect(row.status).toBe('READY');
      expect(image).toMatchObject({ width: 12, height: 7, src: expect.stringMatching(/\/files\/shops\/\d+\/public\/media\/.+\.png\?v=\d+$/) });
      const served = await t.app.inject({ method: 'GET', url: new URL(image.src).pathname, headers: { host: acme.host } });
      expect(served.rawPayload.equals(pngBytes)).toBe(true);
    });

    it('marks an image FAILED with the hosted media error when the source is not an image, missing or keeps failing', async () => {
      const product = await newProduct();
      const cases: [string, string][] = [
        ['/text.png', 'UNSUPPORTED_IMAGE_FILE_TYPE'],
        ['/missing.png', 'IMAGE_DOWNLOAD_FAILURE'],
        ['/down.png', 'IMAGE_DOWNLOAD_FAILURE'],
      ];
      const before = await storedFiles();
      for (const [path, code] of cases) {
        const res = await rest('POST', imagesPath(product), { image: { src: `${origin}${path}` } });
        expect(res.status).toBe(200);
        const { row, image } = await settled(product, res.body.image.id);
        expect({ path, status: row.status, codes: row.media_errors.map((e: { code: string }) => e.code) }).toEqual({ path, status: 'FAILED', codes: [code] });
        expect(image.src).toBeNull();
      }
      // A failure that may pass (503) is tried three times; one that will not (404) once.
      expect(hits['/down.png']).toBe(3);
      expect(hits['/missing.png']).toBe(1);
      expect(await storedFiles()).toEqual(before);
    });

    it('refuses at once a src no download could get: not http(s), not a URL, a private address the installation does not allow', async () => {
      const product = await newProduct();
      for (const src of ['ftp://example.com/a.png', 'not a url', 'http://127.0.0.1:1/a.png', 'http://169.254.169.254/latest/meta-data']) {
        const res = await rest('POST', imagesPath(product), { image: { src } });
        expect({ src, status: res.status }).toEqual({ src, status: 422 });
        expect(res.body.errors).toHaveProperty('src');
      }
      expect((await rest('GET', `products/${product}/images/count.json`)).body).toEqual({ count: 0 });
    });

    it('keeps no file for an image deleted before its download ran', async () => {
      const product = await newProduct();
      const before = await storedFiles();
      const res = await rest('POST', imagesPath(product), { image: { src: `${origin}/ok.png` } });
      expect((await rest('DELETE', imagePath(product, res.body.image.id))).status).toBe(200);
      await t.app.get<JobQueue>(JOB_QUEUE).drain();
      expect(await storedFiles()).toEqual(before);
    });
  });

  it('takes an attachment larger than the 2 MB body limit when MEDIA_MAX_BYTES allows it', async () => {
    const big = await createTestApp({ DATA_DIR: dataDir, MEDIA_MAX_BYTES: String(4 * 1024 * 1024) }, REST_LIMITS);
    try {
      const shop = await big.createShop('bigshop');
      const product = (await createProduct(contextOf(big, shop), { images: [] })).id;
      // Noise does not compress: a 1200 × 900 PNG of it is about 3 MB, 4 MB in base64.
      const noise = Buffer.alloc(1200 * 900 * 3);
      for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
      const bytes = await sharp(noise, { raw: { width: 1200, height: 900, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
      expect(bytes.length).toBeGreaterThan(2 * 1024 * 1024);
      const res = await send(big.app, { method: 'POST', url: `/admin/api/2026-10/${imagesPath(product)}`, host: shop.host, headers: { 'x-platform-access-token': shop.tokens.adminAccessToken }, body: { image: { attachment: bytes.toString('base64') } } });
      expect(res.status).toBe(200);
      expect(res.body.image).toMatchObject({ width: 1200, height: 900 });
      // Other routes keep the 2 MB limit.
      const customers = await send(big.app, { method: 'POST', url: '/admin/api/2026-10/customers.json', host: shop.host, headers: { 'x-platform-access-token': shop.tokens.adminAccessToken }, body: { customer: { note: 'x'.repeat(3 * 1024 * 1024) } } });
      expect(customers.status).toBe(413);
    } finally {
      await big.close();
    }
  });
});
