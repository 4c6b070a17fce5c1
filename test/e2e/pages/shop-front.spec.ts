import { Decimal } from '@platform/money';
import { type Sent, adminQuery, send, storefrontQuery } from '../../support/http.js';
import { sqlDuring } from '../../support/sql.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';

// The shop front: the page a shop's own address (`/`) opens, which the checkout, the account pages and the e-mails
// link back to. It lists the storefront's first page of products (default order), escaped, with kept pictures.

const UPDATE = `mutation($product: ProductUpdateInput!) { productUpdate(product: $product) { product { id } userErrors { field message } } }`;
const LISTED = `{ products(first: 24) { nodes { id title priceRange { minVariantPrice { amount } maxVariantPrice { amount } } } pageInfo { hasNextPage } } }`;
const HOSTILE = '<script>alert("x")</script>';

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };
const unescape = (text: string) => text.replace(/&(lt|gt|quot|#39|amp);/g, (e) => ENTITIES[e]!);
const titlesOf = (page: Sent) => [...page.text.matchAll(/<h3>([^<]*)<\/h3>/g)].map((m) => unescape(m[1]!));
const picturesOf = (page: Sent) => [...page.text.matchAll(/<img src="([^"]+)"/g)].map((m) => unescape(m[1]!));

describe('shop front', () => {
  let t: TestApp;
  let shop: TestShop;
  let other: TestShop;
  let draftTitle: string;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await t.seedShop('front', { products: 40, seed: 21 });
    other = await t.seedShop('front-other', { products: 3, seed: 22 });
    const [first, second] = (await listed(shop)).nodes;
    // One product whose title is markup, one taken back to draft, and one of the other shop named apart.
    await update(shop, { id: first.id, title: HOSTILE });
    draftTitle = 'Unreleased draft lamp';
    await update(shop, { id: second.id, title: draftTitle, status: 'DRAFT' });
    await update(other, { id: (await listed(other)).nodes[0].id, title: 'Only at the other shop' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  async function listed(target: TestShop): Promise<any> {
    const res = await storefrontQuery(t.app, target.host, LISTED, { 'x-platform-storefront-access-token': target.tokens.storefrontAccessToken });
    expect(res.body.errors).toBeUndefined();
    return res.body.data.products;
  }
  async function update(target: TestShop, product: Record<string, unknown>): Promise<void> {
    const res = await adminQuery(t.app, target.host, target.tokens.adminAccessToken, UPDATE, { variables: { product } });
    expect(res.body.data.productUpdate.userErrors).toEqual([]);
  }
  const open = (url = '/', host = shop.host, method = 'GET') => send(t.app, { method, url, host });

  it("answers the shop's name and its storefront's first products, in order, with their prices, as a hosted page", async () => {
    const page = await open();
    expect(page.status).toBe(200);
    expect(page.headers).toMatchObject({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff' });
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.text).toContain(`<h1>${shop.shop.name}</h1>`);
    const products = await listed(shop);
    // The first page only: the shop has more listed products than the front shows.
    expect(products.pageInfo.hasNextPage).toBe(true);
    expect(titlesOf(page)).toEqual(products.nodes.map((n: any) => n.title));
    expect(titlesOf(page)).toHaveLength(24);
    const prices = [...page.text.matchAll(/<p class="price">([^<]*)/g)].map((m) => m[1]!.trim());
    expect(prices).toEqual(
      products.nodes.map((n: any) => {
        const [min, max] = [n.priceRange.minVariantPrice.amount, n.priceRange.maxVariantPrice.amount].map((a) => new Decimal(a).toFixed(2));
        return min === max ? `${min} USD` : `${min} – ${max} USD`;
      }),
    );
  });

  it('lists published products only, escapes their titles, and never shows another shop’s', async () => {
    const page = await open();
    expect(titlesOf(page)).toContain(HOSTILE);
    expect(page.text).toContain('<h3>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</h3>');
    expect(page.text).not.toContain('<script');
    expect(titlesOf(page)).not.toContain(draftTitle);
    expect(page.text).not.toContain('Only at the other shop');

    const foreign = await open('/', other.host);
    expect(foreign.status).toBe(200);
    expect(foreign.text).toContain(`<h1>${other.shop.name}</h1>`);
    expect(titlesOf(foreign)).toContain('Only at the other shop');
    expect(titlesOf(foreign)).not.toContain(HOSTILE);
  });

  it("shows each product's featured image as a small variant of the file this shop keeps, served from its host", async () => {
    const page = await open();
    const pictures = picturesOf(page);
    expect(pictures.length).toBeGreaterThan(0);
    for (const picture of pictures) {
      const url = new URL(picture);
      expect(url.host).toBe(shop.host);
      expect(url.pathname.startsWith(`/files/shops/${shop.shop.id}/public/`)).toBe(true);
      expect(url.searchParams.get('width')).toBe('96');
    }
    for (const picture of pictures.slice(0, 2)) {
      const url = new URL(picture);
      const served = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { host: shop.host } });
      expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/jpeg']);
    }
  });

  it('reads the page in two statements, however many products it shows', async () => {
    for (const target of [shop, other]) {
      await open('/', target.host);
      const { result, statements } = await sqlDuring(() => open('/', target.host));
      expect(result.status).toBe(200);
      expect(statements).toHaveLength(2);
    }
  });

  it('answers HEAD, ignores any query, and answers hostile requests with a page, never a 500', async () => {
    const head = await open('/', shop.host, 'HEAD');
    expect([head.status, head.headers['content-type'], head.text]).toEqual([200, 'text/html; charset=utf-8', '']);
    const plain = await open();
    for (const url of ['/?page=2&sort=PRICE', `/?${encodeURIComponent(HOSTILE)}=${encodeURIComponent(HOSTILE)}`, '/?%00', '/?%', `/?q=${'a'.repeat(4_000)}`, '/?a=1&a=2']) {
      const res = await open(url);
      expect({ url: url.slice(0, 40), status: res.status }).toEqual({ url: url.slice(0, 40), status: 200 });
      expect(titlesOf(res)).toEqual(titlesOf(plain));
      expect(res.text).not.toContain('<script');
    }
    // Only `/` is the front: another path names no page.
    for (const url of ['/index.html', '/products', '//', '/%2F']) expect({ url, status: (await open(url)).status }).toEqual({ url, status: 404 });
    // A form posted to the front is no route: a 404 page.
    const posted = await send(t.app, { method: 'POST', url: '/', host: shop.host, headers: { 'content-type': 'application/x-www-form-urlencoded' }, rawBody: 'a=1' });
    expect([posted.status, posted.headers['content-type']]).toEqual([404, 'text/html; charset=utf-8']);
  });

  it('answers a host that names no shop with the 404 page, and a frozen shop with its 402 page', async () => {
    for (const host of ['nowhere.myplatform.localhost', 'shop.example.com', `bad host${HOSTILE}`]) {
      const res = await open('/', host);
      expect({ host, status: res.status, type: res.headers['content-type'] }).toEqual({ host, status: 404, type: 'text/html; charset=utf-8' });
      expect(res.text).not.toContain('<script');
    }
    await t.setShopState('front-other', 'frozen');
    try {
      const frozen = await open('/', other.host);
      expect([frozen.status, frozen.text.includes('This shop is unavailable')]).toEqual([402, true]);
    } finally {
      await t.setShopState('front-other', 'active');
    }
  });
});
