import type pg from 'pg';
import { ManualClock } from '@platform/clock';
import { CustomersService } from '@platform/customers';
import { createCustomer } from '@platform/customers/testing';
import { createOrder } from '@platform/orders/testing';
import { RowCounter, changedCounts } from '../../support/row-counts.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { REST_LIMITS, type RestCall, adminTokenWith, contextOf, openDatabase, restClient } from './admin-rest.js';

// The legacy REST customer resource (spec 3), one customer at a time: create, get, update, delete, the activation
// URL and the invite, every error row of spec 3, scopes, another shop's customers and hostile bodies.

const CUSTOMER_KEYS = [
  'id', 'email', 'created_at', 'updated_at', 'first_name', 'last_name', 'orders_count', 'state', 'total_spent', 'last_order_id',
  'note', 'verified_email', 'multipass_identifier', 'tax_exempt', 'tags', 'last_order_name', 'currency', 'phone', 'addresses',
  'tax_exemptions', 'email_marketing_consent', 'sms_marketing_consent', 'admin_graphql_api_id', 'default_address',
];
const ADDRESS_KEYS = [
  'id', 'customer_id', 'first_name', 'last_name', 'company', 'address1', 'address2', 'city', 'province', 'country', 'zip', 'phone',
  'name', 'province_code', 'country_code', 'country_name', 'default',
];
const STRONG_PASSWORD = 'correct horse battery staple';

