import { Decimal } from '@platform/money';
import type { NewCollection, NewProduct, NewSellingPlanGroup } from '@platform/catalog';
import type { NewArticle, NewMenu, NewMetaobject, NewPage } from '@platform/content';
import type { NewMarket, NewTranslation } from '@platform/localization';
import type { NewMetafield } from '@platform/metafields';
import { type CustomerOrderStats, type NewCustomer, verifyPassword } from '@platform/customers';
import type { NewOrder } from '@platform/orders';
import type { RequestContext } from '@platform/request';
import { DEMO_CUSTOMER_PASSWORD } from './shop-data-generator.js';
import { type SeedProgress, type SeedServices, seedShop } from './seed-shop.js';

// The seed reads only the shop of its context.
const SHOP = { shop: { id: 7 } } as RequestContext;

// In-memory stand-ins for the services: they hand out ids and remember what they were given.
function fakeServices() {
  let nextId = 1;
  const state = {
    collections: [] as (NewCollection & { id: number })[],
    products: [] as (NewProduct & { id: number; variantIds: number[] })[],
    customers: [] as (NewCustomer & { id: number })[],
    orders: [] as NewOrder[],
    stats: new Map<number, { ordersCount: number; amountSpent: Decimal; lastOrder?: CustomerOrderStats['lastOrder'] }>(),
    orderIds: new Map<string, number>(),
    calls: { importProducts: 0 },
    markets: [] as NewMarket[],
    pages: [] as (NewPage & { id: number })[],
    blogs: [] as { id: number; handle: string }[],
    articles: [] as (NewArticle & { id: number })[],
    menus: [] as (NewMenu & { id: number; itemIds: number[] })[],
    metaobjects: [] as (NewMetaobject & { id: number })[],
    metafields: [] as NewMetafield[],
    groups: [] as NewSellingPlanGroup[],
    translations: [] as NewTranslation[],
  };
  const countItems = (items: NewMenu['items']): number => items.reduce((n, i) => n + 1 + countItems(i.items ?? []), 0);
  const services: SeedServices = {
    media: {
      storeImage: async (_ctx, bytes) => ({ image: { key: `shops/1/public/media/${nextId++}.jpg`, format: 'jpeg', mimeType: 'image/jpeg', width: 800, height: 800, bytes: bytes.length }, problems: [] }),
    },
    catalogImport: {
      importCollections: async (_ctx, collections) =>
        collections.map((c) => {
          const row = { ...c, id: nextId++ };
          state.collections.push(row);
          return { id: row.id, handle: c.handle };
        }),
      importProducts: async (_ctx, products) => {
        state.calls.importProducts += 1;
        return products.map((p) => {
          const row = { ...p, id: nextId++, variantIds: p.variants.map(() => nextId++) };
          state.products.push(row);
          return { id: row.id, handle: p.handle, variants: p.variants.map((v, i) => ({ id: row.variantIds[i], sku: v.sku ?? null })) };
        });
      },
    },
    catalog: {
      findVariantsBySku: async (_ctx, skus) =>
        state.products.flatMap((p) => p.variants.flatMap((v, i) => (skus.includes(v.sku!) ? [{ id: p.variantIds[i], productId: p.id, sku: v.sku! }] : []))),
      ensureLocation: async (_ctx, location) => ({
        id: nextId++, name: location.name, address1: null, city: null, provinceCode: null, countryCode: null, zip: null, isActive: true, createdAt: new Date(0), updatedAt: new Date(0),
      }),
    },
    customers: {
      importCustomers: async (_shopId, customers) =>
        customers.map((c) => {
          const row = { ...c, id: nextId++ };
          state.customers.push(row);
          return { id: row.id, email: c.email ?? null, addressIds: (c.addresses ?? []).map(() => nextId++) };
        }),
      findByEmails: async (_shopId, emails) => state.customers.filter((c) => emails.includes(c.email!)).map((c) => ({ id: c.id, email: c.email! })),
      addOrderStats: async (_shopId, stats) => {
        for (const s of stats) {
          const entry = state.stats.get(s.customerId) ?? { ordersCount: 0, amountSpent: new Decimal(0) };
          // As the service does: the newer last order wins.
          const lastOrder = !entry.lastOrder || (s.lastOrder && s.lastOrder.processedAt >= entry.lastOrder.processedAt) ? s.lastOrder : entry.lastOrder;
          state.stats.set(s.customerId, { ordersCount: entry.ordersCount + s.ordersCount, amountSpent: entry.amountSpent.plus(s.amountSpent), lastOrder });
        }
      },
    },
    orders: {
      importOrders: async (_shopId, orders) => {
        state.orders.push(...orders);
        return orders.map((o) => {
          state.orderIds.set(o.name, nextId);
          return { id: nextId++, name: o.name, lineItemIds: o.lineItems.map(() => nextId++) };
        });
      },
    },
    markets: {
      importMarkets: async (_shopId, markets) => {
        state.markets.push(...markets);
        return markets.map((m) => ({ id: nextId++, handle: m.handle }));
      },
    },
    content: {
      importPages: async (_shopId, pages) => pages.map((p) => (state.pages.push({ ...p, id: nextId++ }), { id: nextId - 1, handle: p.handle })),
      importBlogs: async (_shopId, blogs) => blogs.map((b) => (state.blogs.push({ id: nextId++, handle: b.handle }), { id: nextId - 1, handle: b.handle })),
      importArticles: async (_shopId, articles) =>
        articles.map((a) => (state.articles.push({ ...a, id: nextId++ }), { id: nextId - 1, blogId: a.blogId, handle: a.handle })),
      importMenus: async (_shopId, menus) =>
        menus.map((m) => {
          const row = { ...m, id: nextId++, itemIds: Array.from({ length: countItems(m.items) }, () => nextId++) };
          state.menus.push(row);
          return { id: row.id, handle: m.handle, itemIds: row.itemIds };
        }),
    },
    metaobjects: {
      importMetaobjectDefinitions: async (_shopId, definitions) => definitions.map((d) => ({ id: nextId++, type: d.type })),
      importMetaobjects: async (_shopId, metaobjects) =>
        metaobjects.map((m) => (state.metaobjects.push({ ...m, id: nextId++ }), { id: nextId - 1, type: m.type, handle: m.handle })),
    },
    metafields: {
      importMetafields: async (_shopId, metafields) => (state.metafields.push(...metafields), metafields.map(() => nextId++)),
    },
    sellingPlans: {
      importSellingPlanGroups: async (_shopId, groups) => (state.groups.push(...groups), groups.map((g) => ({ id: nextId++, sellingPlanIds: g.sellingPlans.map(() => nextId++) }))),
    },
    translations: {
      importTranslations: async (_shopId, translations) => (state.translations.push(...translations), translations.map(() => nextId++)),
    },
    risks: { importRisks: async (_ctx, risks) => risks.map(() => nextId++) },
    apps: { installApp: async () => ({ appId: nextId++, adminAccessToken: '', storefrontAccessToken: '', storefrontPrivateToken: '' }) },
    companies: { importCompanies: async (_ctx, companies) => companies.map(() => ({ id: nextId++, locationIds: [], catalogIds: [], contactIds: [] })) },
    ledger: { adjust: async () => nextId++ },
    payouts: { run: async () => ({ created: [], paid: [] }) },
    discountCodes: { importDiscountCodes: async (_ctx, codes) => codes.map(() => nextId++) },
  };
  return { services, state };
}

