import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProduct } from '@platform/catalog/testing';
import { imageBytes } from '@platform/media/testing';
import { JOB_QUEUE, type JobQueue } from '@platform/queue';
import { FILE_STORAGE, type FileStorage } from '@platform/storage';
import { adminQuery, send, storefrontQuery, VERSION } from '../../support/http.js';
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
  const held: (() => void)[] = [];
  const release = () => held.splice(0).forEach((answer) => answer());

  beforeAll(async () => {
    t = await createTestApp({ OUTBOUND_ALLOWED_PRIVATE_HOSTS: 'localhost' }, { adminGraphql: { capacity: 1e9, leakPerSecond: 1e9 } });
    acme = await t.createShop('acme');
    const png = await imageBytes({ width: 16, height: 8 });
    server = createServer((req, res) => {
      if (req.url === '/ok.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      // Answered once the test lets it: a download still running whatever the timing.
      if (req.url === '/held.png') return void held.push(() => res.writeHead(200, { 'content-type': 'image/png' }).end(png));
      res.writeHead(404).end();
    });
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

  it('answers Image.url(transform:) on both APIs as the served URL of that variant; a bad transform is a field error', async () => {
    const product = await createProduct(contextOf(t, acme), { images: [] });
    const image = (await rest('POST', `products/${product.id}/images.json`, { image: { attachment: (await imageBytes({ width: 40, height: 20 })).toString('base64') } })).body.image;
    const gid = `gid://platform/Product/${product.id}`;
    const admin = await gql(`query($id: ID!) { product(id: $id) { featuredMedia { ... on MediaImage { image { plain: url small: url(transform: { maxWidth: 10, preferredContentType: WEBP }) } } } } }`, { id: gid });
    const { plain, small } = admin.product.featuredMedia.image;
    expect(plain).toBe(image.src);
    expect(small).toBe(`${image.src}&width=10&format=webp`);
    const served = await t.app.inject({ method: 'GET', url: new URL(small).pathname + new URL(small).search, headers: { host: acme.host } });
    expect(served.headers['content-type']).toBe('image/webp');
    const storefront = await storefrontQuery(t.app, acme.host, `{ product(handle: "${product.handle}") { featuredImage { url(transform: { maxWidth: 20, maxHeight: 20, crop: CENTER, scale: 2 }) } } }`, { 'x-platform-storefront-access-token': acme.tokens.storefrontAccessToken });
    expect(storefront.body.data.product.featuredImage.url).toBe(`${image.src}&width=20&height=20&crop=center&scale=2`);
    const bad = await adminQuery(t.app, acme.host, acme.tokens.adminAccessToken, `query($id: ID!) { product(id: $id) { featuredMedia { ... on MediaImage { image { url(transform: { maxWidth: 0 }) } } } } }`, { variables: { id: gid } });
    expect(bad.status).toBe(200);
    expect(bad.body.errors[0].message).toMatch(/width must be a whole number from 1 to 5760/);
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

  describe('mutations', () => {
    const MEDIA_IDS = `media(first: 20) { nodes { id status alt } }`;
    const mediaOf = async (productGid: string) => (await gql(`query($id: ID!) { product(id: $id) { ${MEDIA_IDS} } }`, { id: productGid })).product.media.nodes;
    const drain = () => t.app.get<JobQueue>(JOB_QUEUE).drain();
    const newProductGid = async () => `gid://platform/Product/${(await createProduct(contextOf(t, acme), { images: [] })).id}`;

    it('productCreateMedia adds media UPLOADED, each downloaded to READY; productReorderMedia moves them; productDeleteMedia deletes them', async () => {
      const product = await newProductGid();
      const created = await gql(
        `mutation($id: ID!, $media: [CreateMediaInput!]!) { productCreateMedia(productId: $id, media: $media) { media { id status alt } product { id } mediaUserErrors { field code } } }`,
        { id: product, media: ['a', 'b', 'c'].map((alt) => ({ originalSource: `${origin}/ok.png`, mediaContentType: 'IMAGE', alt })) },
      );
      const payload = created.productCreateMedia;
      expect(payload.mediaUserErrors).toEqual([]);
      expect(payload.product).toEqual({ id: product });
      expect(payload.media.map((m: any) => [m.status, m.alt])).toEqual([['UPLOADED', 'a'], ['UPLOADED', 'b'], ['UPLOADED', 'c']]);
      await drain();
      const [a, b, c] = await mediaOf(product);
      expect([a, b, c].map((m: any) => m.status)).toEqual(['READY', 'READY', 'READY']);

      const reorder = await gql(`mutation($id: ID!, $moves: [MoveInput!]!) { productReorderMedia(id: $id, moves: $moves) { job { done } mediaUserErrors { field code } } }`, {
        id: product,
        moves: [{ id: c.id, newPosition: '0' }, { id: a.id, newPosition: '99' }],
      });
      expect(reorder.productReorderMedia).toEqual({ job: { done: true }, mediaUserErrors: [] });
      expect((await mediaOf(product)).map((m: any) => m.alt)).toEqual(['c', 'b', 'a']);

      const deleted = await gql(`mutation($id: ID!, $ids: [ID!]!) { productDeleteMedia(productId: $id, mediaIds: $ids) { deletedMediaIds deletedProductImageIds mediaUserErrors { code } } }`, { id: product, ids: [b.id] });
      expect(deleted.productDeleteMedia).toEqual({ deletedMediaIds: [b.id], deletedProductImageIds: [b.id.replace('MediaImage', 'ProductImage')], mediaUserErrors: [] });
      expect((await mediaOf(product)).map((m: any) => m.alt)).toEqual(['c', 'a']);
    });

    it('refuses with the hosted MediaUserError codes and writes nothing', async () => {
      const product = await newProductGid();
      const other = await newProductGid();
      await gql(`mutation($id: ID!, $media: [CreateMediaInput!]!) { productCreateMedia(productId: $id, media: $media) { mediaUserErrors { code } } }`, { id: other, media: [{ originalSource: `${origin}/ok.png`, mediaContentType: 'IMAGE' }] });
      const [otherMedia] = await mediaOf(other);
      const create = (media: unknown[], id = product) =>
        gql(`mutation($id: ID!, $media: [CreateMediaInput!]!) { productCreateMedia(productId: $id, media: $media) { media { id } mediaUserErrors { field code } } }`, { id, media });
      expect((await create([{ originalSource: 'ftp://example.com/a.png', mediaContentType: 'IMAGE' }])).productCreateMedia.mediaUserErrors).toEqual([{ field: ['media', '0', 'originalSource'], code: 'INVALID' }]);
      expect((await create([{ originalSource: `${origin}/ok.png`, mediaContentType: 'VIDEO' }])).productCreateMedia.mediaUserErrors).toEqual([{ field: ['media', '0', 'mediaContentType'], code: 'INVALID_MEDIA_TYPE' }]);
      expect((await create([{ originalSource: `${origin}/ok.png`, mediaContentType: 'IMAGE', alt: 'x'.repeat(513) }])).productCreateMedia.mediaUserErrors).toEqual([{ field: ['media', '0', 'alt'], code: 'TOO_LONG' }]);
      expect((await create([{ originalSource: `${origin}/ok.png`, mediaContentType: 'IMAGE' }], 'gid://platform/Product/99999999')).productCreateMedia.mediaUserErrors).toEqual([{ field: ['productId'], code: 'PRODUCT_DOES_NOT_EXIST' }]);
      expect(await mediaOf(product)).toEqual([]);

      const reorder = await gql(`mutation($id: ID!, $moves: [MoveInput!]!) { productReorderMedia(id: $id, moves: $moves) { job { done } mediaUserErrors { field code } } }`, { id: product, moves: [{ id: otherMedia.id, newPosition: '0' }] });
      expect(reorder.productReorderMedia).toEqual({ job: null, mediaUserErrors: [{ field: ['moves', '0', 'id'], code: 'MEDIA_DOES_NOT_EXIST_ON_PRODUCT' }] });
      const deleted = await gql(`mutation($id: ID!, $ids: [ID!]!) { productDeleteMedia(productId: $id, mediaIds: $ids) { deletedMediaIds mediaUserErrors { field code } } }`, { id: product, ids: [otherMedia.id] });
      expect(deleted.productDeleteMedia).toEqual({ deletedMediaIds: null, mediaUserErrors: [{ field: ['mediaIds', '0'], code: 'MEDIA_DOES_NOT_EXIST' }] });
      expect(await mediaOf(other)).toHaveLength(1);
    });

    it('productCreate and productUpdate take media; a bad one refuses the whole write', async () => {
      const made = await gql(`mutation($media: [CreateMediaInput!]) { productCreate(product: { title: "With media" }, media: $media) { product { id ${MEDIA_IDS} } userErrors { field code } } }`, {
        media: [{ originalSource: `${origin}/ok.png`, mediaContentType: 'IMAGE', alt: 'Front' }],
      });
      expect(made.productCreate.userErrors).toEqual([]);
      // Its download may have started by the time the product is read back.
      expect(made.productCreate.product.media.nodes).toEqual([{ id: expect.any(String), status: expect.stringMatching(/^(UPLOADED|PROCESSING|READY)$/), alt: 'Front' }]);
      const id = made.productCreate.product.id;
      const update = (media: unknown[]) =>
        gql(`mutation($id: ID!, $media: [CreateMediaInput!]) { productUpdate(product: { id: $id, vendor: "Changed" }, media: $media) { product { vendor } userErrors { field code } } }`, { id, media });
      const refused = await update([{ originalSource: 'http://169.254.169.254/latest', mediaContentType: 'IMAGE' }]);
      expect(refused.productUpdate).toEqual({ product: null, userErrors: [{ field: ['media', '0', 'originalSource'], code: 'INVALID' }] });
      expect((await gql(`query($id: ID!) { product(id: $id) { vendor } }`, { id })).product.vendor).not.toBe('Changed');
      const added = await update([{ originalSource: `${origin}/ok.png`, mediaContentType: 'IMAGE', alt: 'Back' }]);
      expect(added.productUpdate).toEqual({ product: { vendor: 'Changed' }, userErrors: [] });
      await drain();
      expect((await mediaOf(id)).map((m: any) => [m.status, m.alt])).toEqual([['READY', 'Front'], ['READY', 'Back']]);
    });

    it("productSet's files are the product's media in order: listed ones kept, new ones downloaded, the others deleted with their files", async () => {
      const SET = `mutation($identifier: ProductSetIdentifiers, $input: ProductSetInput!) { productSet(identifier: $identifier, input: $input) { product { id ${MEDIA_IDS} } userErrors { field code message } } }`;
      const source = `${origin}/ok.png`;
      const made = await gql(SET, { input: { title: 'Set with files', files: [{ originalSource: source, alt: 'A' }, { originalSource: source, contentType: 'IMAGE', alt: 'B' }] } });
      expect(made.productSet.userErrors).toEqual([]);
      const id = made.productSet.product.id;
      await drain();
      const [a, b] = await mediaOf(id);
      expect([a.alt, a.status, b.alt, b.status]).toEqual(['A', 'READY', 'B', 'READY']);
      const storage = t.app.get<FileStorage>(FILE_STORAGE);
      const legacy = (gid: string) => gid.split('/').pop()!;
      // The kept file's key, from the REST image's src.
      const aKey = new URL((await rest('GET', `products/${legacy(id)}/images/${legacy(a.id)}.json`)).body.image.src).pathname.slice('/files/'.length);
      expect(await storage.exists(aKey)).toBe(true);

      const set = await gql(SET, { identifier: { id }, input: { files: [{ id: b.id, alt: 'B again' }, { originalSource: source, alt: 'C' }] } });
      expect(set.productSet.userErrors).toEqual([]);
      await drain();
      const after = await mediaOf(id);
      expect(after.map((m: any) => [m.id === b.id, m.alt, m.status])).toEqual([[true, 'B again', 'READY'], [false, 'C', 'READY']]);
      expect(await storage.exists(aKey)).toBe(false);

      // A media not of the product, or a bad source: nothing changes.
      const refused = await gql(SET, { identifier: { id }, input: { title: 'Renamed', files: [{ id: a.id }, { originalSource: 'ftp://x/y.png' }] } });
      expect(refused.productSet.userErrors).toEqual([
        { field: ['input', 'files', '1', 'originalSource'], code: 'INVALID_INPUT', message: expect.any(String) },
      ]);
      const missing = await gql(SET, { identifier: { id }, input: { title: 'Renamed', files: [{ id: a.id }] } });
      expect(missing.productSet.userErrors).toEqual([{ field: ['input', 'files', '0', 'id'], code: 'INVALID_INPUT', message: 'Media does not exist on the product' }]);
      expect((await gql(`query($id: ID!) { product(id: $id) { title } }`, { id })).product.title).toBe('Set with files');
      expect((await mediaOf(id)).map((m: any) => m.alt)).toEqual(['B again', 'C']);
      // An empty list deletes them all.
      expect((await gql(SET, { identifier: { id }, input: { files: [] } })).productSet.product.media.nodes).toEqual([]);
    });

    it("fileCreate adds the shop's files, READY once downloaded; productSet's files attaches one; fileDelete deletes files and product media", async () => {
      const CREATE = `mutation($files: [FileCreateInput!]!) { fileCreate(files: $files) { files { id alt fileStatus fileErrors { code } createdAt } userErrors { field code message } } }`;
      const DELETE = `mutation($ids: [ID!]!) { fileDelete(fileIds: $ids) { deletedFileIds userErrors { field code message } } }`;
      const made = await gql(CREATE, { files: [{ originalSource: `${origin}/ok.png`, alt: 'Loose' }, { originalSource: `${origin}/gone.png`, contentType: 'IMAGE' }] });
      expect(made.fileCreate.userErrors).toEqual([]);
      const [loose, broken] = made.fileCreate.files;
      expect(loose).toMatchObject({ alt: 'Loose', fileStatus: 'UPLOADED', fileErrors: [] });
      await drain();
      const node = async (id: string) => (await gql(`query($id: ID!) { node(id: $id) { ... on MediaImage { id fileStatus status fileErrors { code } image { width height } } } }`, { id })).node;
      expect(await node(loose.id)).toEqual({ id: loose.id, fileStatus: 'READY', status: 'READY', fileErrors: [], image: { width: 16, height: 8 } });
      expect(await node(broken.id)).toMatchObject({ fileStatus: 'FAILED', fileErrors: [{ code: 'IMAGE_DOWNLOAD_FAILURE' }], image: null });

      // A product takes the loose file where its list names it.
      const product = await newProductGid();
      const set = await gql(`mutation($id: ID!, $files: [FileSetInput!]) { productSet(identifier: { id: $id }, input: { files: $files }) { product { ${MEDIA_IDS} } userErrors { field code } } }`, {
        id: product,
        files: [{ originalSource: `${origin}/ok.png`, alt: 'New' }, { id: loose.id }],
      });
      expect(set.productSet.userErrors).toEqual([]);
      expect(set.productSet.product.media.nodes.map((m: any) => [m.alt, m.id === loose.id])).toEqual([['New', false], ['Loose', true]]);

      // Problems: a bad source, an unknown file; nothing is written.
      const refused = await gql(CREATE, { files: [{ originalSource: 'file:///etc/passwd' }, { originalSource: `${origin}/ok.png`, alt: 'x'.repeat(513) }] });
      expect(refused.fileCreate).toEqual({
        files: null,
        userErrors: [
          { field: ['files', '0', 'originalSource'], code: 'INVALID_IMAGE_SOURCE_URL', message: expect.any(String) },
          { field: ['files', '1', 'alt'], code: 'ALT_VALUE_LIMIT_EXCEEDED', message: expect.any(String) },
        ],
      });
      const unknown = await gql(DELETE, { ids: [broken.id, 'gid://platform/MediaImage/999999999'] });
      expect(unknown.fileDelete).toEqual({ deletedFileIds: null, userErrors: [{ field: ['fileIds', '1'], code: 'FILE_DOES_NOT_EXIST', message: 'File does not exist' }] });
      expect(await node(broken.id)).not.toBeNull();

      // A loose file and a product's media go together; the product's order closes up.
      const first = set.productSet.product.media.nodes[0].id;
      const deleted = await gql(DELETE, { ids: [broken.id, first] });
      expect(deleted.fileDelete).toEqual({ deletedFileIds: expect.arrayContaining([broken.id, first]), userErrors: [] });
      expect(await node(broken.id)).toBeNull();
      expect((await mediaOf(product)).map((m: any) => m.id)).toEqual([loose.id]);
      const legacy = (gid: string) => gid.split('/').pop()!;
      expect((await rest('GET', `products/${legacy(product)}/images.json?fields=id,position`)).body.images).toEqual([{ id: Number(legacy(loose.id)), position: 1 }]);
    });

    it('productVariantAppendMedia shows READY media on variants, one each; productVariantDetachMedia takes it off', async () => {
      const made = await createProduct(contextOf(t, acme), { images: [] });
      const product = `gid://platform/Product/${made.id}`;
      const [v1, v2] = made.variants.map((v) => `gid://platform/ProductVariant/${v.id}`);
      await gql(`mutation($id: ID!, $media: [CreateMediaInput!]!) { productCreateMedia(productId: $id, media: $media) { mediaUserErrors { code } } }`, {
        id: product,
        media: [{ originalSource: `${origin}/held.png`, mediaContentType: 'IMAGE' }, { originalSource: `${origin}/ok.png`, mediaContentType: 'IMAGE' }],
      });
      const [first, second] = await mediaOf(product);
      const APPEND = `mutation($id: ID!, $vm: [ProductVariantAppendMediaInput!]!) { productVariantAppendMedia(productId: $id, variantMedia: $vm) { productVariants { id media(first: 2) { nodes { id } } } userErrors { field code } } }`;
      // Not READY yet: its download is still waiting for its answer.
      const early = await gql(APPEND, { id: product, vm: [{ variantId: v1, mediaIds: [first.id] }] });
      expect(early.productVariantAppendMedia.userErrors).toEqual([{ field: ['variantMedia', '0', 'mediaIds', '0'], code: 'NON_READY_MEDIA' }]);
      // Answered once the download has asked (it may not have started yet).
      while (held.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      release();
      await drain();
      const appended = await gql(APPEND, { id: product, vm: [{ variantId: v1, mediaIds: [first.id] }, { variantId: v2, mediaIds: [second.id] }] });
      expect(appended.productVariantAppendMedia).toEqual({
        productVariants: [{ id: v1, media: { nodes: [{ id: first.id }] } }, { id: v2, media: { nodes: [{ id: second.id }] } }],
        userErrors: [],
      });
      // The REST image shows the same link.
      expect((await rest('GET', `products/${made.id}/images/${first.id.split('/').pop()}.json`)).body.image.variant_ids).toEqual([made.variants[0]!.id]);
      const again = await gql(APPEND, { id: product, vm: [{ variantId: v1, mediaIds: [second.id] }] });
      expect(again.productVariantAppendMedia.userErrors).toEqual([{ field: ['variantMedia', '0', 'variantId'], code: 'PRODUCT_VARIANT_ALREADY_HAS_MEDIA' }]);
      const two = await gql(APPEND, { id: product, vm: [{ variantId: v1, mediaIds: [first.id, second.id] }] });
      expect(two.productVariantAppendMedia.userErrors).toEqual([{ field: ['variantMedia', '0', 'mediaIds'], code: 'INVALID' }]);

      const DETACH = `mutation($id: ID!, $vm: [ProductVariantDetachMediaInput!]!) { productVariantDetachMedia(productId: $id, variantMedia: $vm) { productVariants { id media(first: 2) { nodes { id } } } userErrors { field code } } }`;
      const wrong = await gql(DETACH, { id: product, vm: [{ variantId: v1, mediaIds: [second.id] }] });
      expect(wrong.productVariantDetachMedia.userErrors).toEqual([{ field: ['variantMedia', '0', 'mediaIds', '0'], code: 'INVALID' }]);
      const detached = await gql(DETACH, { id: product, vm: [{ variantId: v1, mediaIds: [first.id] }] });
      expect(detached.productVariantDetachMedia).toEqual({ productVariants: [{ id: v1, media: { nodes: [] } }], userErrors: [] });
    });
  });
});