describe('REST customers', () => {
  let t: TestApp;
  let acme: TestShop;
  let globex: TestShop;
  let rest: RestCall;
  let db: pg.Client;
  let rows: RowCounter;
  let made = 0;
  // The app's clock, which nothing here moves: times the platform sets (consent, a link's expiry) are exact.
  const clock = new ManualClock();

  beforeAll(async () => {
    t = await createTestApp({}, REST_LIMITS, { clock });
    acme = await t.createShop('acme');
    globex = await t.createShop('globex');
    rest = restClient(t, acme);
    db = await openDatabase(t);
    rows = await RowCounter.open(t.databaseUrl);
  });
  afterAll(async () => {
    await rows?.close();
    await db?.end();
    await t?.close();
  });

  const unique = () => `rest-${++made}`;
  const newCustomer = (extra: Record<string, unknown> = {}) => ({ first_name: 'Steve', last_name: `Lastnameson ${unique()}`, email: `${unique()}@example.com`, ...extra });
  const create = async (extra: Record<string, unknown> = {}) => {
    const res = await rest('POST', 'customers.json', { customer: newCustomer(extra) });
    expect(res.status).toBe(201);
    return res.body.customer;
  };

  /** Sends `body` and expects it refused with `status` and nothing written. */
  async function refused(method: string, path: string, body: unknown, status: number, options?: { rawBody?: string }) {
    const before = await rows.counts();
    const res = await rest(method, path, body, options);
    expect({ status: res.status, changed: changedCounts(before, await rows.counts()) }).toEqual({ status, changed: [] });
    return res.body;
  }

  describe('create and get', () => {
    it('creates a customer with addresses, tags, consent and metafields: 201 with every field in the hosted order', async () => {
      const body = {
        customer: {
          first_name: 'Steve',
          last_name: 'Lastnameson',
          email: 'Steve.Lastnameson@Example.com',
          phone: '+15142546011',
          verified_email: true,
          note: 'Prefers mornings',
          tags: 'wholesale, vip',
          tax_exempt: true,
          tax_exemptions: [],
          addresses: [{ address1: '123 Oak St', city: 'Ottawa', province: 'Ontario', province_code: 'ON', phone: '555-1212', zip: '123 ABC', last_name: 'Lastnameson', first_name: 'Mother', country: 'CA' }],
          email_marketing_consent: { state: 'subscribed', opt_in_level: 'single_opt_in' },
          metafields: [{ namespace: 'custom', key: 'loyalty_tier', value: 'gold', type: 'single_line_text_field' }],
          send_email_welcome: false,
        },
      };
      const res = await rest('POST', 'customers.json', body);
      expect(res.status).toBe(201);
      const customer = res.body.customer;
      expect(Object.keys(res.body)).toEqual(['customer']);
      expect(Object.keys(customer)).toEqual(CUSTOMER_KEYS);
      expect(customer).toMatchObject({
        email: 'steve.lastnameson@example.com',
        first_name: 'Steve',
        last_name: 'Lastnameson',
        orders_count: 0,
        state: 'disabled',
        total_spent: '0.00',
        last_order_id: null,
        last_order_name: null,
        note: 'Prefers mornings',
        verified_email: true,
        tax_exempt: true,
        tags: expect.stringMatching(/^(vip, wholesale|wholesale, vip)$/),
        currency: acme.shop.currency,
        phone: '+15142546011',
        admin_graphql_api_id: `gid://platform/Customer/${customer.id}`,
        email_marketing_consent: { state: 'subscribed', opt_in_level: 'single_opt_in', consent_updated_at: expect.any(String) },
      });
      // consent_updated_at defaults to the time of the request.
      expect(Date.parse(customer.email_marketing_consent.consent_updated_at)).toBe(clock.now());
      expect(customer.addresses).toHaveLength(1);
      const [address] = customer.addresses;
      expect(Object.keys(address)).toEqual(ADDRESS_KEYS);
      expect(address).toMatchObject({
        customer_id: customer.id,
        first_name: 'Mother',
        last_name: 'Lastnameson',
        address1: '123 Oak St',
        city: 'Ottawa',
        country: 'Canada',
        country_code: 'CA',
        country_name: 'Canada',
        name: 'Mother Lastnameson',
        default: true,
      });
      expect(customer.default_address).toEqual(address);
      expect(res.text).not.toMatch(/password|scrypt|activation_token/i);

      const got = await rest('GET', `customers/${customer.id}.json`);
      expect(got.status).toBe(200);
      expect(got.body).toEqual({ customer });
      const [metafield] = (await db.query(`select namespace, key, value from metafields where shop_id = $1 and owner_type = 'CUSTOMER' and owner_id = $2`, [acme.shop.id, customer.id])).rows;
      expect(metafield).toEqual({ namespace: 'custom', key: 'loyalty_tier', value: 'gold' });
    });

    it('creates enabled with a password and its confirmation, disabled without, invited with send_email_invite', async () => {
      const enabled = await create({ password: STRONG_PASSWORD, password_confirmation: STRONG_PASSWORD, send_email_welcome: false });
      expect(enabled.state).toBe('enabled');
      expect(JSON.stringify(enabled)).not.toContain(STRONG_PASSWORD);
      expect((await create()).state).toBe('disabled');
      expect((await create({ send_email_invite: true })).state).toBe('invited');
    });

    it('creates with only a phone, or only a name', async () => {
      expect((await rest('POST', 'customers.json', { customer: { phone: '+16135550100' } })).status).toBe(201);
      expect((await rest('POST', 'customers.json', { customer: { last_name: 'Only' } })).status).toBe(201);
    });

    it('answers the ten most recently updated addresses and the default one', async () => {
      const addresses = Array.from({ length: 12 }, (_, i) => ({ address1: `${i + 1} Elm St`, city: 'Ottawa', country_code: 'CA', default: i === 0 }));
      const customer = await create({ addresses });
      expect(customer.addresses).toHaveLength(10);
      expect(customer.default_address).toMatchObject({ address1: '1 Elm St', default: true, country_name: 'Canada' });
      const [{ n }] = (await db.query('select count(*)::int as n from customer_addresses where customer_id = $1', [customer.id])).rows;
      expect(n).toBe(12);
    });

    it('answers a malformed, unknown or foreign id with 404, as an unknown one', async () => {
      const foreign = await createCustomer(contextOf(t, globex));
      for (const id of ['abc', '1.5', '0', '-1', '99999999999999999999', '9007199254740993', '999999999', String(foreign.id)]) {
        const res = await rest('GET', `customers/${id}.json`);
        expect({ id, status: res.status, body: res.body }).toEqual({ id, status: 404, body: { errors: 'Not Found' } });
      }
    });
  });

  describe('addresses: country and province', () => {
    const address = async (fields: Record<string, unknown>) => (await create({ addresses: [fields] })).addresses[0];

    it('names the country and province from their names, and their codes from the names (any case)', async () => {
      expect(await address({ city: 'Ottawa', province: 'Ontario', country: 'Canada' })).toMatchObject({
        city: 'Ottawa', province: 'Ontario', province_code: 'ON', country: 'Canada', country_code: 'CA', country_name: 'Canada', name: '',
      });
      expect(await address({ province: 'new york', country: 'united states' })).toMatchObject({
        province: 'New York', province_code: 'NY', country: 'United States', country_code: 'US',
      });
    });

    it('names the country and province from their codes', async () => {
      expect(await address({ country_code: 'fr' })).toMatchObject({ country: 'France', country_code: 'FR', country_name: 'France', province: null, province_code: null });
      expect(await address({ country: 'CA', province_code: 'qc' })).toMatchObject({ country: 'Canada', country_code: 'CA', province: 'Quebec', province_code: 'QC' });
      expect(await address({ country_code: 'US', province: 'TX' })).toMatchObject({ country: 'United States', province: 'Texas', province_code: 'TX' });
    });

    it('keeps the province of a country without a province list as given', async () => {
      expect(await address({ country: 'France', province: 'Île-de-France' })).toMatchObject({ country_code: 'FR', province: 'Île-de-France', province_code: null });
    });

    it('completes a province changed without its country from the address country', async () => {
      const customer = await create({ addresses: [{ city: 'Ottawa', province: 'Ontario', country: 'Canada' }] });
      const [{ id }] = customer.addresses;
      const res = await rest('PUT', `customers/${customer.id}.json`, { customer: { addresses: [{ id, province: 'quebec' }] } });
      expect(res.status).toBe(200);
      expect(res.body.customer.addresses[0]).toMatchObject({ province: 'Quebec', province_code: 'QC', country_code: 'CA' });
      const wrong = await refused('PUT', `customers/${customer.id}.json`, { customer: { addresses: [{ id, province: 'Texas' }] } }, 422);
      expect(wrong).toEqual({ errors: { 'addresses.province': ['is not a province of Canada'] } });
    });

    it.each([
      ['an unknown country', { country: 'Atlantis' }, 'addresses.country'],
      ['an unknown country code', { country_code: 'QQ' }, 'addresses.country_code'],
      ['an unknown province of a country with a list', { country: 'Canada', province: 'Texas' }, 'addresses.province'],
      ["a province code not of the country's list", { country_code: 'US', province_code: 'ZZ' }, 'addresses.province_code'],
    ])('answers %s with 422 keyed by the field, writing nothing', async (_case, fields, key) => {
      const answer = await refused('POST', 'customers.json', { customer: newCustomer({ addresses: [fields] }) }, 422);
      expect(Object.keys(answer.errors)).toEqual([key]);
    });

    it('finds the customer by country name or code in the search', async () => {
      const customer = await create({ addresses: [{ city: 'Paris', country_code: 'FR' }] });
      for (const country of ['France', 'FR', 'france']) {
        const res = await rest('GET', `customers/search.json?query=${encodeURIComponent(`country:${country} email:${customer.email}`)}`);
        expect({ country, ids: res.body.customers?.map((c: { id: number }) => c.id) }).toEqual({ country, ids: [customer.id] });
      }
    });
  });

  describe('fields', () => {
    it('answers only the fields asked for on a single customer', async () => {
      const customer = await create();
      const res = await rest('GET', `customers/${customer.id}.json?fields=id,email`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ customer: { id: customer.id, email: customer.email } });
    });
  });

  describe("spec 3's error rows", () => {
    it('answers an email already used (any case) with 422 errors.email, writing nothing', async () => {
      const first = await create();
      const body = await refused('POST', 'customers.json', { customer: newCustomer({ email: first.email.toUpperCase() }) }, 422);
      expect(body).toEqual({ errors: { email: ['has already been taken'] } });
    });

    it('answers a phone already used (in another notation) with 422 errors.phone', async () => {
      await create({ phone: '+16135550123' });
      const body = await refused('POST', 'customers.json', { customer: newCustomer({ phone: '+1 613 555 0123' }) }, 422);
      expect(body).toEqual({ errors: { phone: ['has already been taken'] } });
    });

    it('answers every problem at once', async () => {
      const first = await create({ phone: '+16135550124' });
      const body = await refused('POST', 'customers.json', { customer: newCustomer({ email: first.email, phone: first.phone }) }, 422);
      expect(body).toEqual({ errors: { email: ['has already been taken'], phone: ['has already been taken'] } });
    });

    it('answers a customer with no email, phone or name with 422 errors.base', async () => {
      const body = await refused('POST', 'customers.json', { customer: { note: 'nobody', tags: 'ghost' } }, 422);
      expect(body).toEqual({ errors: { base: [expect.any(String)] } });
      expect(body.errors.base[0]).toMatch(/name|phone|email/i);
    });

    it('keys a mismatched confirmation and a weak password by their fields', async () => {
      const mismatch = await refused('POST', 'customers.json', { customer: newCustomer({ password: STRONG_PASSWORD, password_confirmation: 'something else' }) }, 422);
      expect(Object.keys(mismatch.errors)).toEqual(['password_confirmation']);
      const weak = await refused('POST', 'customers.json', { customer: newCustomer({ password: 'abc', password_confirmation: 'abc' }) }, 422);
      expect(Object.keys(weak.errors)).toEqual(['password']);
    });

    it.each([
      ['a key over 30 characters', { key: 'k'.repeat(31) }, 'metafields.key'],
      ['a namespace over 20 characters', { namespace: 'n'.repeat(21) }, 'metafields.namespace'],
      ['no value', { value: undefined }, 'metafields.value'],
      ['no type', { type: undefined }, 'metafields.type'],
      ['no key', { key: undefined }, 'metafields.key'],
    ])('answers a metafield with %s with 422 naming the field', async (_case, change, field) => {
      const metafield = { namespace: 'custom', key: 'tier', value: 'gold', type: 'single_line_text_field', ...change };
      const body = await refused('POST', 'customers.json', { customer: newCustomer({ metafields: [metafield] }) }, 422);
      expect(Object.keys(body.errors)).toContain(field);
      expect(body.errors[field]).toEqual([expect.any(String)]);
    });

    it('answers email marketing consent without an email with 422 naming the consent', async () => {
      const body = await refused('POST', 'customers.json', { customer: { phone: '+16135550999', email_marketing_consent: { state: 'subscribed' } } }, 422);
      expect(Object.keys(body.errors)).toEqual(['email_marketing_consent']);
    });

    it('checks metafields on update too, and stores valid ones', async () => {
      const customer = await create();
      const body = await refused('PUT', `customers/${customer.id}.json`, { customer: { metafields: [{ namespace: 'n'.repeat(21), key: 'size', value: 'v', type: 'single_line_text_field' }] } }, 422);
      expect(Object.keys(body.errors)).toEqual(['metafields.namespace']);
      const ok = await rest('PUT', `customers/${customer.id}.json`, { customer: { metafields: [{ namespace: 'custom', key: 'size', value: 42, type: 'number_integer' }] } });
      expect(ok.status).toBe(200);
      const rows = (await db.query(`select key, value from metafields where owner_type = 'CUSTOMER' and owner_id = $1`, [customer.id])).rows;
      expect(rows).toEqual([{ key: 'size', value: '42' }]);
    });

    it('says a metafield key or namespace is too short', async () => {
      const metafield = { namespace: 'ab', key: 'k', value: 'v', type: 'single_line_text_field' };
      expect(await refused('POST', 'customers.json', { customer: newCustomer({ metafields: [metafield] }) }, 422)).toEqual({
        errors: { 'metafields.namespace': ['is too short (minimum is 3 characters)'], 'metafields.key': ['is too short (minimum is 2 characters)'] },
      });
    });

    it('answers an update of a missing customer with 404 and an errors string', async () => {
      const body = await refused('PUT', 'customers/999999999.json', { customer: { id: 999999999, note: 'x' } }, 404);
      expect(body).toEqual({ errors: 'Not Found' });
    });
  });

  describe('update', () => {
    it('changes the fields given, replaces the tags as a whole and leaves the rest', async () => {
      const customer = await create({ tags: 'a, b', note: 'keep me' });
      const res = await rest('PUT', `customers/${customer.id}.json`, { customer: { id: customer.id, first_name: 'Stephen', tags: 'c' } });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['customer']);
      expect(res.body.customer).toMatchObject({ id: customer.id, first_name: 'Stephen', last_name: customer.last_name, tags: 'c', note: 'keep me', email: customer.email });
      expect(Date.parse(res.body.customer.updated_at)).toBeGreaterThanOrEqual(Date.parse(customer.updated_at));
      expect((await rest('GET', `customers/${customer.id}.json`)).body).toEqual(res.body);
      // null clears
      const cleared = await rest('PUT', `customers/${customer.id}.json`, { customer: { note: null, tags: '' } });
      expect(cleared.body.customer).toMatchObject({ note: null, tags: '' });
    });

    it('answers an email taken by another customer with 422 errors.email, changing nothing', async () => {
      const [first, second] = [await create(), await create()];
      const body = await refused('PUT', `customers/${second.id}.json`, { customer: { email: first.email } }, 422);
      expect(body).toEqual({ errors: { email: ['has already been taken'] } });
      expect((await rest('GET', `customers/${second.id}.json`)).body.customer.email).toBe(second.email);
    });

    it('answers an update that leaves no email, phone or name with 422 errors.base', async () => {
      const customer = await rest('POST', 'customers.json', { customer: { email: `${unique()}@example.com` } });
      const body = await refused('PUT', `customers/${customer.body.customer.id}.json`, { customer: { email: null } }, 422);
      expect(Object.keys(body.errors)).toEqual(['base']);
    });

    it("answers an update of another shop's customer or a malformed id with 404, changing nothing", async () => {
      const foreign = await createCustomer(contextOf(t, globex), { note: 'theirs' });
      for (const id of [String(foreign.id), 'abc', '1.5', '99999999999999999999']) {
        expect(await refused('PUT', `customers/${id}.json`, { customer: { note: 'mine' } }, 404)).toEqual({ errors: 'Not Found' });
      }
      const [row] = (await db.query('select note from customers where id = $1', [foreign.id])).rows;
      expect(row.note).toBe('theirs');
    });
  });

  describe('delete', () => {
    it('deletes a customer without orders: 200 {}, then 404', async () => {
      const customer = await create();
      const res = await rest('DELETE', `customers/${customer.id}.json`);
      expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: {} });
      expect((await rest('GET', `customers/${customer.id}.json`)).status).toBe(404);
      expect((await rest('DELETE', `customers/${customer.id}.json`)).status).toBe(404);
    });

    it('refuses to delete a customer with orders: 422 errors.base', async () => {
      const customer = await create();
      const ctx = contextOf(t, acme);
      await createOrder(ctx, { customerId: customer.id });
      await t.app.get(CustomersService).addOrderStats(ctx, [{ customerId: customer.id, ordersCount: 1, amountSpent: '10.00' }]);
      const body = await refused('DELETE', `customers/${customer.id}.json`, undefined, 422);
      expect(body).toEqual({ errors: { base: [expect.any(String)] } });
      expect((await rest('GET', `customers/${customer.id}.json`)).status).toBe(200);
    });

    it("answers a delete of another shop's customer with 404, deleting nothing", async () => {
      const foreign = await createCustomer(contextOf(t, globex));
      expect(await refused('DELETE', `customers/${foreign.id}.json`, undefined, 404)).toEqual({ errors: 'Not Found' });
    });
  });

  describe('account activation URL', () => {
    it('answers a one-time URL on the request origin; a new one replaces it', async () => {
      const customer = await create();
      const first = await rest('POST', `customers/${customer.id}/account_activation_url.json`);
      expect(first.status).toBe(200);
      expect(Object.keys(first.body)).toEqual(['account_activation_url']);
      const url = new URL(first.body.account_activation_url);
      expect(url.origin).toBe(`http://${acme.host}`);
      expect(url.pathname).toMatch(new RegExp(`^/account/activate/${customer.id}/[\\w-]{20,}$`));
      const second = await rest('POST', `customers/${customer.id}/account_activation_url.json`);
      expect(second.body.account_activation_url).not.toBe(first.body.account_activation_url);
      const [row] = (await db.query('select activation_expires_at from customers where id = $1', [customer.id])).rows;
      expect(row.activation_expires_at.getTime()).toBe(clock.now() + 30 * 86_400_000);
    });

    it('answers 422 with a message for an enabled customer, 404 for an unknown or foreign one', async () => {
      const enabled = await create({ password: STRONG_PASSWORD, password_confirmation: STRONG_PASSWORD, send_email_welcome: false });
      const body = await refused('POST', `customers/${enabled.id}/account_activation_url.json`, undefined, 422);
      expect(body).toEqual({ errors: { base: [expect.any(String)] } });
      const foreign = await createCustomer(contextOf(t, globex));
      for (const id of ['999999999', String(foreign.id), 'abc']) {
        expect(await refused('POST', `customers/${id}/account_activation_url.json`, undefined, 404)).toEqual({ errors: 'Not Found' });
      }
    });
  });

  describe('send invite', () => {
    it('queues the default invite without a body: 201 customer_invite, the customer invited', async () => {
      const customer = await create();
      const res = await rest('POST', `customers/${customer.id}/send_invite.json`);
      expect(res.status).toBe(201);
      expect(Object.keys(res.body)).toEqual(['customer_invite']);
      expect(Object.keys(res.body.customer_invite)).toEqual(['to', 'from', 'subject', 'custom_message', 'bcc']);
      expect(res.body.customer_invite).toMatchObject({ to: customer.email, from: expect.stringContaining('@'), subject: expect.any(String), custom_message: '', bcc: [] });
      expect((await rest('GET', `customers/${customer.id}.json`)).body.customer.state).toBe('invited');
    });

    it('sends the invite the body describes', async () => {
      const customer = await create();
      const invite = { to: 'new_address@example.com', from: 'owner@example.com', bcc: ['owner@example.com'], subject: 'Welcome to my new shop', custom_message: 'My awesome new store' };
      const res = await rest('POST', `customers/${customer.id}/send_invite.json`, { customer_invite: invite });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ customer_invite: { to: invite.to, from: invite.from, subject: invite.subject, custom_message: invite.custom_message, bcc: invite.bcc } });
    });

    it('refuses an enabled customer (422), an unknown or foreign one (404) and a malformed invite (400/422)', async () => {
      const enabled = await create({ password: STRONG_PASSWORD, password_confirmation: STRONG_PASSWORD, send_email_welcome: false });
      expect(Object.keys((await refused('POST', `customers/${enabled.id}/send_invite.json`, undefined, 422)).errors)).toEqual(['base']);
      const foreign = await createCustomer(contextOf(t, globex));
      expect(await refused('POST', `customers/${foreign.id}/send_invite.json`, undefined, 404)).toEqual({ errors: 'Not Found' });
      const customer = await create();
      expect(await refused('POST', `customers/${customer.id}/send_invite.json`, { customer_invite: 'now' }, 400)).toEqual({
        errors: { customer_invite: 'Required parameter missing or invalid' },
      });
      expect(Object.keys((await refused('POST', `customers/${customer.id}/send_invite.json`, { customer_invite: { bcc: 'x@example.com' } }, 422)).errors)).toEqual(['bcc']);
    });
  });

  describe('access', () => {
    it('answers 403 naming the scope to a token without it', async () => {
      const readOnly = await adminTokenWith(t, acme, 'read_customers');
      const customer = await create();
      expect((await rest('GET', `customers/${customer.id}.json`, undefined, { token: readOnly })).status).toBe(200);
      const writes: [string, string, unknown?][] = [
        ['POST', 'customers.json', { customer: newCustomer() }],
        ['PUT', `customers/${customer.id}.json`, { customer: { note: 'x' } }],
        ['DELETE', `customers/${customer.id}.json`],
        ['POST', `customers/${customer.id}/account_activation_url.json`],
        ['POST', `customers/${customer.id}/send_invite.json`],
      ];
      for (const [method, path, body] of writes) {
        const res = await rest(method, path, body, { token: readOnly });
        expect({ path, status: res.status, body: res.body }).toEqual({
          path,
          status: 403,
          body: { errors: '[API] This action requires merchant approval for write_customers scope.' },
        });
      }
      const productsOnly = await adminTokenWith(t, acme, 'write_products');
      for (const path of ['customers.json', 'customers/count.json', 'customers/search.json?query=a', `customers/${customer.id}.json`, `customers/${customer.id}/orders.json`]) {
        const res = await rest('GET', path, undefined, { token: productsOnly });
        // A customer's orders are orders: read_orders (decisions.md).
        const scope = path.endsWith('/orders.json') ? 'read_orders' : 'read_customers';
        expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 403, body: { errors: `[API] This action requires merchant approval for ${scope} scope.` } });
      }
    });

    it('answers 401 without a token or with a wrong one', async () => {
      for (const token of [null, 'shpat_not_a_token']) {
        const res = await rest('GET', 'customers.json', undefined, { token });
        expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' } });
      }
    });
  });

  describe('hostile bodies', () => {
    it('answers a missing root key, a body that is not an object and malformed JSON with 400', async () => {
      for (const body of [{}, { customers: {} }, [], 'customer', { customer: 'x' }, { customer: 5 }, { customer: null }, { customer: [newCustomer()] }]) {
        expect(await refused('POST', 'customers.json', body, 400)).toEqual({ errors: { customer: 'Required parameter missing or invalid' } });
      }
      const malformed = await refused('POST', 'customers.json', undefined, 400, { rawBody: '{"customer": {' });
      expect(Object.keys(malformed.errors)).toHaveLength(1);
    });

    it.each([
      ['a number for a name', { first_name: 5 }, 'first_name'],
      ['a list for the email', { email: ['a@example.com'] }, 'email'],
      ['a list for the tags', { tags: ['a', 'b'] }, 'tags'],
      ['a string for a boolean', { tax_exempt: 'yes' }, 'tax_exempt'],
      ['an object for the addresses', { addresses: { address1: 'x' } }, 'addresses'],
      ['a string in the addresses', { addresses: ['x'] }, 'addresses'],
      ['a list for the consent', { email_marketing_consent: [] }, 'email_marketing_consent'],
      ['an object for a metafield value', { metafields: [{ namespace: 'a', key: 'b', type: 'single_line_text_field', value: { x: 1 } }] }, 'value'],
    ])('answers %s with 422 keyed by the field, writing nothing', async (_case, fields, key) => {
      const answer = await refused('POST', 'customers.json', { customer: { ...newCustomer(), ...fields } }, 422);
      expect(Object.keys(answer.errors)).toEqual([key]);
      expect(answer.errors[key]).toEqual([expect.any(String)]);
    });

    it('answers a null or a string among the addresses with a plain 422 keyed addresses', async () => {
      for (const addresses of [[null], ['x']]) {
        expect(await refused('POST', 'customers.json', { customer: newCustomer({ addresses }) }, 422)).toEqual({ errors: { addresses: ['is invalid'] } });
      }
    });

    it('answers NUL bytes, huge strings and lists over 250 items with 422, writing nothing', async () => {
      const nul = await refused('POST', 'customers.json', { customer: newCustomer({ last_name: 'a\u0000b' }) }, 422);
      expect(nul).toEqual({ errors: { last_name: ['must not contain NUL bytes (U+0000)'] } });
      const nulInAddress = await refused('POST', 'customers.json', { customer: newCustomer({ addresses: [{ city: 'a\u0000b' }] }) }, 422);
      expect(nulInAddress).toEqual({ errors: { 'addresses.city': ['must not contain NUL bytes (U+0000)'] } });
      const huge = await refused('POST', 'customers.json', { customer: newCustomer({ first_name: 'x'.repeat(200_000) }) }, 422);
      expect(Object.keys(huge.errors)).toEqual(['first_name']);
      const many = await refused('POST', 'customers.json', { customer: newCustomer({ addresses: Array.from({ length: 251 }, () => ({ address1: 'x' })) }) }, 422);
      expect(Object.keys(many.errors)).toEqual(['addresses']);
      const customer = await create();
      await refused('PUT', `customers/${customer.id}.json`, { customer: { note: 'x'.repeat(200_000), tags: 't,'.repeat(100_000) } }, 422);
    });
  });
});
