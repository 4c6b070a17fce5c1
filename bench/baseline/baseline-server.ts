import DataLoader from 'dataloader';
import Fastify from 'fastify';
import { type DocumentNode, type GraphQLError, buildSchema, execute, parse, validate } from 'graphql';
import pg from 'pg';
import { CART_SDL, cartRoot } from './baseline-carts.js';
import { registerCustomerRoutes } from './baseline-customers.js';
import { ORDERS_SDL, registerOrderRoutes } from './baseline-orders.js';
import { PRODUCTS_SDL, productsRoot } from './baseline-products.js';
import { CATALOG_WRITES_SDL, catalogWritesRoot } from './baseline-catalog-writes.js';
import { registerImageRoutes } from './baseline-images.js';

// The baseline: the fastest simple server a good engineer would write for the storefront's product
// listing, with no framework, auth, cost or throttle. Named prepared statements, a cache of parsed and
// validated documents, one batched statement per level, a pool sized like the platform's. It answers the
// bench's product query with the same JSON as the platform (the bench checks that before measuring), and
// scenario 6's customer routes (baseline-customers.ts), the orders scenario's (baseline-orders.ts) and scenario 7a's
// product images and files (baseline-images.ts).

const schema = buildSchema(`
  type Query { products(first: Int!, after: String): ProductConnection! }
  type ProductConnection { nodes: [Product!]! pageInfo: PageInfo! }
  type PageInfo { hasNextPage: Boolean! endCursor: String }
  type Product {
    title: String!
    handle: String!
    priceRange: ProductPriceRange!
    featuredImage: Image
    variants(first: Int!): ProductVariantConnection!
  }
  type ProductPriceRange { minVariantPrice: MoneyV2! maxVariantPrice: MoneyV2! }
  type MoneyV2 { amount: String! currencyCode: String! }
  type Image { url: String! altText: String }
  type ProductVariantConnection { nodes: [ProductVariant!]! }
  type ProductVariant { id: ID! price: MoneyV2! availableForSale: Boolean! }
${CART_SDL}`);

const VISIBLE = `status = 'active' and published_at is not null and published_at <= now()`;
const SQL = {
  shop: { name: 'b_shop', text: 'select id, currency from shops where handle = $1' },
  firstProducts: {
    name: 'b_products_first',
    text: `select id, title, handle, min_price, max_price from products where shop_id = $1 and ${VISIBLE} order by id limit $2`,
  },
  productsAfter: {
    name: 'b_products_after',
    text: `select id, title, handle, min_price, max_price from products where shop_id = $1 and ${VISIBLE} and id > $3 order by id limit $2`,
  },
  variants: {
    name: 'b_variants',
    text: `select product_id, price, available_for_sale from product_variants
      where shop_id = $1 and product_id = any($2::bigint[]) order by product_id, position, id`,
  },
  featuredImages: {
    name: 'b_featured_images',
    text: `select distinct on (product_id) product_id, src, file_key, updated_at, alt from product_images
      where shop_id = $1 and product_id = any($2::bigint[]) and status = 'READY' order by product_id, position, id`,
  },
};

interface ProductRow { id: string; title: string; handle: string; min_price: string; max_price: string }
interface VariantRow { product_id: string; price: string; available_for_sale: boolean }
interface ImageRow { product_id: string; src: string; file_key: string | null; updated_at: Date; alt: string | null }

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const shop = (await pool.query<{ id: string; currency: string }>(SQL.shop, [process.env.DEFAULT_SHOP ?? 'demo'])).rows[0];
if (!shop) throw new Error('baseline: the shop is not seeded');

class RequestLoaders {
  // Where the client called (cart checkout URLs are built on it).
  constructor(readonly origin: string) {}
  readonly variants = new DataLoader<string, VariantRow[]>((ids) => grouped(SQL.variants, ids, (r: VariantRow) => r.product_id));
  readonly images = new DataLoader<string, ImageRow[]>((ids) => grouped(SQL.featuredImages, ids, (r: ImageRow) => r.product_id));
}

