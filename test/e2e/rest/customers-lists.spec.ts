import type pg from 'pg';
import { type CustomerTraits, createCustomer } from '@platform/customers/testing';
import { sqlDuring } from '../../support/sql.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { REST_LIMITS, type RestCall, contextOf, linkTo, openDatabase, restClient } from './admin-rest.js';

// The REST customer lists (spec 3): the list with its filters and Link paging, count, and search with the hosted
// syntax and `order`; another shop's customers never appear, and statements do not grow with the page size.

interface Person {
  traits: CustomerTraits;
  country: [string, string];
  createdAt: string;
  updatedAt: string;
  ordersCount: number;
  totalSpent: string;
  lastOrderAt: string | null;
}

const PEOPLE: Person[] = [
  { traits: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@math.example', tags: ['vip'], state: 'enabled' }, country: ['Canada', 'CA'], createdAt: '2026-01-01T10:00:00Z', updatedAt: '2026-05-01T10:00:00Z', ordersCount: 7, totalSpent: '700.00', lastOrderAt: '2026-01-05T10:00:00Z' },
  { traits: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@navy.example', tags: ['vip', 'navy'], state: 'disabled' }, country: ['United States', 'US'], createdAt: '2026-02-01T10:00:00Z', updatedAt: '2026-02-02T10:00:00Z', ordersCount: 2, totalSpent: '150.00', lastOrderAt: '2026-03-01T10:00:00Z' },
  { traits: { firstName: 'Alan', lastName: 'Turing', email: 'alan@bletchley.example', tags: [], state: 'invited' }, country: ['United Kingdom', 'GB'], createdAt: '2026-03-01T10:00:00Z', updatedAt: '2026-03-02T10:00:00Z', ordersCount: 0, totalSpent: '0.00', lastOrderAt: null },
  { traits: { firstName: 'Katherine', lastName: 'Johnson', email: 'katherine@nasa.example', tags: ['nasa'], state: 'enabled' }, country: ['United States', 'US'], createdAt: '2026-04-01T10:00:00Z', updatedAt: '2026-04-02T10:00:00Z', ordersCount: 12, totalSpent: '1200.50', lastOrderAt: '2026-02-10T10:00:00Z' },
  { traits: { firstName: 'Mary', lastName: 'Jackson', email: 'mary@nasa.example', tags: ['nasa', 'vip'], state: 'disabled' }, country: ['United States', 'US'], createdAt: '2026-05-01T10:00:00Z', updatedAt: '2026-05-02T10:00:00Z', ordersCount: 1, totalSpent: '20.00', lastOrderAt: '2025-12-24T10:00:00Z' },
  { traits: { firstName: 'Ada', lastName: 'Smith', email: 'ada.smith@example.com', tags: [], state: 'disabled' }, country: ['Canada', 'CA'], createdAt: '2026-06-01T10:00:00Z', updatedAt: '2026-06-02T10:00:00Z', ordersCount: 6, totalSpent: '60.00', lastOrderAt: '2026-03-15T10:00:00Z' },
  { traits: { firstName: 'Tim', lastName: 'Berners-Lee', email: 'tim@web.example', tags: ['web'], state: 'enabled' }, country: ['United Kingdom', 'GB'], createdAt: '2026-07-01T10:00:00Z', updatedAt: '2026-07-02T10:00:00Z', ordersCount: 0, totalSpent: '0.00', lastOrderAt: null },
];

describe('REST customer lists', () => {
  let t: TestApp;
  let acme: TestShop;
  let globex: TestShop;
  let rest: RestCall;
  let db: pg.Client;
  /** Acme's customer ids in PEOPLE's order. */
  let ids: number[];
  let foreignIds: number[];

  beforeAll(async () => {
    t = await createTestApp({}, REST_LIMITS);
    acme = await t.createShop('acme');
    globex = await t.createShop('globex');
    rest = restClient(t, acme);
    db = await openDatabase(t);
    ids = await seed(acme, PEOPLE);
    // Another shop with customers every search below would find.
    foreignIds = await seed(globex, [
      { ...PEOPLE[0]!, traits: { ...PEOPLE[0]!.traits, email: 'ada@globex.example' }, ordersCount: 9 },
      { ...PEOPLE[6]!, traits: { ...PEOPLE[6]!.traits, email: 'tim@globex.example', tags: ['web', 'vip', 'navy', 'nasa'] } },
    ]);
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  async function seed(shop: TestShop, people: Person[]): Promise<number[]> {
    const ctx = contextOf(t, shop);
    const made: number[] = [];
    for (const p of people) {
      const { id } = await createCustomer(ctx, { ...p.traits, addresses: [{ address1: '1 Main St', city: 'Somewhere', country: p.country[0], countryCode: p.country[1] }] });
      await db.query('update customers set created_at = $2, updated_at = $3, orders_count = $4, total_spent = $5, last_order_at = $6 where id = $1', [
        id, p.createdAt, p.updatedAt, p.ordersCount, p.totalSpent, p.lastOrderAt,
      ]);
      made.push(id);
    }
    return made;
  }

  const idsOf = (body: { customers: { id: number }[] }) => body.customers.map((c) => c.id);
  const at = (...indexes: number[]) => indexes.map((i) => ids[i]!);

  /** Every page from `path` on by its Link `next`, checked to be in ascending id order unless `sorted` is false. */
  async function walk(path: string): Promise<{ pages: number[][]; last: string | undefined }> {
    const pages: number[][] = [];
    let next: string | undefined = path;
    let previous: string | undefined;
    while (next) {
      const res = await rest('GET', next);
      expect(res.status).toBe(200);
      pages.push(idsOf(res.body));
      if (pages.length > 1) expect(linkTo(res.headers.link, 'previous')).toBeDefined();
      previous = linkTo(res.headers.link, 'previous');
      next = linkTo(res.headers.link, 'next');
      expect(pages.length).toBeLessThan(20);
    }
    return { pages, last: previous };
  }

  describe('list', () => {
    it('walks every customer of the shop by Link at limit 2: each page ascending, no duplicates, the exact set', async () => {
      const { pages, last } = await walk('customers.json?limit=2');
      expect(pages).toEqual([at(0, 1), at(2, 3), at(4, 5), at(6)]);
      const all = pages.flat();
      expect(new Set(all).size).toBe(all.length);
      const [{ n }] = (await db.query('select count(*)::int as n from customers where shop_id = $1', [acme.shop.id])).rows;
      expect(all).toHaveLength(n);
      // And back from the last page.
      const back = await rest('GET', last!);
      expect(idsOf(back.body)).toEqual(at(4, 5));
    });

    it('sends no Link when the list fits one page, and answers every field of each customer', async () => {
      const res = await rest('GET', 'customers.json?limit=250');
      expect(res.headers.link).toBeUndefined();
      expect(idsOf(res.body)).toEqual(ids);
      const [first] = res.body.customers;
      expect(first).toMatchObject({ id: ids[0], email: 'ada@math.example', tags: 'vip', orders_count: 7, total_spent: '700.00', state: 'enabled', admin_graphql_api_id: `gid://platform/Customer/${ids[0]}` });
      expect(first.addresses).toEqual([expect.objectContaining({ country_code: 'CA', country_name: 'Canada', default: true })]);
      expect((await rest('GET', `customers/${ids[0]}.json`)).body.customer).toEqual(first);
    });

    it('keeps only the fields asked for, on every page', async () => {
      const res = await rest('GET', 'customers.json?limit=3&fields=email,id');
      expect(res.body.customers).toEqual([
        { id: ids[0], email: 'ada@math.example' },
        { id: ids[1], email: 'grace@navy.example' },
        { id: ids[2], email: 'alan@bletchley.example' },
      ]);
      const next = await rest('GET', linkTo(res.headers.link, 'next')!);
      expect(next.body.customers.map((c: object) => Object.keys(c))).toEqual([['id', 'email'], ['id', 'email'], ['id', 'email']]);
    });

    it.each([
      ['ids', () => `ids=${ids[1]},${ids[4]},${foreignIds[0]},999999999`, () => at(1, 4)],
      ['ids with empty items', () => `ids=${ids[1]},,${ids[4]},`, () => at(1, 4)],
      ['since_id', () => `since_id=${ids[4]}`, () => at(5, 6)],
      ['created_at_min', () => 'created_at_min=2026-04-01T09:00:00Z', () => at(3, 4, 5, 6)],
      ['created_at_max', () => 'created_at_max=2026-02-01 12:00:00', () => at(0, 1)],
      ['updated_at_min and max', () => 'updated_at_min=2026-04-01&updated_at_max=2026-06-30T00:00:00-04:00', () => at(0, 3, 4, 5)],
      ['created_at with an offset', () => 'created_at_min=2026-03-01T05:00:00-04:00&created_at_max=2026-03-01T07:00:00-0400', () => at(2)],
    ])('filters by %s, and count answers the same filters', async (_case, query, expected) => {
      const list = await rest('GET', `customers.json?${query()}`);
      expect(list.status).toBe(200);
      expect(idsOf(list.body)).toEqual(expected());
      const count = await rest('GET', `customers/count.json?${query()}`);
      expect(count.body).toEqual({ count: expected().length });
    });

    it('keeps the filters on every page of a walk', async () => {
      const { pages } = await walk(`customers.json?limit=1&since_id=${ids[3]}&created_at_max=2026-06-30`);
      expect(pages).toEqual([at(4), at(5)]);
    });

    it('counts the shop’s customers only', async () => {
      expect((await rest('GET', 'customers/count.json')).body).toEqual({ count: PEOPLE.length });
    });

    it.each([
      ['limit=0', 'limit'],
      ['limit=251', 'limit'],
      ['limit=1&limit=2', 'limit'],
      ['ids=abc', 'ids'],
      ['ids=1,x,2', 'ids'],
      ['since_id=-1', 'since_id'],
      ['created_at_min=yesterday', 'created_at_min'],
      ['created_at_max=2026-02-30', 'created_at_max'],
      ['updated_at_min=2026-01-01T25:00:00Z', 'updated_at_min'],
      ['page_info=nonsense', 'page_info'],
    ])('answers ?%s with 400 naming the parameter', async (query, parameter) => {
      for (const path of ['customers.json', 'customers/count.json']) {
        if (path.includes('count') && /limit|page_info/.test(query)) continue;
        const res = await rest('GET', `${path}?${query}`);
        expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 400, body: { errors: { [parameter]: 'Invalid value.' } } });
      }
    });

    it('refuses a filter beside a page_info', async () => {
      const next = linkTo((await rest('GET', 'customers.json?limit=2')).headers.link, 'next')!;
      const res = await rest('GET', `${next}&since_id=1`);
      expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { errors: { page_info: 'Invalid value.' } } });
    });
  });

  describe('search', () => {
    it.each([
      ['field:value', 'email:grace@navy.example', [1]],
      ['a name', 'first_name:Ada', [0, 5]],
      ['negation', 'state:enabled -tag:vip', [3, 6]],
      ['NOT', 'tag:nasa AND NOT tag:vip', [3]],
      ['a comparison', 'orders_count:>5', [0, 3, 5]],
      ['a money comparison', 'total_spent:>=150', [0, 1, 3]],
      ['a quoted value', 'last_name:"Berners-Lee"', [6]],
      ['OR', 'tag:navy OR tag:web', [1, 6]],
      ['a country', 'country:GB', [2, 6]],
      ['a state', 'state:invited', [2]],
    ])('finds by %s (%s), and never another shop’s customers', async (_case, query, expected) => {
      const res = await rest('GET', `customers/search.json?query=${encodeURIComponent(query)}&order=id`);
      expect(res.status).toBe(200);
      expect(idsOf(res.body)).toEqual(at(...expected));
    });

    it('orders by last_order_date DESC by default and as asked, customers without orders last', async () => {
      const byLastOrder = PEOPLE.map((p, i) => ({ id: ids[i]!, at: p.lastOrderAt ? Date.parse(p.lastOrderAt) : 0 }))
        .sort((a, b) => b.at - a.at || b.id - a.id)
        .map((c) => c.id);
      expect(idsOf((await rest('GET', 'customers/search.json?order=last_order_date%20DESC')).body)).toEqual(byLastOrder);
      expect(idsOf((await rest('GET', 'customers/search.json')).body)).toEqual(byLastOrder);
      expect(idsOf((await rest('GET', 'customers/search.json?order=last_order_date%20asc')).body)).toEqual([...byLastOrder].reverse());
      const byOrders = PEOPLE.map((p, i) => ({ id: ids[i]!, n: p.ordersCount })).sort((a, b) => a.n - b.n || a.id - b.id).map((c) => c.id);
      expect(idsOf((await rest('GET', 'customers/search.json?order=orders_count')).body)).toEqual(byOrders);
    });

    it('orders by last_name (then first name) as by name', async () => {
      const byName = PEOPLE.map((p, i) => ({ id: ids[i]!, name: `${p.traits.lastName} ${p.traits.firstName}`.toLowerCase() }))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id))
        .map((c) => c.id);
      const asc = await rest('GET', `customers/search.json?order=${encodeURIComponent('last_name ASC')}`);
      expect(asc.status).toBe(200);
      expect(idsOf(asc.body)).toEqual(byName);
      expect(idsOf((await rest('GET', `customers/search.json?order=${encodeURIComponent('last_name DESC')}`)).body)).toEqual([...byName].reverse());
      expect(idsOf((await rest('GET', 'customers/search.json?order=name')).body)).toEqual(byName);
    });

    it('walks a sorted search by Link, keeping the query and the order', async () => {
      const query = encodeURIComponent('tag:vip OR tag:nasa');
      const { pages } = await walk(`customers/search.json?query=${query}&order=${encodeURIComponent('total_spent DESC')}&limit=2&fields=id`);
      // 1200.50, 700.00, 150.00, 20.00
      expect(pages).toEqual([at(3, 0), at(1, 4)]);
    });

    it('answers an unknown order with 400 order, and a page_info with a query beside it with 400 page_info', async () => {
      for (const order of ['bogus', 'email%20DESC', 'first_name', 'state%20ASC', 'last_order_date%20sideways']) {
        const res = await rest('GET', `customers/search.json?query=a&order=${order}`);
        expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { errors: { order: 'Invalid value.' } } });
      }
      const next = linkTo((await rest('GET', 'customers/search.json?limit=1')).headers.link, 'next')!;
      const res = await rest('GET', `${next}&query=tag:vip`);
      expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { errors: { page_info: 'Invalid value.' } } });
    });

    it('answers hostile queries without an error', async () => {
      for (const query of ['', '"', 'AND OR NOT', '((((', 'orders_count:>abc', 'x'.repeat(20_000), "'; drop table customers; --", 'email:', '-', '😀']) {
        const res = await rest('GET', `customers/search.json?query=${encodeURIComponent(query)}`);
        expect({ query: query.slice(0, 20), status: res.status }).toEqual({ query: query.slice(0, 20), status: 200 });
      }
    });
  });

  describe('statements', () => {
    it.each([
      ['list', (limit: number) => `customers.json?limit=${limit}`],
      ['search', (limit: number) => `customers/search.json?query=${encodeURIComponent('-state:declined')}&limit=${limit}`],
      ['count', () => 'customers/count.json?since_id=1'],
    ])('runs as many statements for the %s at limit 1 as at limit 50', async (_case, path) => {
      await rest('GET', path(1));
      const one = await sqlDuring(() => rest('GET', path(1)));
      const fifty = await sqlDuring(() => rest('GET', path(50)));
      expect(one.result.status).toBe(200);
      expect(fifty.result.status).toBe(200);
      expect(fifty.statements.length).toBe(one.statements.length);
      expect(one.statements.length).toBeLessThanOrEqual(3);
    });
  });
});
