import { Decimal } from '@platform/money';
import type { NewCollection, NewProduct } from '@platform/catalog';
import { type NewCustomer, verifyPassword } from '@platform/customers';
import type { NewOrder } from '@platform/orders';
import { DEMO_CUSTOMER_PASSWORD } from './shop-data.generator.js';
import { type SeedProgress, type SeedServices, seedShop } from './seed-shop.js';

// In-memory stand-ins for the three services: they hand out ids and remember what they were given.
function fakeServices() {
  let nextId = 1;
  const state = {
    collections: [] as (NewCollection & { id: number })[],
    products: [] as (NewProduct & { id: number; variantIds: number[] })[],
    customers: [] as (NewCustomer & { id: number })[],
    orders: [] as NewOrder[],
    stats: new Map<number, { ordersCount: number; amountSpent: Decimal }>(),
    calls: { importProducts: 0 },
  };
  const services: SeedServices = {
    catalog: {
      importCollections: async (_shopId, collections) =>
        collections.map((c) => {
          const row = { ...c, id: nextId++ };
          state.collections.push(row);
          return { id: row.id, handle: c.handle };
        }),
      importProducts: async (_shopId, products) => {
        state.calls.importProducts += 1;
        return products.map((p) => {
          const row = { ...p, id: nextId++, variantIds: p.variants.map(() => nextId++) };
          state.products.push(row);
          return { id: row.id, handle: p.handle, variants: p.variants.map((v, i) => ({ id: row.variantIds[i], sku: v.sku ?? null })) };
        });
      },
      findVariantsBySku: async (_shopId, skus) =>
        state.products.flatMap((p) => p.variants.flatMap((v, i) => (skus.includes(v.sku!) ? [{ id: p.variantIds[i], productId: p.id, sku: v.sku! }] : []))),
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
          state.stats.set(s.customerId, { ordersCount: entry.ordersCount + s.ordersCount, amountSpent: entry.amountSpent.plus(s.amountSpent) });
        }
      },
    },
    orders: {
      importOrders: async (_shopId, orders) => {
        state.orders.push(...orders);
        return orders.map((o) => ({ id: nextId++, name: o.name, lineItemIds: o.lineItems.map(() => nextId++) }));
      },
    },
  };
  return { services, state };
}

describe('seedShop', () => {
  it('writes collections, products, customers and orders in chunks and returns the counts', async () => {
    const { services, state } = fakeServices();
    const progress: SeedProgress[] = [];
    const counts = await seedShop(services, 7, { seed: 1, products: 25, customers: 12, orders: 9, chunkSize: 10 }, (p) => progress.push(p));

    expect(counts).toMatchObject({ collections: 5, products: 25, customers: 12, orders: 9 });
    expect(counts.variants).toBe(state.products.reduce((n, p) => n + p.variants.length, 0));
    expect(counts.lineItems).toBe(state.orders.reduce((n, o) => n + o.lineItems.length, 0));
    expect(state.calls.importProducts).toBe(3);
    expect(progress.filter((p) => p.step === 'products').map((p) => p.done)).toEqual([0, 10, 20, 25]);
    expect(progress.at(-1)).toEqual({ step: 'orders', done: 9, total: 9 });

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
    await seedShop(services, 7, { products: 1, customers: 12, orders: 0 });
    const hashes = new Set(state.customers.filter((c) => c.state === 'enabled').map((c) => c.passwordHash));
    expect(hashes.size).toBe(1);
    expect(await verifyPassword(DEMO_CUSTOMER_PASSWORD, [...hashes][0]!)).toBe(true);
    expect(state.customers.filter((c) => c.state !== 'enabled').every((c) => c.passwordHash === null)).toBe(true);
  });

  it("adds each customer's orders to their totals (cancelled orders count, but not as spent)", async () => {
    const { services, state } = fakeServices();
    await seedShop(services, 7, { seed: 3, products: 10, customers: 10, orders: 30, chunkSize: 8 });
    for (const [customerId, stats] of state.stats) {
      const theirs = state.orders.filter((o) => o.customerId === customerId);
      expect(stats.ordersCount).toBe(theirs.length);
      const spent = theirs.filter((o) => !o.cancelledAt).reduce((sum, o) => sum.plus(o.totalPrice), new Decimal(0));
      expect(stats.amountSpent.toFixed(2)).toBe(spent.toFixed(2));
    }
  });
});