async function grouped<R>(statement: { name: string; text: string }, ids: readonly string[], key: (row: R) => string): Promise<R[][]> {
  const { rows } = await pool.query<R & pg.QueryResultRow>(statement, [shop!.id, ids]);
  const byId = new Map<string, R[]>(ids.map((id) => [id, []]));
  for (const row of rows) byId.get(key(row))?.push(row);
  return ids.map((id) => byId.get(id)!);
}

const money = (amount: string) => ({ amount, currencyCode: shop.currency });
// The platform's cursor of products by ID: `[tag, id]`, the tag naming that connection and sort key.
const cursor = (id: string) => Buffer.from(JSON.stringify(['w_B-LA', Number(id)])).toString('base64url');

const rootValue = {
  ...cartRoot(pool, shop),
  async products({ first, after }: { first: number; after?: string }) {
    const afterId = after ? (JSON.parse(Buffer.from(after, 'base64url').toString()) as [string, number])[1] : null;
    const { rows } = afterId === null
      ? await pool.query<ProductRow>(SQL.firstProducts, [shop.id, first + 1])
      : await pool.query<ProductRow>(SQL.productsAfter, [shop.id, first + 1, afterId]);
    const page = rows.slice(0, first);
    return {
      nodes: page.map(product),
      pageInfo: { hasNextPage: rows.length > first, endCursor: page.length ? cursor(page.at(-1)!.id) : null },
    };
  },
};

function product(row: ProductRow) {
  return {
    title: row.title,
    handle: row.handle,
    priceRange: { minVariantPrice: money(row.min_price), maxVariantPrice: money(row.max_price) },
    async featuredImage(_: unknown, loaders: RequestLoaders) {
      const [image] = await loaders.images.load(row.id);
      // A kept file is served at /files/<key> on the caller's origin, versioned by its update time (as the platform does).
      const url = image?.file_key ? `${loaders.origin}/files/${image.file_key}?v=${Math.floor(image.updated_at.getTime() / 1000)}` : image?.src;
      return image ? { url, altText: image.alt } : null;
    },
    async variants({ first }: { first: number }, loaders: RequestLoaders) {
      const variants = await loaders.variants.load(row.id);
      return { nodes: variants.slice(0, first).map((v) => ({ price: money(v.price), availableForSale: v.available_for_sale })) };
    },
  };
}

// Parsed and validated documents by query text (bounded: a client cannot grow it without limit).
const documents = new Map<string, { document?: DocumentNode; errors?: readonly GraphQLError[] }>();
function prepared(query: string) {
  let entry = documents.get(query);
  if (!entry) {
    try {
      const document = parse(query);
      const errors = validate(schema, document);
      entry = errors.length ? { errors } : { document };
    } catch (error) {
      entry = { errors: [error as GraphQLError] };
    }
    if (documents.size >= 1000) documents.clear();
    documents.set(query, entry);
  }
  return entry;
}

const app = Fastify({ logger: false });
app.post('/api/:version/graphql.json', async (request, reply) => {
  const body = request.body as { query?: unknown; variables?: Record<string, unknown>; operationName?: string } | undefined;
  if (typeof body?.query !== 'string') return reply.code(400).send({ errors: [{ message: 'query is required' }] });
  const { document, errors } = prepared(body.query);
  if (!document) return { errors: errors!.map((e) => e.toJSON?.() ?? { message: e.message }) };
  return execute({ schema, document, rootValue, contextValue: new RequestLoaders(`${request.protocol}://${request.host}`), variableValues: body.variables, operationName: body.operationName });
});
app.get('/healthz', async () => ({ status: 'ok' }));
registerCustomerRoutes(app, pool, shop, {
  sdl: ORDERS_SDL + PRODUCTS_SDL + CATALOG_WRITES_SDL,
  root: { ...registerOrderRoutes(app, pool, shop), ...productsRoot(pool, shop), ...catalogWritesRoot(pool, shop) },
});
// The bench names the platform's files directory (its local storage), where scenario 7a's images are.
if (process.env.BENCH_FILES_DIRECTORY) registerImageRoutes(app, pool, shop, process.env.BENCH_FILES_DIRECTORY);

await app.listen({ port: Number(process.env.PORT ?? 3100), host: process.env.HOST ?? '127.0.0.1' });
process.once('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