describe('seedShop', () => {
  it('writes collections, products, customers and orders in chunks and returns the counts', async () => {
    const { services, state } = fakeServices();
    const progress: SeedProgress[] = [];
    const counts = await seedShop(services, SHOP, { seed: 1, products: 25, customers: 12, orders: 9, chunkSize: 10 }, (p) => progress.push(p));

    expect(counts).toMatchObject({ collections: 5, products: 25, customers: 12, orders: 9 });
    expect(counts.variants).toBe(state.products.reduce((n, p) => n + p.variants.length, 0));
    expect(counts.lineItems).toBe(state.orders.reduce((n, o) => n + o.lineItems.length, 0));
    expect(state.calls.importProducts).toBe(3);
    expect(progress.filter((p) => p.step === 'products').map((p) => p.done)).toEqual([0, 10, 20, 25]);
    expect(progress.at(-1)).toEqual({ step: 'orders', done: 9, total: 9 });
    expect([...new Set(progress.map((p) => p.step))]).toEqual(['markets', 'collections', 'content', 'products', 'selling-plans', 'customers', 'orders']);

    // Products join collections by id; orders point at real variant, product and customer ids.
    const collectionIds = new Set(state.collections.map((c) => c.id));
    expect(state.products.every((p) => p.collectionIds!.length > 0 && p.collectionIds!.every((id) => collectionIds.has(id)))).toBe(true);
    const variantIds = new Set(state.products.flatMap((p) => p.variantIds));
    for (const order of state.orders) {
      for (const line of order.lineItems) expect(variantIds.has(line.variantId!)).toBe(true);
      if (order.customerId != null) expect(state.customers.some((c) => c.id === order.customerId)).toBe(true);
    }
    expect(state.orders.some((o) => o.customerId != null)).toBe(true);
  });

  it('hashes the demo password once for all enabled customers', async () => {
    const { services, state } = fakeServices();
    await seedShop(services, SHOP, { products: 1, customers: 12, orders: 0 });
    const hashes = new Set(state.customers.filter((c) => c.state === 'enabled').map((c) => c.passwordHash));
    expect(hashes.size).toBe(1);
    expect(await verifyPassword(DEMO_CUSTOMER_PASSWORD, [...hashes][0]!)).toBe(true);
    expect(state.customers.filter((c) => c.state !== 'enabled').every((c) => c.passwordHash === null)).toBe(true);
  });

  it("adds each customer's orders to their totals (cancelled orders count, but not as spent)", async () => {
    const { services, state } = fakeServices();
    await seedShop(services, SHOP, { seed: 3, products: 10, customers: 10, orders: 30, chunkSize: 8 });
    for (const [customerId, stats] of state.stats) {
      const theirs = state.orders.filter((o) => o.customerId === customerId);
      expect(stats.ordersCount).toBe(theirs.length);
      const spent = theirs.filter((o) => !o.cancelledAt).reduce((sum, o) => sum.plus(o.totalPrice), new Decimal(0));
      expect(stats.amountSpent.toFixed(2)).toBe(spent.toFixed(2));
    }
  });

  it("gives each customer their newest order as the last one, across chunks, with its currency and whether it is paid", async () => {
    const { services, state } = fakeServices();
    await seedShop(services, SHOP, { seed: 3, products: 10, customers: 10, orders: 30, chunkSize: 4 });
    expect(state.stats.size).toBeGreaterThan(1);
    for (const [customerId, stats] of state.stats) {
      const newest = state.orders.filter((o) => o.customerId === customerId).sort((x, y) => y.processedAt.getTime() - x.processedAt.getTime())[0]!;
      expect(stats.lastOrder).toEqual({
        id: state.orderIds.get(newest.name),
        name: newest.name,
        processedAt: newest.processedAt,
        currency: newest.currency,
        paid: newest.financialStatus === 'paid' || newest.financialStatus === 'partially_refunded',
      });
    }
  });

  it('writes markets, content, metafields, the selling plan group and French translations, with ids resolved', async () => {
    const { services, state } = fakeServices();
    const counts = await seedShop(services, SHOP, { seed: 1, products: 30, customers: 0, orders: 0, chunkSize: 8 });
    expect(counts).toMatchObject({ markets: 3, pages: 3, blogs: 1, articles: 3, menus: 1, metaobjectDefinitions: 1, metaobjects: 3, sellingPlanGroups: 1, sellingPlans: 3 });
    expect(state.markets.map((m) => [m.handle, m.currency, m.primary, m.exchangeRate, m.rounding])).toEqual([
      ['us', 'USD', true, '1', null],
      ['ca', 'CAD', false, '1.35', '0.99'],
      ['fr', 'EUR', false, '0.92', null],
    ]);

    // Every product has a French title and description; collections, pages, the blog, articles and menu items too.
    const translated = (type: string) => new Set(state.translations.filter((t) => t.resourceType === type).map((t) => t.resourceId));
    expect(translated('PRODUCT')).toEqual(new Set(state.products.map((p) => p.id)));
    expect(state.translations.filter((t) => t.resourceType === 'PRODUCT')).toHaveLength(60);
    expect(translated('COLLECTION')).toEqual(new Set(state.collections.map((c) => c.id)));
    expect(translated('PAGE')).toEqual(new Set(state.pages.map((p) => p.id)));
    expect(translated('ARTICLE')).toEqual(new Set(state.articles.map((a) => a.id)));
    expect(translated('MENU_ITEM')).toEqual(new Set(state.menus[0].itemIds));
    expect(state.translations.every((t) => t.locale === 'fr' && t.value.trim() !== '')).toBe(true);
    expect(counts.translations).toBe(state.translations.length);

    // The menu links real collection, page and blog ids; nested once under Shop.
    const menu = state.menus[0];
    expect(menu.handle).toBe('main-menu');
    const shop = menu.items.find((i) => i.type === 'CATALOG')!;
    expect(shop.items!.map((i) => i.resourceId)).toEqual(['apparel', 'home-living', 'accessories', 'sale'].map((h) => state.collections.find((c) => c.handle === h)!.id));
    expect(menu.items.find((i) => i.type === 'PAGE')!.resourceId).toBe(state.pages.find((p) => p.handle === 'about')!.id);
    expect(menu.items.find((i) => i.type === 'BLOG')!.resourceId).toBe(state.blogs[0].id);
    expect(state.articles.every((a) => a.blogId === state.blogs[0].id)).toBe(true);
    // Articles' covers are files the seed drew and kept (a look each), never an external URL.
    expect(state.articles.map((a) => a.image)).toEqual(
      state.articles.map((a) => ({ fileKey: expect.stringMatching(/^shops\/1\/public\/media\/\d+\.jpg$/), altText: a.title, width: 1200, height: 800 })),
    );
    expect(new Set(state.articles.map((a) => (a.image as { fileKey: string }).fileKey)).size).toBe(3);

    // Product metafields (three each), the designer as a metaobject reference; shop metafields on the shop.
    const productMetafields = state.metafields.filter((m) => m.ownerType === 'PRODUCT');
    expect(productMetafields).toHaveLength(90);
    const designerIds = new Set(state.metaobjects.map((m) => `gid://platform/Metaobject/${m.id}`));
    expect(productMetafields.filter((m) => m.key === 'designer').every((m) => designerIds.has(m.value))).toBe(true);
    expect(state.metafields.filter((m) => m.ownerType === 'SHOP').every((m) => m.ownerId === 7)).toBe(true);
    expect(counts.metafields).toBe(state.metafields.length);

    // The subscription is offered on the socks and candles of the catalog.
    const subscribed = new Set(state.groups[0].productIds);
    expect(subscribed.size).toBeGreaterThan(0);
    for (const p of state.products) expect(subscribed.has(p.id)).toBe(['Socks', 'Candles'].includes(p.productType!));
  });

  it('makes the market of the shop currency primary, with cross rates for the others', async () => {
    const { services, state } = fakeServices();
    await seedShop(services, SHOP, { products: 0, customers: 0, orders: 0, currency: 'CAD' });
    expect(state.markets.map((m) => [m.handle, m.primary, m.exchangeRate, m.rounding])).toEqual([
      ['us', false, '0.740741', null],
      ['ca', true, '1', null],
      ['fr', false, '0.681481', null],
    ]);
    const other = fakeServices();
    await seedShop(other.services, SHOP, { products: 0, customers: 0, orders: 0, currency: 'GBP' });
    expect(other.state.markets).toEqual([expect.objectContaining({ handle: 'worldwide', primary: true, currency: 'GBP', countries: ['US', 'CA', 'FR'] })]);
  });
});
