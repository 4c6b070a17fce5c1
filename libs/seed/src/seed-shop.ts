import { Decimal } from '@platform/money';
import type { CatalogImportService, CatalogService, SellingPlansService } from '@platform/catalog';
import type { MediaService } from '@platform/media';
import type { DiscountCodesService } from '@platform/cart';
import type { CompaniesService } from '@platform/companies';
import type { ContentService, MetaobjectsService, NewMenuItem } from '@platform/content';
import { type CustomerOrderStats, type CustomersService, hashPassword } from '@platform/customers';
import type { MarketsService, NewTranslation, TranslatableResourceType, TranslationsService } from '@platform/localization';
import type { MetafieldOwnerType, MetafieldsService, NewMetafield } from '@platform/metafields';
import type { NewOrder, OrdersService } from '@platform/orders';
import type { AuthService } from '@platform/auth';
import type { OrderRisksService } from '@platform/risk';
import type { RequestContext } from '@platform/request';
import { RISK_APP_NAMES, seedRisks } from './seed-risks.js';
import { type SeedLedgerServices, seedLedger } from './seed-ledger.js';
import { type SeedBuyer, type SeedPricedVariant, seedCompanies } from './seed-companies.js';
import { seedDiscountCodes } from './seed-discounts.js';
import { SeedPictures } from './seed-pictures.js';
import { DEFAULT_CHUNK_SIZE, type SeedMenuItem, type SeedMetafield, type SeedOrder, type SeedTranslation, generateShopData } from './shop-data-generator.js';

/** What the seed writes through: each context's public service (a narrow view, so tests can fake it). */
export interface SeedServices {
  catalog: Pick<CatalogService, 'findVariantsBySku' | 'ensureLocation'>;
  /** Products and collections go in by the admin writes' own path: their rules, in bulk. */
  catalogImport: Pick<CatalogImportService, 'importCollections' | 'importProducts'>;
  /** The pictures the seed draws are kept as the shop's image files. */
  media: Pick<MediaService, 'storeImage'>;
  customers: Pick<CustomersService, 'importCustomers' | 'findByEmails' | 'addOrderStats'>;
  orders: Pick<OrdersService, 'importOrders'>;
  content: Pick<ContentService, 'importPages' | 'importBlogs' | 'importArticles' | 'importMenus'>;
  metafields: Pick<MetafieldsService, 'importMetafields'>;
  metaobjects: Pick<MetaobjectsService, 'importMetaobjectDefinitions' | 'importMetaobjects'>;
  sellingPlans: Pick<SellingPlansService, 'importSellingPlanGroups'>;
  translations: Pick<TranslationsService, 'importTranslations'>;
  markets: Pick<MarketsService, 'importMarkets'>;
  risks: Pick<OrderRisksService, 'importRisks'>;
  /** Installs the apps whose order risks the seed writes. */
  apps: Pick<AuthService, 'installApp'>;
  companies: Pick<CompaniesService, 'importCompanies'>;
  /** The payments ledger: an adjustment and payouts beside what the orders' events booked. */
  ledger: SeedLedgerServices['ledger'];
  payouts: SeedLedgerServices['payouts'];
  discountCodes: Pick<DiscountCodesService, 'importDiscountCodes'>;
}

export interface SeedOptions {
  seed?: number;
  products?: number;
  customers?: number;
  orders?: number;
  /** Currency of prices and orders; the shop's currency. */
  currency?: string;
  /** Records per transaction. */
  chunkSize?: number;
}

/** The demo shop's contents (ARCHITECTURE.md): `platform seed` without flags. */
export const DEMO_SEED_OPTIONS = Object.freeze({ seed: 1, products: 60, customers: 60, orders: 40 });

export type SeedStep = 'markets' | 'collections' | 'content' | 'products' | 'selling-plans' | 'customers' | 'orders';

export interface SeedProgress {
  step: SeedStep;
  /** Records of this step written so far, of `total`. */
  done: number;
  total: number;
}

