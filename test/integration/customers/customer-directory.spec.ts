import fc from 'fast-check';
import pg from 'pg';
import {
  CUSTOMER_SORT_KEYS,
  CustomerDirectoryService,
  type CustomerDetailRecord,
  type CustomerListFilters,
  type CustomerSortKey,
  type CustomerState,
  CustomersModule,
} from '@platform/customers';
import { createCustomer } from '@platform/customers/testing';
import { type ListPage, type PageRequest, type PaginationInput, pageRequest } from '@platform/paging';
import type { RequestContext } from '@platform/request';
import type { ShopSnapshot } from '@platform/tenancy';
import { anySearchQuery } from '../../../libs/platform/search-syntax/testing/search-queries.js';
import { type ContextTestModule, createContextTestModule } from '../../support/context-test-module.js';
import { fuzzSettings } from '../../support/fuzz-settings.js';
import { sqlDuring } from '../../support/sql.js';

// The merchant's reads of customers on Postgres: the REST list and count, search with the hosted syntax and every
// sort, lookups, and the addresses each customer shows, in the context's shop only and in statements that do not
// grow with the page.

interface Person {
  first: string | null;
  last: string | null;
  email: string | null;
  phone: string | null;
  state: CustomerState;
  tags: string[];
  orders: number;
  spent: string;
  lastOrder: string | null;
  /** Country, code, city of the one (default) address; null for none. */
  place: [string, string, string] | null;
  created: string;
  updated: string;
  subscribed?: boolean;
}

// Ties on purpose: 0 and 4 share orders, spending and last order date; 0 and 6 share a name; 1 and 3 never ordered.
const PEOPLE: Person[] = [
  { first: 'Ada', last: 'Lovelace', email: 'ada@example.com', phone: '+16135550101', state: 'enabled', tags: ['vip'], orders: 6, spent: '120.50', lastOrder: '2026-01-05T10:00:00Z', place: ['Canada', 'CA', 'Ottawa'], created: '2025-03-01T00:00:00Z', updated: '2026-02-04T00:00:00Z' },
  { first: 'Grace', last: 'Hopper', email: 'grace@navy.example', phone: '+16135550102', state: 'disabled', tags: [], orders: 0, spent: '0.00', lastOrder: null, place: ['United States', 'US', 'New York'], created: '2025-01-01T00:00:00Z', updated: '2026-02-08T00:00:00Z' },
  { first: 'Alan', last: 'Turing', email: 'alan@example.org', phone: null, state: 'invited', tags: ['vip', 'uk'], orders: 2, spent: '30.00', lastOrder: '2026-01-02T10:00:00Z', place: ['United Kingdom', 'GB', 'London'], created: '2025-07-01T00:00:00Z', updated: '2026-02-01T00:00:00Z' },
  { first: null, last: null, email: null, phone: '+442071234567', state: 'disabled', tags: [], orders: 0, spent: '0.00', lastOrder: null, place: null, created: '2025-02-01T00:00:00Z', updated: '2026-02-06T00:00:00Z' },
  { first: 'Edsger', last: 'Dijkstra', email: 'edsger@example.nl', phone: '+31201234567', state: 'enabled', tags: ['algo'], orders: 6, spent: '120.50', lastOrder: '2026-01-05T10:00:00Z', place: ['Netherlands', 'NL', 'Amsterdam'], created: '2025-05-01T00:00:00Z', updated: '2026-02-03T00:00:00Z' },
  { first: 'Barbara', last: 'Liskov', email: 'barbara@example.com', phone: null, state: 'declined', tags: ['VIP'], orders: 1, spent: '5.25', lastOrder: '2025-12-31T10:00:00Z', place: ['United States', 'US', 'Boston'], created: '2025-08-01T00:00:00Z', updated: '2026-02-07T00:00:00Z' },
  { first: 'Ada', last: 'Lovelace', email: 'ada2@example.net', phone: null, state: 'enabled', tags: [], orders: 3, spent: '99.99', lastOrder: '2026-01-03T10:00:00Z', place: ['Canada', 'CA', 'Toronto'], created: '2025-04-01T00:00:00Z', updated: '2026-02-02T00:00:00Z' },
  { first: 'Donald', last: 'Knuth', email: 'don@stanford.example', phone: '+16505550123', state: 'enabled', tags: ['tex'], orders: 10, spent: '1000.00', lastOrder: '2026-01-10T10:00:00Z', place: ['United States', 'US', 'Palo Alto'], created: '2025-06-01T00:00:00Z', updated: '2026-02-05T00:00:00Z', subscribed: true },
];

