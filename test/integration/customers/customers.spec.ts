import pg from 'pg';
import { CustomersModule, CustomersService } from '@platform/customers';
import { createCustomer } from '@platform/customers/testing';
import type { ShopSnapshot } from '@platform/tenancy';
import { type ContextTestModule, createContextTestModule } from '../../support/context-test-module.js';

// The customers service on Postgres: imports, lookups and order totals, each kept to the context's shop.
describe('customers on Postgres', () => {
  let t: ContextTestModule;
  let db: pg.Client;
  let customers: CustomersService;
  let shopA: ShopSnapshot;
  let shopB: ShopSnapshot;
  const ctxOf = (shop: ShopSnapshot) => t.ctxOf(shop);
  const rows = async <T = any>(sql: string, params: unknown[] = []): Promise<T[]> => (await db.query(sql, params)).rows as T[];

  beforeAll(async () => {
    t = await createContextTestModule([CustomersModule]);
    customers = t.moduleRef.get(CustomersService);
    shopA = await t.createShop('customers-a');
    shopB = await t.createShop('customers-b');
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  it('imports customers with their addresses, in the order given', async () => {
    const imported = await customers.importCustomers(ctxOf(shopA), [
      { email: ' Grace@Example.com ', addresses: [{ address1: '1 Main St' }, { address1: '2 Side St', isDefault: true }] },
      { phone: '+16135550100' },
    ]);
    expect(imported).toEqual([
      { id: expect.any(Number), email: 'grace@example.com', addressIds: [expect.any(Number), expect.any(Number)] },
      { id: expect.any(Number), email: null, addressIds: [] },
    ]);
    const addresses = await rows('select address1, is_default, shop_id::int from customer_addresses where customer_id = $1 order by id', [imported[0]!.id]);
    expect(addresses).toEqual([
      { address1: '1 Main St', is_default: false, shop_id: shopA.id },
      { address1: '2 Side St', is_default: true, shop_id: shopA.id },
    ]);
  });

  it("answers problems with the customers context's codes and writes nothing", async () => {
    const before = await rows('select count(*)::int as n from customers');
    const invalid = await customers.importCustomers(ctxOf(shopA), [{ email: 'ok@example.com' }, { email: 'not-an-email' }]).catch((e) => e);
    expect(invalid).toMatchObject({ kind: 'UNPROCESSABLE', code: 'INVALID', field: 'customers[1].email' });
    const { email } = await createCustomer(ctxOf(shopA));
    const taken = await customers.importCustomers(ctxOf(shopA), [{ email: email!.toUpperCase() }]).catch((e) => e);
    expect(taken).toMatchObject({ kind: 'UNPROCESSABLE', code: 'TAKEN', field: 'email' });
    expect(await rows('select count(*)::int as n from customers')).toEqual([{ n: before[0].n + 1 }]);
    // Another shop may have a customer with the same email.
    await expect(customers.importCustomers(ctxOf(shopB), [{ email: email! }])).resolves.toHaveLength(1);
  });

  it("finds customers by email in the context's shop only", async () => {
    const mine = await createCustomer(ctxOf(shopA), { email: 'shared@example.com' });
    await createCustomer(ctxOf(shopB), { email: 'shared@example.com' });
    expect(await customers.findByEmails(ctxOf(shopA), ['SHARED@example.com', 'nobody@example.com'])).toEqual([{ id: mine.id, email: 'shared@example.com' }]);
    expect(await customers.findByEmails(ctxOf(shopA), [])).toEqual([]);
  });

  it("adds order totals to the context's shop's customers and leaves another shop's untouched", async () => {
    const mine = await createCustomer(ctxOf(shopA));
    const theirs = await createCustomer(ctxOf(shopB));
    await customers.addOrderStats(ctxOf(shopA), [
      { customerId: mine.id, ordersCount: 2, amountSpent: '10.05' },
      { customerId: theirs.id, ordersCount: 5, amountSpent: '99.00' },
    ]);
    await customers.addOrderStats(ctxOf(shopA), [{ customerId: mine.id, ordersCount: 1, amountSpent: '0.10' }]);
    const totals = await rows('select id::int, orders_count, total_spent::text from customers where id = any($1) order by id', [[mine.id, theirs.id]]);
    expect(totals).toEqual([
      { id: mine.id, orders_count: 3, total_spent: '10.15' },
      { id: theirs.id, orders_count: 0, total_spent: '0.00' },
    ]);
    await expect(customers.addOrderStats(ctxOf(shopA), [{ customerId: mine.id, ordersCount: -1, amountSpent: '1.00' }])).rejects.toMatchObject({ code: 'INVALID', field: 'stats[0]' });
  });
});
