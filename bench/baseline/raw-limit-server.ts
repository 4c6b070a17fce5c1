import { type ServerResponse, createServer } from 'node:http';
import pg from 'pg';
import { PRODUCT_LISTING } from '../scenarios.js';
import { RAW_FEATURED_IMAGES, RAW_PRODUCTS, RAW_VARIANTS } from './raw-limit.sql.js';

// The raw limit of scenario 1: the storefront's product listing with nothing but what its answer needs. node:http,
// no framework, no GraphQL (the one document it serves is recognised by its text), the platform's own three
// prepared statements (raw-limit.sql.ts), the JSON written by hand, byte for byte the platform's answer (the bench
// compares the two before measuring). No auth, throttle, logging or request context. Nobody would ship it: it is
// the floor under every server's cost, so a ratio to it says how much of a listing request the machinery takes
// (docs/performance.md, "The raw limit").

interface ProductRow { id: string; title: string; handle: string; minPrice: string; maxPrice: string }
interface ImageRow { productId: string; src: string; fileKey: string | null; updatedAt: Date; alt: string | null }
interface VariantRow { parentId: string; price: string; availableForSale: boolean }

const LISTING_PATH = /^\/api\/[^/]+\/graphql\.json(\?|$)/;
const VARIANTS_SHOWN = 3; // the document's variants(first: 3)
const MAX_PAGE = 250;
const JSON_TYPE = 'application/json; charset=utf-8';

// A pool sized like the baseline's.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const shop = (await pool.query<{ id: string; currency: string }>('select id, currency from shops where handle = $1', [process.env.DEFAULT_SHOP ?? 'demo'])).rows[0];
if (!shop) throw new Error('raw limit: the shop is not seeded');
const shopId = Number(shop.id);
const currency = JSON.stringify(shop.currency);
// The platform's cursor of products by ID: `[tag, id]`, the tag naming that connection and sort key.
const cursor = (id: string) => Buffer.from(JSON.stringify(['w_B-LA', Number(id)])).toString('base64url');
const money = (amount: string) => `{"amount":"${amount}","currencyCode":${currency}}`;

async function listing(first: number, origin: string): Promise<string> {
  const rows = (await pool.query<ProductRow>({ name: 'raw_products', text: RAW_PRODUCTS, values: [shopId, first + 1] })).rows;
  const page = rows.slice(0, first);
  const ids = page.map((p) => p.id);
  const images = new Map<string, ImageRow>();
  const variants = new Map<string, VariantRow[]>();
  if (ids.length) {
    // The platform's two loaders fire in the same tick; so do these.
    const [imageRows, variantRows] = await Promise.all([
      pool.query<ImageRow>({ name: 'raw_featured_images', text: RAW_FEATURED_IMAGES, values: [shopId, ids] }),
      pool.query<VariantRow>({ name: 'raw_variants', text: RAW_VARIANTS, values: [shopId, ids, VARIANTS_SHOWN + 1] }),
    ]);
    for (const image of imageRows.rows) images.set(image.productId, image);
    for (const variant of variantRows.rows) {
      const list = variants.get(variant.parentId);
      if (list) list.push(variant);
      else variants.set(variant.parentId, [variant]);
    }
  }
  let json = '{"data":{"products":{"nodes":[';
  for (let i = 0; i < page.length; i++) {
    const p = page[i]!;
    const image = images.get(p.id);
    if (i > 0) json += ',';
    json += `{"title":${JSON.stringify(p.title)},"handle":${JSON.stringify(p.handle)},"priceRange":{"minVariantPrice":${money(p.minPrice)},"maxVariantPrice":${money(p.maxPrice)}},`;
    // A kept file is served at /files/<key> on the caller's origin, versioned by its update time (as the platform does).
    const url = image?.fileKey ? `${origin}/files/${image.fileKey}?v=${Math.floor(image.updatedAt.getTime() / 1000)}` : image?.src;
    json += `"featuredImage":${image ? `{"url":${JSON.stringify(url)},"altText":${JSON.stringify(image.alt)}}` : 'null'},"variants":{"nodes":[`;
    const shown = variants.get(p.id)?.slice(0, VARIANTS_SHOWN) ?? [];
    for (let j = 0; j < shown.length; j++) json += `${j > 0 ? ',' : ''}{"price":${money(shown[j]!.price)},"availableForSale":${shown[j]!.availableForSale}}`;
    json += ']}}';
  }
  const last = page.at(-1);
  return `${json}],"pageInfo":{"hasNextPage":${rows.length > first},"endCursor":${last ? `"${cursor(last.id)}"` : 'null'}}}}}`;
}

function send(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

const refuse = (res: ServerResponse, status: number, message: string) => send(res, status, JSON.stringify({ errors: [{ message }] }));

function answer(res: ServerResponse, raw: string, origin: string): void {
  let first: unknown;
  try {
    const body = JSON.parse(raw) as { query?: unknown; variables?: { first?: unknown; after?: unknown } };
    if (body.query !== PRODUCT_LISTING) return refuse(res, 400, 'the raw limit answers only the bench\'s product listing document');
    if (body.variables?.after != null) return refuse(res, 400, 'the raw limit answers only the first page');
    first = body.variables?.first;
  } catch {
    return refuse(res, 400, 'the body is not JSON');
  }
  if (!Number.isInteger(first) || (first as number) < 0 || (first as number) > MAX_PAGE) return refuse(res, 400, `first must be an integer from 0 to ${MAX_PAGE}`);
  listing(first as number, origin).then(
    (json) => send(res, 200, json),
    (error: Error) => refuse(res, 500, error.message),
  );
}

const server = createServer((req, res) => {
  if (req.url === '/healthz' && req.method === 'GET') return send(res, 200, '{"status":"ok"}');
  if (req.method !== 'POST' || !LISTING_PATH.test(req.url ?? '')) return refuse(res, 404, 'Not Found');
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => answer(res, Buffer.concat(chunks).toString('utf8'), `http://${(req.headers.host ?? '').toLowerCase()}`));
});

server.listen(Number(process.env.PORT ?? 3100), process.env.HOST ?? '127.0.0.1');
process.once('SIGTERM', () => {
  server.close(() => void pool.end().then(() => process.exit(0)));
  server.closeAllConnections();
});