export type SeedProgressListener = (progress: SeedProgress) => void;

export interface SeedCounts {
  markets: number;
  collections: number;
  pages: number;
  blogs: number;
  articles: number;
  menus: number;
  menuItems: number;
  metaobjectDefinitions: number;
  metaobjects: number;
  metafields: number;
  sellingPlanGroups: number;
  sellingPlans: number;
  translations: number;
  products: number;
  variants: number;
  images: number;
  customers: number;
  addresses: number;
  orders: number;
  lineItems: number;
  risks: number;
  companies: number;
  discountCodes: number;
}

/**
 * Writes a generated shop through the context services, one chunk per transaction: markets, collections,
 * the online store's content (pages, blog, metaobjects, shop metafields, main menu), products (joining their
 * collections, with their metafields and French translations), the selling plan group on its products,
 * customers, then orders (with customers' order totals). Seed a shop once: handles, emails and order names
 * are unique per shop.
 */
export async function seedShop(services: SeedServices, ctx: RequestContext, options: SeedOptions = {}, onProgress?: SeedProgressListener): Promise<SeedCounts> {
  const sizes = {
    products: options.products ?? DEMO_SEED_OPTIONS.products,
    customers: options.customers ?? DEMO_SEED_OPTIONS.customers,
    orders: options.orders ?? DEMO_SEED_OPTIONS.orders,
  };
  const data = generateShopData(options.seed ?? DEMO_SEED_OPTIONS.seed, sizes, { currency: options.currency });
  const chunkSize = options.chunkSize ?? DEFAULT_CHUNK_SIZE;
  const counts: SeedCounts = {
    markets: 0,
    collections: 0,
    pages: 0,
    blogs: 0,
    articles: 0,
    menus: 0,
    menuItems: 0,
    metaobjectDefinitions: 0,
    metaobjects: 0,
    metafields: 0,
    sellingPlanGroups: 0,
    sellingPlans: 0,
    translations: 0,
    products: 0,
    variants: 0,
    images: 0,
    customers: 0,
    addresses: 0,
    orders: 0,
    lineItems: 0,
    risks: 0,
    companies: 0,
    discountCodes: 0,
  };
  const report = (step: SeedStep, done: number, total: number) => onProgress?.({ step, done, total });
  const translate = async (resourceType: TranslatableResourceType, items: { id: number; translations: SeedTranslation[] }[]) => {
    const rows: NewTranslation[] = items.flatMap((item) => item.translations.map((t) => ({ resourceType, resourceId: item.id, ...t })));
    counts.translations += (await services.translations.importTranslations(ctx, rows)).length;
  };

  report('markets', 0, data.markets.length);
  counts.markets = (await services.markets.importMarkets(ctx, [...data.markets])).length;
  report('markets', counts.markets, data.markets.length);

  report('collections', 0, data.collections.length);
  const collections = await services.catalogImport.importCollections(
    ctx,
    data.collections.map(({ translations: _translations, ...collection }) => collection),
  );
  const collectionIds = new Map(collections.map((c) => [c.handle, c.id]));
  counts.collections = collections.length;
  await translate('COLLECTION', data.collections.map((c) => ({ id: collectionIds.get(c.handle)!, translations: c.translations })));
  report('collections', counts.collections, data.collections.length);

  const pictures = new SeedPictures(services.media, ctx);
  const designers = await seedContent(services, ctx, data.content, pictures, collectionIds, counts, translate, report);

  // Two locations: the shop's own (every shop has it) and a warehouse, empty until the merchant moves stock there.
  await services.catalog.ensureLocation(ctx, { name: 'Warehouse', address1: '1 Dock Road', city: 'Newark', provinceCode: 'NJ', countryCode: 'US', zip: '07114' });
  report('products', 0, sizes.products);
  const pricedVariants: SeedPricedVariant[] = [];
  const groupProducts = new Map<string, number[]>();
  for (const chunk of data.products(chunkSize)) {
    const images = await Promise.all(chunk.map((p) => pictures.images(p.images)));
    const imported = await services.catalogImport.importProducts(
      ctx,
      chunk.map(({ collections: handles, metafields: _metafields, translations: _translations, sellingPlanGroups: _groups, ...product }, i) => ({
        ...product,
        images: images[i],
        collectionIds: handles.map((h) => collectionIds.get(h)!),
      })),
    );
    const ids = imported.map((p) => p.id);
    chunk.forEach((p, i) => p.variants.forEach((v, j) => pricedVariants.length < 4 && pricedVariants.push({ id: imported[i]!.variants[j]!.id, price: v.price })));
    counts.metafields += (
      await services.metafields.importMetafields(
        ctx,
        chunk.flatMap((p, i) => p.metafields.map((m) => metafield('PRODUCT', ids[i], m, designers))),
      )
    ).length;
    await translate('PRODUCT', chunk.map((p, i) => ({ id: ids[i], translations: p.translations })));
    chunk.forEach((p, i) => p.sellingPlanGroups.forEach((name) => groupProducts.set(name, [...(groupProducts.get(name) ?? []), ids[i]])));
    counts.products += imported.length;
    counts.variants += imported.reduce((n, p) => n + p.variants.length, 0);
    counts.images += chunk.reduce((n, p) => n + (p.images?.length ?? 0), 0);
    report('products', counts.products, sizes.products);
  }

  const groups = data.content.sellingPlanGroups;
  report('selling-plans', 0, groups.length);
  const importedGroups = await services.sellingPlans.importSellingPlanGroups(
    ctx,
    groups.map((g) => ({ ...g, productIds: groupProducts.get(g.name) ?? [] })),
  );
  counts.sellingPlanGroups = importedGroups.length;
  counts.sellingPlans = importedGroups.reduce((n, g) => n + g.sellingPlanIds.length, 0);
  report('selling-plans', counts.sellingPlanGroups, groups.length);

  // Hash each distinct password once per run: scrypt is slow on purpose, and the demo accounts share one.
  const hashes = new Map<string, Promise<string>>();
  const hashOf = (password: string) => {
    if (!hashes.has(password)) hashes.set(password, hashPassword(password));
    return hashes.get(password)!;
  };
  report('customers', 0, sizes.customers);
  const buyers: SeedBuyer[] = [];
  for (const chunk of data.customers(chunkSize)) {
    const rows = await Promise.all(chunk.map(async ({ password, ...customer }) => ({ ...customer, passwordHash: password ? await hashOf(password) : null })));
    const imported = await services.customers.importCustomers(ctx, rows);
    chunk.forEach((c, i) => c.state === 'enabled' && c.password && buyers.push({ id: imported[i]!.id, email: c.email }));
    counts.customers += imported.length;
    counts.addresses += imported.reduce((n, c) => n + c.addressIds.length, 0);
    report('customers', counts.customers, sizes.customers);
  }
  counts.companies = (await services.companies.importCompanies(ctx, seedCompanies(buyers, pricedVariants))).length;
  counts.discountCodes = (await services.discountCodes.importDiscountCodes(ctx, seedDiscountCodes(new Date()))).length;

  const ordersTotal = sizes.products > 0 ? sizes.orders : 0;
  report('orders', 0, ordersTotal);
  const orderIds: number[] = [];
  const orderTimes: Date[] = [];
  for (const chunk of data.orders(chunkSize)) {
    const orders = await resolveOrders(services, ctx, chunk);
    const imported = await services.orders.importOrders(ctx, orders);
    await services.customers.addOrderStats(ctx, customerStats(orders, imported.map((o) => o.id)));
    counts.orders += imported.length;
    counts.lineItems += imported.reduce((n, o) => n + o.lineItemIds.length, 0);
    orderIds.push(...imported.map((o) => o.id));
    orderTimes.push(...orders.map((o) => o.processedAt));
    report('orders', counts.orders, ordersTotal);
  }
  counts.risks = await seedOrderRisks(services, ctx, orderIds);
  await seedLedger(services, ctx, orderTimes);
  return counts;
}

