import { Decimal } from '@platform/money';
import { DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD, SEED_REFERENCE_DATE, type ShopData, type ShopDataSizes, generateShopData, seedPhone } from './shop-data-generator.js';
import { DEMO_SEED_OPTIONS } from './seed-shop.js';

const DEMO: ShopDataSizes = { products: DEMO_SEED_OPTIONS.products, customers: DEMO_SEED_OPTIONS.customers, orders: DEMO_SEED_OPTIONS.orders };
const MONEY = /^\d+\.\d{2}$/;

function all(data: ShopData, chunkSize?: number) {
  return {
    products: [...data.products(chunkSize)].flat(),
    customers: [...data.customers(chunkSize)].flat(),
    orders: [...data.orders(chunkSize)].flat(),
  };
}

describe('generateShopData', () => {
  const demo = all(generateShopData(1, DEMO));

  it('gives the same data for the same seed, whatever the chunk size', () => {
    expect(all(generateShopData(1, DEMO))).toEqual(demo);
    expect(all(generateShopData(1, DEMO), 7)).toEqual(demo);
  });

  it('gives different data for another seed', () => {
    const other = all(generateShopData(2, DEMO));
    expect(other.products.map((p) => p.title)).not.toEqual(demo.products.map((p) => p.title));
    expect(other.customers.map((c) => c.email)).not.toEqual(demo.customers.map((c) => c.email));
    expect(other.orders.map((o) => o.totalPrice)).not.toEqual(demo.orders.map((o) => o.totalPrice));
  });

  it('makes the requested numbers of records in chunks', () => {
    const data = generateShopData(1, DEMO);
    expect([...data.products(25)].map((c) => c.length)).toEqual([25, 25, 10]);
    expect(demo.products).toHaveLength(60);
    expect(demo.customers).toHaveLength(60);
    expect(demo.orders).toHaveLength(40);
    expect(data.collections.map((c) => c.handle)).toEqual(['frontpage', 'sale', 'apparel', 'home-living', 'accessories']);
  });

  it('streams: a huge catalog yields its first chunk without generating the rest', () => {
    const started = performance.now();
    const first = generateShopData(1, { products: 10_000_000, customers: 0, orders: 0 }).products(500).next();
    expect(first.value).toHaveLength(500);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('gives products 1-3 options and 2-5 variants that cover exactly the option values', () => {
    for (const p of demo.products) {
      expect(p.options.length).toBeGreaterThanOrEqual(1);
      expect(p.options.length).toBeLessThanOrEqual(3);
      expect(p.variants.length).toBeGreaterThanOrEqual(2);
      expect(p.variants.length).toBeLessThanOrEqual(5);
      const combos = p.variants.map((v) => v.options.join('|'));
      expect(new Set(combos).size).toBe(combos.length);
      p.options.forEach((option, o) => {
        const used = new Set(p.variants.map((v) => v.options[o]));
        expect([...used].sort()).toEqual([...option.values].sort());
      });
    }
  });

  it('writes money as exact decimal strings with two places; compare-at prices are higher', () => {
    for (const v of demo.products.flatMap((p) => p.variants)) {
      expect(v.price).toMatch(MONEY);
      if (v.compareAtPrice != null) {
        expect(v.compareAtPrice).toMatch(MONEY);
        expect(new Decimal(v.compareAtPrice).greaterThan(v.price)).toBe(true);
      }
    }
    for (const o of demo.orders) {
      for (const amount of [o.subtotalPrice, o.totalTax, o.totalPrice, ...o.lineItems.map((l) => l.price)]) expect(amount).toMatch(MONEY);
    }
    expect(demo.products.some((p) => p.variants.some((v) => v.compareAtPrice))).toBe(true);
  });

  it('gives unique handles and SKUs, 1-3 images, tags, vendors and product types', () => {
    expect(new Set(demo.products.map((p) => p.handle)).size).toBe(60);
    const skus = demo.products.flatMap((p) => p.variants.map((v) => v.sku));
    expect(new Set(skus).size).toBe(skus.length);
    for (const p of demo.products) {
      expect(p.handle).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(p.images!.length).toBeGreaterThanOrEqual(1);
      expect(p.images!.length).toBeLessThanOrEqual(3);
      // Pictures the seed draws: one look per colour and view, no network.
      expect(p.images[0]).toEqual({ look: { color: expect.any(String), view: 1 }, alt: p.title, width: 800, height: 800 });
      expect(p.tags!.length).toBeGreaterThan(0);
      expect(p.vendor).toBeTruthy();
      expect(p.productType).toBeTruthy();
    }
    expect(new Set(demo.products.map((p) => p.vendor)).size).toBeGreaterThan(1);
    expect(new Set(demo.products.map((p) => p.status))).toContain('active');
  });

  it('puts products in every collection', () => {
    for (const handle of ['frontpage', 'sale', 'apparel', 'home-living', 'accessories']) {
      expect(demo.products.filter((p) => p.collections.includes(handle)).length).toBeGreaterThan(0);
    }
    expect(demo.products.filter((p) => p.collections.includes('frontpage'))).toHaveLength(12);
  });

  it('makes enabled customers with the demo password, and invited and disabled ones, with addresses', () => {
    expect(demo.customers[0]).toMatchObject({ email: DEMO_CUSTOMER_EMAIL, state: 'enabled', password: DEMO_CUSTOMER_PASSWORD });
    const states = new Set(demo.customers.map((c) => c.state));
    expect(states).toEqual(new Set(['enabled', 'invited', 'disabled', 'declined']));
    expect(new Set(demo.customers.map((c) => c.email)).size).toBe(60);
    for (const c of demo.customers) {
      expect(c.password).toBe(c.state === 'enabled' ? DEMO_CUSTOMER_PASSWORD : null);
      expect(c.addresses!.length).toBeGreaterThanOrEqual(1);
      expect(c.addresses!.length).toBeLessThanOrEqual(15);
      expect(['US', 'CA', 'FR']).toContain(c.addresses![0].countryCode);
    }
    expect(demo.customers.some((c) => c.tags!.length > 0)).toBe(true);
    expect(demo.customers.some((c) => c.note)).toBe(true);
    // Some have more addresses than REST's ten.
    expect(demo.customers.filter((c) => c.addresses!.length >= 12).length).toBeGreaterThanOrEqual(3);
  });

  it('gives customers unique E.164 phones, SMS consent only with a phone, and a few tax exemptions', () => {
    const phones = demo.customers.flatMap((c) => (c.phone ? [c.phone] : []));
    expect(phones.length).toBeGreaterThan(20);
    expect(new Set(phones).size).toBe(phones.length);
    for (const phone of phones) expect(phone).toMatch(/^\+[1-9]\d{6,14}$/);
    // Unique however large the shop: the number comes from the customer's position.
    const many = Array.from({ length: 100_000 }, (_, i) => seedPhone(798, i));
    expect(new Set(many).size).toBe(many.length);
    expect(seedPhone(2, 5)).not.toBe(seedPhone(1, 5));
    for (const c of demo.customers) {
      if (!c.phone) expect(c.smsMarketingConsent).toBeNull();
      for (const a of c.addresses!) expect(a.phone).toBe(c.phone);
    }
    const smsStates = new Set(demo.customers.flatMap((c) => (c.smsMarketingConsent ? [c.smsMarketingConsent.state] : [])));
    expect(smsStates).toEqual(new Set(['subscribed', 'not_subscribed', 'unsubscribed']));
    expect(new Set(demo.customers.map((c) => c.emailMarketingConsent!.state))).toEqual(new Set(['subscribed', 'not_subscribed', 'unsubscribed']));
    const exempt = demo.customers.filter((c) => c.taxExempt);
    expect(exempt.length).toBeGreaterThan(0);
    for (const c of demo.customers) expect(c.taxExemptions!.length).toBe(c.taxExempt ? 1 : 0);
  });

  it("adds up orders: subtotal is the sum of the lines, total is subtotal plus tax", () => {
    for (const o of demo.orders) {
      const subtotal = o.lineItems.reduce((sum, l) => sum.plus(new Decimal(l.price).times(l.quantity)), new Decimal(0));
      expect(o.subtotalPrice).toBe(subtotal.toFixed(2));
      expect(o.totalPrice).toBe(subtotal.plus(o.totalTax).toFixed(2));
      expect(o.lineItems.length).toBeGreaterThan(0);
    }
  });

  it('gives the demo orders every status, with the refunds and fulfillments that make them true', () => {
    const statuses = (pick: (o: (typeof demo.orders)[number]) => unknown) => new Set(demo.orders.map(pick));
    expect(statuses((o) => o.financialStatus)).toEqual(new Set(['paid', 'partially_paid', 'partially_refunded', 'refunded', 'pending', 'authorized', 'voided']));
    expect(statuses((o) => o.fulfillmentStatus)).toEqual(new Set(['fulfilled', 'partial', 'unfulfilled', 'restocked']));
    expect(statuses((o) => (o.cancelledAt ? 'cancelled' : o.closedAt ? 'closed' : 'open'))).toEqual(new Set(['open', 'closed', 'cancelled']));
    for (const o of demo.orders) {
      expect({ name: o.name, refunds: (o.refunds ?? []).length > 0 }).toEqual({ name: o.name, refunds: o.financialStatus === 'refunded' || o.financialStatus === 'partially_refunded' });
      // A restocked order was cancelled before anything shipped: its refund restocked every unit.
      expect({ name: o.name, fulfilled: (o.fulfillments ?? []).length > 0 }).toEqual({ name: o.name, fulfilled: o.fulfillmentStatus === 'fulfilled' || o.fulfillmentStatus === 'partial' });
      if (o.fulfillmentStatus === 'restocked') expect(o.refunds?.[0]?.restock).toBe(true);
      expect({ name: o.name, reason: Boolean(o.cancelReason) }).toEqual({ name: o.name, reason: Boolean(o.cancelledAt) });
    }
  });

  it('numbers orders in time order and references generated variants and customers', () => {
    const variants = new Map(demo.products.flatMap((p) => p.variants.map((v) => [v.sku, { product: p, variant: v }] as const)));
    const emails = new Set(demo.customers.map((c) => c.email));
    demo.orders.forEach((o, i) => {
      expect(o.name).toBe(`#${1001 + i}`);
      if (i > 0) expect(o.processedAt.getTime()).toBeGreaterThan(demo.orders[i - 1].processedAt.getTime());
      if (o.customerEmail) expect(emails.has(o.customerEmail)).toBe(true);
      for (const line of o.lineItems) {
        const found = variants.get(line.sku)!;
        expect(found).toBeDefined();
        expect(line.price).toBe(found.variant.price);
        expect(line.title).toBe(found.product.title);
      }
    });
    expect(demo.orders.some((o) => o.closedAt && !o.cancelledAt)).toBe(true);
    expect(demo.orders.some((o) => !o.closedAt)).toBe(true);
    expect(demo.orders.some((o) => o.customerEmail)).toBe(true);
    // Customers have open, closed and cancelled orders.
    const theirs = demo.orders.filter((o) => o.customerEmail);
    expect(theirs.some((o) => o.cancelledAt)).toBe(true);
    expect(theirs.some((o) => o.closedAt && !o.cancelledAt)).toBe(true);
    expect(theirs.some((o) => !o.closedAt)).toBe(true);
  });

  it('refuses negative sizes and makes no orders without products', () => {
    expect(() => generateShopData(1, { products: -1, customers: 0, orders: 0 })).toThrow(RangeError);
    expect([...generateShopData(1, { products: 0, customers: 3, orders: 5 }).orders()].flat()).toEqual([]);
  });

  it('translates every product title and description into French, from the same words', () => {
    for (const p of demo.products) {
      const fr = Object.fromEntries(p.translations.map((t) => [t.key, t]));
      expect(Object.keys(fr).sort()).toEqual(['body_html', 'title']);
      expect(p.translations.every((t) => t.locale === 'fr')).toBe(true);
      expect(fr.title.value).not.toBe(p.title);
      expect(fr.title.value).toMatch(/ en [a-zéèêûçô' -]+$/);
      // Same features, in the same order, as the English description.
      expect(fr.body_html.value.match(/<li>/g)).toHaveLength(p.descriptionHtml!.match(/<li>/g)!.length);
    }
    const generated = generateShopData(1, DEMO);
    expect(generated.collections.every((c) => c.translations.some((t) => t.key === 'title'))).toBe(true);
  });

  it('gives products valid metafields and offers the subscription on socks and candles only', () => {
    for (const p of demo.products) {
      expect(p.metafields.map((m) => `${m.namespace}.${m.key}`)).toEqual(['custom.material', 'custom.care_guide', 'custom.designer']);
      expect(p.sellingPlanGroups.length > 0).toBe(['Socks', 'Candles'].includes(p.productType!));
    }
    expect(demo.products.some((p) => p.sellingPlanGroups.length > 0)).toBe(true);
  });

  it('generates the online store content: 3 pages, a news blog with 3 articles, a nested main menu, designers', () => {
    const { content } = generateShopData(1, DEMO);
    expect(content.pages.map((p) => p.handle)).toEqual(['about', 'shipping', 'contact']);
    expect(content.blogs.map((b) => [b.handle, b.articles.length])).toEqual([['news', 3]]);
    expect(content.blogs[0].articles.every((a) => a.publishedAt! < SEED_REFERENCE_DATE && a.authorName)).toBe(true);
    // Each article's cover is a wide picture the seed draws: a look of its own, no URL.
    expect(content.blogs[0].articles.map((a) => a.image)).toEqual(
      content.blogs[0].articles.map((a, i) => ({ look: { color: expect.any(String), view: i + 1, cover: true }, alt: a.title, width: 1200, height: 800 })),
    );
    expect(content.menus[0].handle).toBe('main-menu');
    expect(content.menus[0].items.some((i) => i.items.length > 0)).toBe(true);
    expect(content.metaobjects.map((m) => m.handle)).toHaveLength(3);
    expect(content.sellingPlanGroups[0].sellingPlans.map((p) => p.deliveryPolicy!.intervalCount)).toEqual([1, 2, 4]);
    // Authors and dates come from the seed.
    expect(generateShopData(2, DEMO).content.blogs[0].articles.map((a) => a.authorName)).not.toEqual(content.blogs[0].articles.map((a) => a.authorName));
    expect(generateShopData(1, DEMO).content).toEqual(content);
  });

  // The seed's metafields and market prices are checked where they are written and shown (the seed integration
  // test writes them through their services; the @inContext e2e test shows CA prices ending in .99, FR to the cent).
  it('sets the demo markets: US primary in the shop currency, CA rounding up to .99, FR to the cent', () => {
    const [us, ca, fr] = generateShopData(1, DEMO).markets;
    expect([us.primary, ca.primary, fr.primary]).toEqual([true, false, false]);
    expect([us.exchangeRate ?? '1', ca.exchangeRate, ca.rounding, fr.exchangeRate, fr.rounding ?? null]).toEqual(['1', '1.35', '0.99', '0.92', null]);
  });
});
