import http from 'node:http';
import { imageBytes } from '@platform/media/testing';
import { ADMIN_GRAPHQL_PATH, ADMIN_REST_PATH, type ListedImages } from './scenarios.js';

// The image scenarios' products and images, made on the platform through its admin APIs as a merchant makes them: a
// product by admin GraphQL, its images by REST (an attachment, or a `src` the platform downloads). The bench deletes
// the products at the end, and their images' files with them.

/** The image of issue 35's scenarios: a 1000 × 1000 JPEG. */
export function benchJpeg(): Promise<Buffer> {
  return imageBytes({ format: 'jpeg', width: 1000, height: 1000, color: '#cc3333' });
}

/** Images of scenario 7a's product, and the width its first one is served at. */
const LISTED_IMAGES = 10;
const SERVED_WIDTH = 400;

const PRODUCT_CREATE = `mutation BenchProduct($product: ProductCreateInput!) {
  productCreate(product: $product) { product { id } userErrors { field message } }
}`;
const PRODUCT_DELETE = `mutation BenchProductDelete($input: ProductDeleteInput!) {
  productDelete(input: $input) { deletedProductId userErrors { field message } }
}`;

/** Products the bench made on one platform server, and what it made of them. */
export class BenchProducts {
  private readonly made: number[] = [];
  // The served images' client: node's own, on kept-alive connections, as a browser fetches images. `fetch` costs this
  // 2-core machine about twice the CPU a request, which the bare side of scenario 7b never pays.
  private readonly agent = new http.Agent({ keepAlive: true });

  constructor(
    private readonly url: string,
    private readonly adminToken: string,
  ) {}

  /** A new product's id. */
  async create(title: string): Promise<number> {
    const answer = (await this.graphql(PRODUCT_CREATE, { product: { title } })) as { productCreate?: { product?: { id: string } } };
    const gid = answer.productCreate?.product?.id;
    if (!gid) throw new Error(`bench: productCreate made no product: ${JSON.stringify(answer).slice(0, 300)}`);
    const id = Number(gid.slice(gid.lastIndexOf('/') + 1));
    this.made.push(id);
    return id;
  }

  /** An image of the product from `bytes` (kept at once); answers its `src`, a path and query on the platform. */
  async attach(productId: number, bytes: Buffer): Promise<string> {
    const image = await this.createImage(productId, { attachment: bytes.toString('base64'), filename: 'bench.jpg' });
    const src = new URL(image.src!);
    return `${src.pathname}${src.search}`;
  }

  /** An image of the product from `src`: answered at once, downloaded by a job of the `media` queue. */
  async fromSource(productId: number, src: string): Promise<void> {
    await this.createImage(productId, { src });
  }

  /** The bytes the platform serves at `path` (a file, or a variant it makes when first asked). */
  served(path: string): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      http
        .get(`${this.url}${path}`, { agent: this.agent }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const body = Buffer.concat(chunks);
            if (res.statusCode === 200) resolve(body);
            else reject(new Error(`bench: GET ${path} answered ${res.statusCode} ${body.toString().slice(0, 300)}`));
          });
        })
        .on('error', reject);
    });
  }

  /** Deletes every product made, with its images and their files. */
  async deleteAll(): Promise<void> {
    try {
      for (const id of this.made.splice(0)) await this.graphql(PRODUCT_DELETE, { input: { id: `gid://platform/Product/${id}` } });
    } finally {
      this.agent.destroy();
    }
  }

  private async createImage(productId: number, image: Record<string, string>): Promise<{ id: number; src: string | null }> {
    const res = await fetch(`${this.url}${ADMIN_REST_PATH}/products/${productId}/images.json`, {
      method: 'POST',
      headers: { 'X-Platform-Access-Token': this.adminToken, 'content-type': 'application/json' },
      body: JSON.stringify({ image }),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`bench: an image create answered ${res.status} ${text.slice(0, 300)}`);
    return (JSON.parse(text) as { image: { id: number; src: string | null } }).image;
  }

  private async graphql(query: string, variables: Record<string, unknown>): Promise<unknown> {
    const res = await fetch(`${this.url}${ADMIN_GRAPHQL_PATH}`, {
      method: 'POST',
      headers: { 'X-Platform-Access-Token': this.adminToken, 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    const answer = (await res.json()) as { data?: unknown; errors?: unknown };
    if (res.status !== 200 || answer.errors) throw new Error(`bench: admin GraphQL answered ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
    return answer.data;
  }
}

/**
 * Scenario 7a's product: LISTED_IMAGES images of the bench JPEG, and the path of the first one's variant of
 * SERVED_WIDTH, made here once: the measured requests are served from storage.
 */
export async function createListedImages(products: BenchProducts): Promise<ListedImages> {
  const jpeg = await benchJpeg();
  const productId = await products.create('Bench listed images');
  const paths: string[] = [];
  // One after the other, in display order.
  for (let i = 0; i < LISTED_IMAGES; i++) paths.push(await products.attach(productId, jpeg));
  const servedPath = `${paths[0]}${paths[0]!.includes('?') ? '&' : '?'}width=${SERVED_WIDTH}`;
  await products.served(servedPath);
  return { productId, servedPath };
}