// What each sort key orders by, for the expected orders (names and places are plain lowercase ASCII, so every collation agrees).
const EPOCH = '1970-01-01T00:00:00Z';
const sortValue: Record<CustomerSortKey, (p: Person, id: number) => string | number> = {
  ID: (_p, id) => id,
  RELEVANCE: (_p, id) => id,
  CREATED_AT: (p) => Date.parse(p.created),
  UPDATED_AT: (p) => Date.parse(p.updated),
  NAME: (p) => `${p.last ?? ''} ${p.first ?? ''}`.toLowerCase(),
  LOCATION: (p) => (p.place ? `${p.place[0]} ${p.place[2]}` : ' ').toLowerCase(),
  LAST_ORDER_DATE: (p) => Date.parse(p.lastOrder ?? EPOCH),
  ORDERS_COUNT: (p) => p.orders,
  TOTAL_SPENT: (p) => Number(p.spent),
};

describe('customer directory on Postgres', () => {
  let t: ContextTestModule;
  let db: pg.Client;
  let directory: CustomerDirectoryService;
  let shopA: ShopSnapshot;
  let shopB: ShopSnapshot;
  let shopC: ShopSnapshot;
  let ids: number[];
  let foreignId: number;
  const a = (): RequestContext => t.ctxOf(shopA);
  const idsOf = (page: ListPage<CustomerDetailRecord>) => page.items.map((item) => item.record.id);
  const index = (id: number) => ids.indexOf(id);
  const who = (list: number[]) => list.map(index);

  beforeAll(async () => {
    t = await createContextTestModule([CustomersModule]);
    directory = t.moduleRef.get(CustomerDirectoryService);
    shopA = await t.createShop('directory-a');
    shopB = await t.createShop('directory-b');
    shopC = await t.createShop('directory-c');
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
    ids = [];
    for (const p of PEOPLE) {
      const made = await createCustomer(a(), {
        firstName: p.first,
        lastName: p.last,
        email: p.email,
        phone: p.phone,
        state: p.state,
        tags: p.tags,
        addresses: p.place ? [{ address1: '1 Main St', country: p.place[0], countryCode: p.place[1], city: p.place[2] }] : [],
        ...(p.subscribed ? { emailMarketingConsent: { state: 'subscribed', optInLevel: 'single_opt_in', consentUpdatedAt: null } } : {}),
      });
      ids.push(made.id);
      await db.query('update customers set orders_count = $2, total_spent = $3, last_order_at = $4, created_at = $5, updated_at = $6 where id = $1', [
        made.id,
        p.orders,
        p.spent,
        p.lastOrder,
        p.created,
        p.updated,
      ]);
    }
    // Another shop's customer matching nearly every query of these tests.
    foreignId = (
      await createCustomer(t.ctxOf(shopB), {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        phone: '+16135550101',
        state: 'enabled',
        tags: ['vip', 'uk', 'tex', 'algo'],
        addresses: [{ country: 'Canada', countryCode: 'CA', city: 'Ottawa' }],
      })
    ).id;
    await db.query("update customers set orders_count = 6, total_spent = 120.50, last_order_at = '2026-01-05T10:00:00Z' where id = $1", [foreignId]);
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  const expected = (key: CustomerSortKey, reverse = false): number[] => {
    const order = PEOPLE.map((p, i) => ({ id: ids[i]!, value: sortValue[key](p, ids[i]!) }))
      .sort((x, y) => (x.value < y.value ? -1 : x.value > y.value ? 1 : x.id - y.id))
      .map((x) => x.id);
    return reverse ? order.reverse() : order;
  };

  // Every page of a walk, forward with `after` or backward with `before`, checking each page's flags.
  const walk = async (read: (page: PageRequest) => Promise<ListPage<CustomerDetailRecord>>, size: number, forward = true): Promise<number[]> => {
    const seen: number[][] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 20; i++) {
      const args: PaginationInput = forward ? { first: size, after: cursor } : { last: size, before: cursor };
      const page = await read(pageRequest(args));
      seen.push(idsOf(page));
      expect(forward ? page.hasPreviousPage : page.hasNextPage).toBe(cursor !== null);
      const more = forward ? page.hasNextPage : page.hasPreviousPage;
      if (!more) break;
      cursor = (forward ? page.items.at(-1) : page.items[0])!.cursor;
    }
    return (forward ? seen : seen.reverse()).flat();
  };

  it("reads one customer with the merchant's fields, never a password or another shop's customer", async () => {
    const ada = await directory.customer(a(), ids[0]!);
    expect(ada).toEqual({
      id: ids[0],
      createdAt: new Date(PEOPLE[0]!.created),
      updatedAt: new Date(PEOPLE[0]!.updated),
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '+16135550101',
      state: 'enabled',
      note: null,
      verifiedEmail: false,
      multipassIdentifier: null,
      taxExempt: false,
      taxExemptions: [],
      tags: ['vip'],
      ordersCount: 6,
      totalSpent: '120.50',
      lastOrderId: null,
      lastOrderName: null,
      currency: shopA.currency,
      emailMarketingConsent: { state: 'not_subscribed', optInLevel: null, consentUpdatedAt: null },
      smsMarketingConsent: null,
      addresses: [expect.objectContaining({ customerId: ids[0], country: 'Canada', countryCode: 'CA', city: 'Ottawa', isDefault: true })],
      defaultAddress: expect.objectContaining({ customerId: ids[0], isDefault: true }),
    });
    expect(Object.keys(ada!.addresses[0]!).sort()).toEqual(
      ['id', 'customerId', 'firstName', 'lastName', 'company', 'address1', 'address2', 'city', 'province', 'provinceCode', 'country', 'countryCode', 'zip', 'phone', 'isDefault'].sort(),
    );
    expect(await directory.customer(a(), foreignId)).toBeNull();
    expect(await directory.customer(a(), 987_654_321)).toBeNull();
    expect(await directory.customer(a(), Number.NaN)).toBeNull();
  });

  it('shows the ten most recently updated addresses, newest first, and the default wherever it ranks', async () => {
    const ctx = t.ctxOf(shopC);
    const made = await createCustomer(ctx, { addresses: Array.from({ length: 12 }, (_, i) => ({ address1: `${i} Road`, isDefault: i === 0 })) });
    // The default is the least recently updated; the others were updated in the reverse of their creation.
    for (const [i, addressId] of made.addressIds.entries()) {
      await db.query('update customer_addresses set updated_at = $2 where id = $1', [addressId, new Date(Date.UTC(2026, 0, i === 0 ? 1 : 30 - i))]);
    }
    const other = await createCustomer(ctx, { addresses: [{ address1: 'A' }, { address1: 'B', isDefault: true }] });
    const customer = (await directory.customer(ctx, made.id))!;
    expect(customer.addresses.map((x) => x.address1)).toEqual(['1 Road', '2 Road', '3 Road', '4 Road', '5 Road', '6 Road', '7 Road', '8 Road', '9 Road', '10 Road']);
    expect(customer.defaultAddress).toMatchObject({ id: made.addressIds[0], address1: '0 Road', isDefault: true });

    // Every address for GraphQL: the default first, then newest; every customer of the request in one statement.
    const { result, statements } = await sqlDuring(() =>
      Promise.all([directory.addresses(ctx, made.id, null), directory.addresses(ctx, other.id, null), directory.addresses(ctx, foreignId, null), directory.addresses(ctx, made.id, 3)]),
    );
    expect(result[0]!.map((x) => x.address1)).toEqual(['0 Road', '1 Road', '2 Road', '3 Road', '4 Road', '5 Road', '6 Road', '7 Road', '8 Road', '9 Road', '10 Road', '11 Road']);
    expect(result[1]!.map((x) => x.address1)).toEqual(['B', 'A']);
    expect(result[2]).toEqual([]);
    expect(result[3]!.map((x) => x.address1)).toEqual(['0 Road', '1 Road', '2 Road']);
    // One statement per `first` asked.
    expect(statements.filter((s) => s.includes('customer_addresses'))).toHaveLength(2);
  });

  it('loads customers by id in the order asked, null where the shop has none, in two statements', async () => {
    const asked = [ids[2]!, foreignId, ids[0]!, 987_654_321, ids[2]!, -1];
    const { result, statements } = await sqlDuring(() => directory.customersByIds(a(), asked));
    expect(result.map((c) => c?.id ?? null)).toEqual([ids[2], null, ids[0], null, ids[2], null]);
    expect(statements).toHaveLength(2);
    // Node loads of one request batch alike.
    const ctx = a();
    const single = await sqlDuring(() => Promise.all(ids.map((id) => directory.customer(ctx, id))));
    expect(single.result.map((c) => c!.id)).toEqual(ids);
    expect(single.statements).toHaveLength(2);
  });

  it('finds a customer by email (any case) or phone (any format), in the shop only', async () => {
    expect((await directory.byIdentifier(a(), { emailAddress: ' ADA@Example.COM ' }))?.id).toBe(ids[0]);
    expect((await directory.byIdentifier(a(), { phoneNumber: '+1 (613) 555-0101' }))?.id).toBe(ids[0]);
    expect((await directory.byIdentifier(a(), { phoneNumber: '+44 20 7123 4567' }))?.id).toBe(ids[3]);
    expect((await directory.byIdentifier(a(), { phoneNumber: '+44 20 7123 4567' }))?.addresses).toEqual([]);
    const foreign = (await directory.customer(t.ctxOf(shopB), foreignId))!;
    expect(foreign.email).toBe('ada@example.com');
    await createCustomer(t.ctxOf(shopB), { email: 'only-in-b@example.com', phone: '+16135550199' });
    for (const identifier of [{ emailAddress: 'only-in-b@example.com' }, { phoneNumber: '+16135550199' }, { emailAddress: '' }, { phoneNumber: 'not a phone' }, { emailAddress: 'x\u0000@example.com' }, { phoneNumber: '9'.repeat(10_000) }, {}]) {
      expect(await directory.byIdentifier(a(), identifier)).toBeNull();
    }
  });

  describe('the REST list and count', () => {
    const list = (filters: CustomerListFilters, args: PaginationInput = { first: 250 }) => directory.list(a(), filters, pageRequest(args));
    const at = (i: number, field: 'created' | 'updated') => new Date(PEOPLE[i]![field]);

    it('walks every customer of the shop in id order, forward and back, in pages', async () => {
      expect(idsOf(await list({}))).toEqual(ids);
      expect(await walk((page) => directory.list(a(), {}, page), 3)).toEqual(ids);
      expect(await walk((page) => directory.list(a(), {}, page), 3, false)).toEqual(ids);
      expect(await directory.count(a(), {})).toBe(PEOPLE.length);
    });

    it.each<[string, (ids: number[]) => CustomerListFilters, (p: Person, i: number, ids: number[]) => boolean]>([
      ['ids', (ids) => ({ ids: [ids[5]!, ids[1]!, 987_654_321] }), (_p, i) => i === 1 || i === 5],
      ['since_id', (ids) => ({ sinceId: ids[4]! }), (_p, i) => i > 4],
      ['created_at_min', () => ({ createdAtMin: at(0, 'created') }), (p) => p.created >= PEOPLE[0]!.created],
      ['created_at_max', () => ({ createdAtMax: at(0, 'created') }), (p) => p.created <= PEOPLE[0]!.created],
      ['updated_at_min', () => ({ updatedAtMin: at(7, 'updated') }), (p) => p.updated >= PEOPLE[7]!.updated],
      ['updated_at_max', () => ({ updatedAtMax: at(7, 'updated') }), (p) => p.updated <= PEOPLE[7]!.updated],
      ['all together', (ids) => ({ sinceId: ids[0]!, createdAtMin: at(3, 'created'), createdAtMax: at(2, 'created'), updatedAtMax: at(5, 'updated') }), (p, i) => i > 0 && p.created >= PEOPLE[3]!.created && p.created <= PEOPLE[2]!.created && p.updated <= PEOPLE[5]!.updated],
    ])('filters by %s, and counts the same', async (_name, filters, keep) => {
      const want = ids.filter((_id, i) => keep(PEOPLE[i]!, i, ids));
      expect(want.length).toBeGreaterThan(0);
      expect(want.length).toBeLessThan(ids.length);
      expect(idsOf(await list(filters(ids)))).toEqual(want);
      expect(await walk((page) => directory.list(a(), filters(ids), page), 2)).toEqual(want);
      expect(await directory.count(a(), filters(ids))).toBe(want.length);
    });

    it("never lists or counts another shop's customers", async () => {
      expect(idsOf(await list({ ids: [foreignId] }))).toEqual([]);
      expect(await directory.count(a(), { ids: [foreignId] })).toBe(0);
      expect(idsOf(await directory.list(t.ctxOf(shopB), { ids }, pageRequest({ first: 250 })))).toEqual([]);
    });

    it('refuses filters it cannot use with INVALID naming the filter', async () => {
      const bad: [CustomerListFilters, string][] = [
        [{ ids: Array.from({ length: 251 }, (_, i) => i + 1) }, 'ids'],
        [{ ids: [1.5] }, 'ids'],
        [{ sinceId: Number.MAX_SAFE_INTEGER + 2 }, 'since_id'],
        [{ createdAtMin: new Date(Number.NaN) }, 'created_at_min'],
        [{ updatedAtMax: new Date(Date.UTC(10_000, 0, 1)) }, 'updated_at_max'],
      ];
      for (const [filters, field] of bad) {
        await expect(list(filters)).rejects.toMatchObject({ kind: 'UNPROCESSABLE', code: 'INVALID', field });
        await expect(directory.count(a(), filters)).rejects.toMatchObject({ code: 'INVALID', field });
      }
    });

    it('costs two statements per page whatever its size', async () => {
      await list({}, { first: 1 });
      const one = await sqlDuring(() => list({}, { first: 1 }));
      const fifty = await sqlDuring(() => list({ sinceId: 0 }, { first: 50 }));
      expect(one.result.items).toHaveLength(1);
      expect(fifty.result.items).toHaveLength(PEOPLE.length);
      expect(one.statements).toHaveLength(2);
      expect(fifty.statements).toHaveLength(2);
    });
  });

  describe('search', () => {
    const search = async (query: string | null) => {
      const found = idsOf(await directory.search(a(), query, { key: 'ID', reverse: false }, pageRequest({ first: 250 })));
      expect(await directory.searchCount(a(), query)).toBe(found.length);
      return who(found);
    };

    it.each<[string, number[]]>([
      // Fields
      ['email:example.com', [0, 5]],
      ['first_name:ada', [0, 6]],
      ['first_name:Ad*', [0, 6]],
      ['last_name:TURING', [2]],
      ['phone:613-555-0101', [0]],
      ['phone:+1613*', [0, 1]],
      ['state:enabled', [0, 4, 6, 7]],
      ['state:DECLINED', [5]],
      ['tag:vip', [0, 2, 5]],
      ['tags:uk', [2]],
      ['orders_count:6', [0, 4]],
      ['orders_count:>5', [0, 4, 7]],
      ['orders_count:<=1', [1, 3, 5]],
      ['total_spent:>=100', [0, 4, 7]],
      ['total_spent:<10.5', [1, 3, 5]],
      ['country:CA', [0, 6]],
      ['country:"United States"', [1, 5, 7]],
      ['created_at:>2025-05-15', [2, 5, 7]],
      ['updated_at:<=2026-02-03', [2, 4, 6]],
      ['last_order_date:>2026-01-04', [0, 4, 7]],
      ['accepts_marketing:true', [7]],
      // Bare words: names, email words, phone digits; unknown fields search their value as words.
      ['lovelace', [0, 6]],
      ['navy', [1]],
      ['ada@example.com', [0]],
      ['16135550101', [0]],
      ['Grac*', [1]],
      ['nickname:grace', [1]],
      // Negation, NOT, OR, AND, parentheses, quotes
      ['-tag:vip', [1, 3, 4, 6, 7]],
      ['-email:example.com', [1, 2, 3, 4, 6, 7]],
      ['-last_order_date:>2026-01-04', [1, 2, 3, 5, 6]],
      ['NOT state:enabled', [1, 2, 3, 5]],
      ['state:invited OR state:declined', [2, 5]],
      ['tag:vip AND state:enabled', [0]],
      ['(tag:tex OR tag:algo) orders_count:>6', [7]],
      ['last_name:"Lovelace" -first_name:"Ada"', []],
      ['country:"United Kingdom"', [2]],
      // Nothing to filter by: every customer.
      ['', [0, 1, 2, 3, 4, 5, 6, 7]],
      ['NOT', [0, 1, 2, 3, 4, 5, 6, 7]],
    ])('%s', async (query, want) => {
      expect(await search(query)).toEqual(want);
    });

    it('filters by id comparisons', async () => {
      expect(await search(`id:>${ids[5]}`)).toEqual([6, 7]);
      expect(await search(`id:${ids[3]}`)).toEqual([3]);
      expect(await search(`id:${foreignId}`)).toEqual([]);
    });

    it('matches nothing, without throwing, for values Postgres could not read', async () => {
      for (const query of ['created_at:>2024-02-30', 'id:99999999999999999999', 'orders_count:>1e5', 'total_spent:lots', 'phone:none', `${'x'.repeat(3000)}`, 'a\u0000b', '😀 \uD800', `last_name:"${'\\'.repeat(50)}`]) {
        await expect(search(query)).resolves.toEqual(expect.any(Array));
      }
      expect(await search('created_at:>2024-02-30')).toEqual([]);
      // Queries longer than the bound are cut, not refused.
      await expect(search(`tag:vip ${'('.repeat(100_000)}`)).resolves.toEqual([0, 2, 5]);
    });

    it.each(CUSTOMER_SORT_KEYS.flatMap((key) => [[key, false] as const, [key, true] as const]))('sorts by %s (reverse %s) across pages, ties by id', async (key, reverse) => {
      const want = expected(key, reverse);
      const read = (page: PageRequest) => directory.search(a(), null, { key, reverse }, page);
      expect(idsOf(await read(pageRequest({ first: 250 })))).toEqual(want);
      expect(await walk(read, 3)).toEqual(want);
      expect(await walk(read, 3, false)).toEqual(want);
      // `reverse` may come with the page instead (GraphQL's argument).
      expect(idsOf(await directory.search(a(), null, { key, reverse: false }, pageRequest({ first: 250, reverse })))).toEqual(want);
    });

    it('ranks by the bare words for RELEVANCE, and pages the ranking', async () => {
      const read = (page: PageRequest) => directory.search(a(), 'ada', { key: 'RELEVANCE', reverse: false }, page);
      const all = idsOf(await read(pageRequest({ first: 250 })));
      expect(who(all).sort()).toEqual([0, 6]);
      expect(await walk(read, 1)).toEqual(all);
    });

    it('refuses a cursor of another sort key or of the REST list', async () => {
      const page = await directory.search(a(), null, { key: 'ORDERS_COUNT', reverse: false }, pageRequest({ first: 1 }));
      const cursor = page.items[0]!.cursor;
      await expect(directory.search(a(), null, { key: 'TOTAL_SPENT', reverse: false }, pageRequest({ first: 1, after: cursor }))).rejects.toMatchObject({
        code: 'INVALID_CURSOR',
      });
      const listCursor = (await directory.list(a(), {}, pageRequest({ first: 1 }))).items[0]!.cursor;
      await expect(directory.search(a(), null, { key: 'ID', reverse: false }, pageRequest({ first: 1, after: listCursor }))).rejects.toMatchObject({ code: 'INVALID_CURSOR' });
      await expect(directory.list(a(), {}, pageRequest({ first: 1, after: cursor }))).rejects.toMatchObject({ code: 'INVALID_CURSOR' });
    });

    it("never finds another shop's customers", async () => {
      expect(await search('ada')).toEqual([0, 6]);
      const theirs = await directory.search(t.ctxOf(shopB), `id:${ids[0]} OR tag:vip`, { key: 'ID', reverse: false }, pageRequest({ first: 250 }));
      expect(idsOf(theirs)).toEqual([foreignId]);
    });

    it('costs two statements per page whatever its size, sorted by location and filtered', async () => {
      const run = (first: number) => sqlDuring(() => directory.search(a(), 'country:CA OR tag:vip', { key: 'LOCATION', reverse: false }, pageRequest({ first })));
      await run(1);
      const one = await run(1);
      const fifty = await run(50);
      expect(one.result.items).toHaveLength(1);
      expect(fifty.result.items).toHaveLength(4);
      expect(one.statements).toHaveLength(2);
      expect(fifty.statements).toHaveLength(2);
    });

    it('never throws on any query, for any sort (property)', async () => {
      const fuzz = fuzzSettings(40);
      const { parameters } = fuzz.budget(500);
      await fc.assert(
        fc.asyncProperty(anySearchQuery, fc.constantFrom(...CUSTOMER_SORT_KEYS), fc.boolean(), async (query, key, reverse) => {
          const page = await directory.search(a(), query, { key, reverse }, pageRequest({ first: 5 }));
          expect(page.items.length).toBeLessThanOrEqual(5);
          expect(await directory.searchCount(a(), query)).toBeGreaterThanOrEqual(page.items.length);
        }),
        parameters,
      );
    }, 120_000);
  });
});