// Order risks from two fraud-check apps (installed on the shop for it), on some of the orders.
async function seedOrderRisks(services: SeedServices, ctx: RequestContext, orderIds: number[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const [first, second] = RISK_APP_NAMES;
  const apps = [(await services.apps.installApp(ctx.shop.id, first, 'read_orders,write_orders')).appId, (await services.apps.installApp(ctx.shop.id, second, 'read_orders,write_orders')).appId] as const;
  return (await services.risks.importRisks(ctx, seedRisks(orderIds, apps))).length;
}

// Pages, the blog and its articles (their covers kept as files), the designer metaobjects, the shop's metafields and
// the main menu (which links collections, a page and the blog), with their translations. Returns the designers' ids
// by handle.
async function seedContent(
  services: SeedServices,
  ctx: RequestContext,
  content: ReturnType<typeof generateShopData>['content'],
  pictures: SeedPictures,
  collectionIds: Map<string, number>,
  counts: SeedCounts,
  translate: (type: TranslatableResourceType, items: { id: number; translations: SeedTranslation[] }[]) => Promise<void>,
  report: (step: SeedStep, done: number, total: number) => void,
): Promise<Map<string, number>> {
  const shopId = ctx.shop.id;
  const total = content.pages.length + content.blogs.length + content.menus.length + content.metaobjects.length;
  report('content', 0, total);
  const pages = await services.content.importPages(ctx, content.pages.map(({ translations: _t, ...page }) => page));
  await translate('PAGE', pages.map((p, i) => ({ id: p.id, translations: content.pages[i].translations })));
  counts.pages = pages.length;

  const blogs = await services.content.importBlogs(ctx, content.blogs.map((b) => ({ handle: b.handle, title: b.title })));
  await translate('BLOG', blogs.map((b, i) => ({ id: b.id, translations: content.blogs[i].translations })));
  const posts = await Promise.all(
    content.blogs.flatMap((b, i) =>
      b.articles.map(async ({ translations, image, ...article }) => ({ article: { ...article, image: await pictures.cover(image), blogId: blogs[i].id }, translations })),
    ),
  );
  const articles = await services.content.importArticles(ctx, posts.map((p) => p.article));
  await translate('ARTICLE', articles.map((a, i) => ({ id: a.id, translations: posts[i].translations })));
  counts.blogs = blogs.length;
  counts.articles = articles.length;

  counts.metaobjectDefinitions = (await services.metaobjects.importMetaobjectDefinitions(ctx, content.metaobjectDefinitions)).length;
  const metaobjects = await services.metaobjects.importMetaobjects(ctx, content.metaobjects);
  counts.metaobjects = metaobjects.length;
  const designers = new Map(metaobjects.map((m) => [`${m.type}/${m.handle}`, m.id]));
  counts.metafields += (await services.metafields.importMetafields(ctx, content.shopMetafields.map((m) => metafield('SHOP', shopId, m, designers)))).length;

  const resourceIds = { collection: collectionIds, page: new Map(pages.map((p) => [p.handle, p.id])), blog: new Map(blogs.map((b) => [b.handle, b.id])) };
  const menus = await services.content.importMenus(
    ctx,
    content.menus.map((m) => ({ handle: m.handle, title: m.title, items: m.items.map((item) => menuItem(item, resourceIds)) })),
  );
  // Item ids come back depth first, the order flattenMenu walks the generated items in.
  await translate('MENU_ITEM', menus.flatMap((m, i) => flattenMenu(content.menus[i].items).map((item, n) => ({ id: m.itemIds[n], translations: item.translations }))));
  counts.menus = menus.length;
  counts.menuItems = menus.reduce((n, m) => n + m.itemIds.length, 0);
  report('content', total, total);
  return designers;
}

function menuItem(item: SeedMenuItem, ids: Record<'collection' | 'page' | 'blog', Map<string, number>>): NewMenuItem {
  const link = item.link;
  const resourceId =
    link === null || 'url' in link ? null : 'collection' in link ? ids.collection.get(link.collection) : 'page' in link ? ids.page.get(link.page) : ids.blog.get(link.blog);
  return {
    title: item.title,
    type: item.type,
    resourceId: resourceId ?? null,
    url: link !== null && 'url' in link ? link.url : null,
    items: item.items.map((child) => menuItem(child, ids)),
  };
}

function flattenMenu(items: SeedMenuItem[]): SeedMenuItem[] {
  return items.flatMap((item) => [item, ...flattenMenu(item.items)]);
}

// A generated metafield on its owner; a metaobject reference becomes the metaobject's global id.
function metafield(ownerType: MetafieldOwnerType, ownerId: number, m: SeedMetafield, metaobjects: Map<string, number>): NewMetafield {
  const value = typeof m.value === 'string' ? m.value : `gid://platform/Metaobject/${metaobjects.get(`${m.value.metaobject.type}/${m.value.metaobject.handle}`)}`;
  return { ownerType, ownerId, namespace: m.namespace, key: m.key, type: m.type, value, description: m.description ?? null };
}

// Generated orders name customers by email and variants by SKU; the seed asks each context for the ids.
async function resolveOrders(services: SeedServices, ctx: RequestContext, chunk: SeedOrder[]): Promise<NewOrder[]> {
  const skus = [...new Set(chunk.flatMap((o) => o.lineItems.map((l) => l.sku)))];
  const emails = [...new Set(chunk.flatMap((o) => (o.customerEmail ? [o.customerEmail] : [])))];
  const [variants, customers] = await Promise.all([services.catalog.findVariantsBySku(ctx, skus), services.customers.findByEmails(ctx, emails)]);
  const variantBySku = new Map(variants.map((v) => [v.sku, v]));
  const customerByEmail = new Map(customers.map((c) => [c.email, c.id]));
  return chunk.map(({ customerEmail, lineItems, ...order }) => ({
    ...order,
    customerId: customerEmail ? (customerByEmail.get(customerEmail) ?? null) : null,
    lineItems: lineItems.map((line) => {
      // The line keeps its SKU (an order snapshots it, as it does the title and price).
      const variant = variantBySku.get(line.sku);
      return { ...line, productId: variant?.productId ?? null, variantId: variant?.id ?? null };
    }),
  }));
}

// Cancelled orders count as orders but not as money spent. Each customer's newest order of the chunk is their
// last order (chunks are in time order, so a later chunk's replaces it); a paid one sets their currency.
function customerStats(orders: NewOrder[], ids: number[]): CustomerOrderStats[] {
  const stats = new Map<number, { ordersCount: number; spent: Decimal; last: number }>();
  orders.forEach((order, i) => {
    if (order.customerId == null) return;
    const entry = stats.get(order.customerId) ?? { ordersCount: 0, spent: new Decimal(0), last: i };
    entry.ordersCount += 1;
    if (!order.cancelledAt) entry.spent = entry.spent.plus(order.totalPrice);
    if (order.processedAt >= orders[entry.last].processedAt) entry.last = i;
    stats.set(order.customerId, entry);
  });
  return [...stats].map(([customerId, s]) => {
    const last = orders[s.last];
    return {
      customerId,
      ordersCount: s.ordersCount,
      amountSpent: s.spent.toFixed(2),
      lastOrder: { id: ids[s.last], name: last.name, processedAt: last.processedAt, currency: last.currency, paid: PAID.has(last.financialStatus ?? 'pending') },
    };
  });
}

const PAID = new Set(['paid', 'partially_refunded']);
