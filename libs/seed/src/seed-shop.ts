import { Decimal } from '@platform/money';
import type { CatalogService } from '@platform/catalog';
import { type CustomersService, hashPassword } from '@platform/customers';
import type { NewOrder, OrdersService } from '@platform/orders';
import { DEFAULT_CHUNK_SIZE, type SeedOrder, generateShopData } from './shop-data.generator.js';

/** What the seed writes through: each context's public service (a narrow view, so tests can fake it). */
export interface SeedServices {
  catalog: Pick<CatalogService, 'importCollections' | 'importProducts' | 'findVariantsBySku'>;
  customers: Pick<CustomersService, 'importCustomers' | 'findByEmails' | 'addOrderStats'>;
  orders: Pick<OrdersService, 'importOrders'>;
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

export type SeedStep = 'collections' | 'products' | 'customers' | 'orders';

export interface SeedProgress {
  step: SeedStep;
  /** Records of this step written so far, of `total`. */
  done: number;
  total: number;
}

export type SeedProgressListener = (progress: SeedProgress) => void;

export interface SeedCounts {
  collections: number;
  products: number;
  variants: number;
  images: number;
  customers: number;
  addresses: number;
  orders: number;
  lineItems: number;
}

/**
 * Writes a generated shop through the context services, one chunk per transaction: collections,
 * products (joining their collections), customers, then orders (with customers' order totals).
 * Seed a shop once: handles, emails and order names are unique per shop.
 */
export async function seedShop(services: SeedServices, shopId: number, options: SeedOptions = {}, onProgress?: SeedProgressListener): Promise<SeedCounts> {
  const sizes = {
    products: options.products ?? DEMO_SEED_OPTIONS.products,
    customers: options.customers ?? DEMO_SEED_OPTIONS.customers,
    orders: options.orders ?? DEMO_SEED_OPTIONS.orders,
  };
  const data = generateShopData(options.seed ?? DEMO_SEED_OPTIONS.seed, sizes, { currency: options.currency });
  const chunkSize = options.chunkSize ?? DEFAULT_CHUNK_SIZE;
  const counts: SeedCounts = { collections: 0, products: 0, variants: 0, images: 0, customers: 0, addresses: 0, orders: 0, lineItems: 0 };
  const report = (step: SeedStep, done: number, total: number) => onProgress?.({ step, done, total });

  report('collections', 0, data.collections.length);
  const collections = await services.catalog.importCollections(shopId, [...data.collections]);
  const collectionIds = new Map(collections.map((c) => [c.handle, c.id]));
  counts.collections = collections.length;
  report('collections', counts.collections, data.collections.length);

  report('products', 0, sizes.products);
  for (const chunk of data.products(chunkSize)) {
    const imported = await services.catalog.importProducts(
      shopId,
      chunk.map(({ collections: handles, ...product }) => ({ ...product, collectionIds: handles.map((h) => collectionIds.get(h)!) })),
    );
    counts.products += imported.length;
    counts.variants += imported.reduce((n, p) => n + p.variants.length, 0);
    counts.images += chunk.reduce((n, p) => n + (p.images?.length ?? 0), 0);
    report('products', counts.products, sizes.products);
  }

  // Hash each distinct password once per run: scrypt is slow on purpose, and the demo accounts share one.
  const hashes = new Map<string, Promise<string>>();
  const hashOf = (password: string) => {
    if (!hashes.has(password)) hashes.set(password, hashPassword(password));
    return hashes.get(password)!;
  };
  report('customers', 0, sizes.customers);
  for (const chunk of data.customers(chunkSize)) {
    const rows = await Promise.all(chunk.map(async ({ password, ...customer }) => ({ ...customer, passwordHash: password ? await hashOf(password) : null })));
    const imported = await services.customers.importCustomers(shopId, rows);
    counts.customers += imported.length;
    counts.addresses += imported.reduce((n, c) => n + c.addressIds.length, 0);
    report('customers', counts.customers, sizes.customers);
  }

  const ordersTotal = sizes.products > 0 ? sizes.orders : 0;
  report('orders', 0, ordersTotal);
  for (const chunk of data.orders(chunkSize)) {
    const orders = await resolveOrders(services, shopId, chunk);
    const imported = await services.orders.importOrders(shopId, orders);
    await services.customers.addOrderStats(shopId, customerStats(orders));
    counts.orders += imported.length;
    counts.lineItems += imported.reduce((n, o) => n + o.lineItemIds.length, 0);
    report('orders', counts.orders, ordersTotal);
  }
  return counts;
}

// Generated orders name customers by email and variants by SKU; the seed asks each context for the ids.
async function resolveOrders(services: SeedServices, shopId: number, chunk: SeedOrder[]): Promise<NewOrder[]> {
  const skus = [...new Set(chunk.flatMap((o) => o.lineItems.map((l) => l.sku)))];
  const emails = [...new Set(chunk.flatMap((o) => (o.customerEmail ? [o.customerEmail] : [])))];
  const [variants, customers] = await Promise.all([services.catalog.findVariantsBySku(shopId, skus), services.customers.findByEmails(shopId, emails)]);
  const variantBySku = new Map(variants.map((v) => [v.sku, v]));
  const customerByEmail = new Map(customers.map((c) => [c.email, c.id]));
  return chunk.map(({ customerEmail, lineItems, ...order }) => ({
    ...order,
    customerId: customerEmail ? (customerByEmail.get(customerEmail) ?? null) : null,
    lineItems: lineItems.map(({ sku, ...line }) => {
      const variant = variantBySku.get(sku);
      return { ...line, productId: variant?.productId ?? null, variantId: variant?.id ?? null };
    }),
  }));
}

// Cancelled orders count as orders but not as money spent.
function customerStats(orders: NewOrder[]) {
  const stats = new Map<number, { ordersCount: number; spent: Decimal }>();
  for (const order of orders) {
    if (order.customerId == null) continue;
    const entry = stats.get(order.customerId) ?? { ordersCount: 0, spent: new Decimal(0) };
    entry.ordersCount += 1;
    if (!order.cancelledAt) entry.spent = entry.spent.plus(order.totalPrice);
    stats.set(order.customerId, entry);
  }
  return [...stats].map(([customerId, s]) => ({ customerId, ordersCount: s.ordersCount, amountSpent: s.spent.toFixed(2) }));
}
