import pg from 'pg';
import { hashToken } from '@platform/auth';
import { ManualClock } from '@platform/clock';
import { CustomerDirectoryService, type CustomerInput, CustomersModule, CustomersService, verifyPassword } from '@platform/customers';
import { createCustomer } from '@platform/customers/testing';
import { createLogger } from '@platform/logging';
import { OrdersModule } from '@platform/orders';
import { createOrder } from '@platform/orders/testing';
import { QueueModule, ShopJobs } from '@platform/queue';
import type { RequestContext } from '@platform/request';
import type { ShopSnapshot } from '@platform/tenancy';
import { type ContextTestModule, createContextTestModule } from '../../support/context-test-module.js';
import { sqlDuring } from '../../support/sql.js';

interface EnqueuedEmail {
  data: { template: string; customerId: number; activationUrl?: string; invite?: Record<string, unknown> };
  // The customer's state as another connection saw it when the job was enqueued: set only once the write committed.
  committedState: string | null;
}

// The merchant's customer writes on Postgres: every rule of create, update, delete, tags, consent and activation,
// each kept to the context's shop, nothing written when there is a problem, emails queued after commit.
describe('customer writes on Postgres', () => {
  let t: ContextTestModule;
  let db: pg.Client;
  let customers: CustomersService;
  let shopA: ShopSnapshot;
  let shopB: ShopSnapshot;
  const enqueued: EnqueuedEmail[] = [];
  const ctxOf = (shop: ShopSnapshot): RequestContext => ({ ...t.ctxOf(shop), origin: 'https://admin.example' });
  const a = () => ctxOf(shopA);
  const rows = async <T = any>(sql: string, params: unknown[] = []): Promise<T[]> => (await db.query(sql, params)).rows as T[];
  const one = async <T = any>(sql: string, params: unknown[] = []): Promise<T> => (await rows<T>(sql, params))[0];
  const counts = () =>
    one<{ customers: number; addresses: number; metafields: number }>(
      `select (select count(*)::int from customers) as customers, (select count(*)::int from customer_addresses) as addresses,
              (select count(*)::int from metafields) as metafields`,
    );
  const plain = (problems: readonly { code: string; field?: string; message: string }[]) => problems.map(({ code, field, message }) => ({ code, field, message }));
  const tokenOf = (url: string) => url.split('/').at(-1)!;
  let unique = 0;
  const email = () => `writer-${++unique}@example.com`;
  // The contexts' clock: a link's expiry is exact, and its end is reached by moving the clock.
  const clock = new ManualClock();
  const DAY = 24 * 60 * 60 * 1000;

  beforeAll(async () => {
    t = await createContextTestModule(
      [QueueModule.forRoot({ runsJobs: false, logger: createLogger('silent') }), CustomersModule, OrdersModule],
      [],
      { clock },
    );
    customers = t.moduleRef.get(CustomersService);
    shopA = await t.createShop('writes-a');
    shopB = await t.createShop('writes-b');
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
    const jobs = t.moduleRef.get(ShopJobs);
    const enqueue = jobs.enqueueAs.bind(jobs);
    jest.spyOn(jobs, 'enqueueAs').mockImplementation(async (shopId, from, name, data, options) => {
      const email = data as EnqueuedEmail['data'];
      const seen = await rows<{ state: string }>('select state from customers where id = $1', [email.customerId]);
      enqueued.push({ data: email, committedState: seen[0]?.state ?? null });
      return enqueue(shopId, from, name, data, options);
    });
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });
  beforeEach(() => {
    enqueued.length = 0;
  });

  describe('create', () => {
    it('with a password: an enabled account (hashed), the customer as the directory shows it, a welcome email after commit', async () => {
      const address = email();
      const { customer, problems } = await customers.create(a(), {
        email: address.toUpperCase(),
        phone: '+1 613 555 0101',
        firstName: 'Ada',
        lastName: 'Lovelace',
        password: 'hunter22',
        passwordConfirmation: 'hunter22',
        tags: ['vip, wholesale', 'VIP'],
        note: 'Prefers email',
        taxExempt: true,
        addresses: [{ address1: '1 Main St', city: 'Ottawa', countryCode: 'ca' }, { address1: '2 Side St', city: 'Paris', countryCode: 'FR' }],
      });
      expect(problems).toEqual([]);
      expect(customer).toMatchObject({
        email: address,
        phone: '+16135550101',
        state: 'enabled',
        tags: ['vip', 'wholesale'],
        note: 'Prefers email',
        taxExempt: true,
        currency: shopA.currency,
        ordersCount: 0,
        totalSpent: '0.00',
        defaultAddress: { address1: '1 Main St', countryCode: 'CA', isDefault: true },
      });
      expect(customer!.addresses).toHaveLength(2);
      const row = await one('select password_hash, shop_id::int from customers where id = $1', [customer!.id]);
      expect(row.shop_id).toBe(shopA.id);
      expect(await verifyPassword('hunter22', row.password_hash)).toBe(true);
      expect(enqueued).toEqual([{ data: { template: 'customer_account_welcome', customerId: customer!.id }, committedState: 'enabled' }]);
    });

    it('sendEmailWelcome false skips the welcome email', async () => {
      const { customer } = await customers.create(a(), { email: email(), password: 'hunter22', passwordConfirmation: 'hunter22', sendEmailWelcome: false });
      expect(customer!.state).toBe('enabled');
      expect(enqueued).toEqual([]);
    });

    it('without a password: disabled and no email; with sendEmailInvite: invited, with a live link in the invite email', async () => {
      const disabled = await customers.create(a(), { lastName: 'Hopper' });
      expect(disabled.customer).toMatchObject({ state: 'disabled', email: null, lastName: 'Hopper', addresses: [], defaultAddress: null });
      expect(enqueued).toEqual([]);

      const address = email();
      const invited = await customers.create(a(), { email: address, sendEmailInvite: true });
      expect(invited.customer!.state).toBe('invited');
      expect(enqueued).toEqual([
        {
          data: {
            template: 'customer_account_invite',
            customerId: invited.customer!.id,
            // E-mailed, so on the shop's domain, not on the request's origin.
            activationUrl: expect.stringMatching(new RegExp(`^https://${shopA.domain.replaceAll('.', '\\.')}/account/activate/${invited.customer!.id}/[\\w-]{43}$`)),
            invite: { to: address, from: `no-reply@${shopA.domain}`, bcc: [], subject: 'Customer account activation', customMessage: '' },
          },
          committedState: 'invited',
        },
      ]);
      const link = await one('select activation_token_hash, activation_expires_at from customers where id = $1', [invited.customer!.id]);
      expect(link.activation_token_hash).toBe(hashToken(tokenOf(enqueued[0].data.activationUrl!)));
      expect(link.activation_expires_at.getTime()).toBe(clock.now() + 30 * DAY);
      // An invite needs an email to go to.
      expect(plain((await customers.create(a(), { firstName: 'Nomail', sendEmailInvite: true })).problems)).toEqual([
        { code: 'BLANK', field: 'email', message: "Email can't be blank when an account invite is sent" },
      ]);
    });

    it('answers password problems by field and writes nothing', async () => {
      const before = await counts();
      const mismatch = { code: 'INVALID', field: 'passwordConfirmation', message: "Password confirmation doesn't match Password" };
      expect(plain((await customers.create(a(), { email: email(), password: 'hunter22', passwordConfirmation: 'hunter23' })).problems)).toEqual([mismatch]);
      expect(plain((await customers.create(a(), { email: email(), password: 'hunter22' })).problems)).toEqual([mismatch]);
      expect((await customers.create(a(), { email: email(), password: 'abc', passwordConfirmation: 'abc' })).problems).toMatchObject([
        { code: 'TOO_SHORT', field: 'password' },
      ]);
      expect(await counts()).toEqual(before);
      expect(enqueued).toEqual([]);
    });

    it('keeps email (case-insensitive) and phone (E.164) unique per shop, reporting both at once', async () => {
      const address = email();
      await customers.create(a(), { email: address, phone: '+1 613 555 0102' });
      const before = await counts();
      const clash = await customers.create(a(), { email: address.toUpperCase(), phone: '+16135550102' });
      expect(plain(clash.problems)).toEqual([
        { code: 'TAKEN', field: 'email', message: 'Email has already been taken' },
        { code: 'TAKEN', field: 'phone', message: 'Phone has already been taken' },
      ]);
      expect((await customers.create(a(), { phone: '(613) 555' })).problems).toMatchObject([{ code: 'INVALID', field: 'phone' }]);
      expect(plain((await customers.create(a(), { note: 'nobody' })).problems)).toEqual([
        { code: 'BLANK', field: 'base', message: 'Customer must have a name, phone number or email address' },
      ]);
      expect(await counts()).toEqual(before);
      // Another shop has customers of its own.
      expect((await customers.create(ctxOf(shopB), { email: address, phone: '+16135550102' })).problems).toEqual([]);
    });

    it('answers TAKEN when a concurrent write takes the email between the check and the insert', async () => {
      const address = email();
      const results = await Promise.all([1, 2, 3].map(() => customers.create(a(), { email: address })));
      expect(results.filter((r) => r.customer !== null)).toHaveLength(1);
      for (const lost of results.filter((r) => r.customer === null)) expect(plain(lost.problems)).toEqual([{ code: 'TAKEN', field: 'email', message: 'Email has already been taken' }]);
      expect(await one('select count(*)::int as n from customers where email = $1', [address])).toEqual({ n: 1 });
    });

    it('makes the address marked default the default, and writes nothing when one address is wrong', async () => {
      const { customer } = await customers.create(a(), { firstName: 'Grace', addresses: [{ city: 'Ottawa' }, { city: 'Lyon', countryCode: 'FR', isDefault: true }] });
      expect(customer!.defaultAddress).toMatchObject({ city: 'Lyon', isDefault: true });
      expect(await rows('select city, is_default from customer_addresses where customer_id = $1 order by id', [customer!.id])).toEqual([
        { city: 'Ottawa', is_default: false },
        { city: 'Lyon', is_default: true },
      ]);
      const before = await counts();
      const bad = await customers.create(a(), { firstName: 'Grace', addresses: [{ city: 'Ottawa' }, { countryCode: 'FRA' }] });
      expect(plain(bad.problems)).toEqual([{ code: 'INVALID', field: 'addresses[1].countryCode', message: 'Country code is invalid' }]);
      expect(await counts()).toEqual(before);
    });

    it('writes the customer and any number of addresses in one statement, answering it as the directory reads it', async () => {
      for (const count of [1, 12]) {
        // The first is the default: with 12, it is not among the ten newest the customer shows, yet it is the default.
        const addresses = Array.from({ length: count }, (_, i) => ({ address1: `${i} Main St`, city: 'Ottawa', countryCode: 'CA', provinceCode: 'ON', isDefault: i === 0 }));
        const { result, statements } = await sqlDuring(() => customers.create(a(), { email: email(), tags: ['a'], addresses }));
        expect(statements).toHaveLength(1);
        const { customer } = result;
        expect(customer).toEqual(await t.moduleRef.get(CustomerDirectoryService).customer(a(), customer!.id));
        expect(customer!.addresses.map((x) => x.address1)).toEqual(addresses.slice(-10).reverse().map((x) => x.address1));
        expect(customer!.defaultAddress).toMatchObject({ address1: '0 Main St', province: 'Ontario', country: 'Canada', isDefault: true });
      }
    });

    it('stores metafields with the customer, in its transaction', async () => {
      const { customer } = await customers.create(a(), {
        email: email(),
        metafields: [{ namespace: 'loyalty', key: 'tier', value: 'gold', type: 'single_line_text_field', description: 'Tier' }],
      });
      expect(await rows('select owner_type, namespace, key, value, type, description from metafields where owner_id = $1 and shop_id = $2', [customer!.id, shopA.id])).toEqual([
        { owner_type: 'CUSTOMER', namespace: 'loyalty', key: 'tier', value: 'gold', type: 'single_line_text_field', description: 'Tier' },
      ]);
      const before = await counts();
      const bad = await customers.create(a(), { email: email(), metafields: [{ namespace: 'loyalty', key: 'k'.repeat(31), value: '1', type: 'number_integer' }] });
      expect(plain(bad.problems)).toEqual([{ code: 'TOO_LONG', field: 'metafields[0].key', message: 'Key is too long (maximum is 30 characters)' }]);
      expect(await counts()).toEqual(before);
    });
  });

  describe('update', () => {
    it('changes what the input sets, replaces tags, changes and adds addresses, and bumps updated_at', async () => {
      const { id, addressIds } = await createCustomer(a(), { email: email(), tags: ['old'], phone: '+16135550110', multipassIdentifier: 'mp-1', note: 'kept' });
      const before = await one('select updated_at from customers where id = $1', [id]);
      const { customer, problems } = await customers.update(a(), id, {
        firstName: 'Changed',
        multipassIdentifier: '',
        tags: ['new', 'newer'],
        addresses: [{ id: addressIds[0], city: 'Montreal' }, { city: 'Toronto', countryCode: 'CA', isDefault: true }],
        metafields: [{ namespace: 'loyalty', key: 'tier', value: 'silver', type: 'single_line_text_field' }],
      });
      expect(problems).toEqual([]);
      expect(customer).toMatchObject({ id, firstName: 'Changed', multipassIdentifier: null, note: 'kept', tags: ['new', 'newer'], phone: '+16135550110', defaultAddress: { city: 'Toronto' } });
      expect(await rows('select id::int, city, is_default from customer_addresses where customer_id = $1 order by id', [id])).toEqual([
        { id: addressIds[0], city: 'Montreal', is_default: false },
        { id: expect.any(Number), city: 'Toronto', is_default: true },
      ]);
      expect((await one('select updated_at from customers where id = $1', [id])).updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());
      // Metafields are set by namespace and key.
      await customers.update(a(), id, { metafields: [{ namespace: 'loyalty', key: 'tier', value: 'gold', type: 'single_line_text_field' }] });
      expect(await rows('select value from metafields where owner_type = $1 and owner_id = $2', ['CUSTOMER', id])).toEqual([{ value: 'gold' }]);
    });

    it('moves the default to the first remaining address when the default is unmarked or removed', async () => {
      const { id } = await customers.create(a(), { firstName: 'Ada', addresses: [{ city: 'One' }, { city: 'Two' }, { city: 'Three' }] }).then((r) => r.customer!);
      const [first, second, third] = await rows<{ id: number }>('select id::int from customer_addresses where customer_id = $1 order by id', [id]);
      const defaultAfter = async (addresses: { id: number; isDefault?: boolean }[]) => (await customers.update(a(), id, { addresses })).customer!.defaultAddress?.id ?? null;
      expect(await defaultAfter([{ id: first.id }, { id: second.id, isDefault: true }, { id: third.id }])).toBe(second.id);
      expect(await defaultAfter([{ id: first.id }, { id: second.id, isDefault: false }, { id: third.id }])).toBe(first.id);
      // An update's list replaces the addresses: the default it leaves out goes, and the first one left takes over.
      expect(await defaultAfter([{ id: second.id }, { id: third.id }])).toBe(second.id);
      expect(await rows('select id::int from customer_addresses where customer_id = $1 order by id', [id])).toEqual([{ id: second.id }, { id: third.id }]);
      expect(await defaultAfter([])).toBeNull();
      expect(await rows('select id from customer_addresses where customer_id = $1', [id])).toEqual([]);
    });

    it('answers NOT_FOUND for an unknown id or another shop’s customer, and leaves it untouched', async () => {
      const theirs = await createCustomer(ctxOf(shopB), { firstName: 'Theirs' });
      for (const id of [theirs.id, 999_999_999, 2 ** 60, -1]) {
        expect(plain((await customers.update(a(), id, { firstName: 'Mine' })).problems)).toEqual([
          { code: 'NOT_FOUND', field: 'id', message: 'Customer does not exist' },
        ]);
      }
      expect(await one('select first_name from customers where id = $1', [theirs.id])).toEqual({ first_name: 'Theirs' });
    });

    it('refuses another customer’s address id, a clash, a customer left without name, phone or email, and writes nothing', async () => {
      const other = await createCustomer(a(), { email: email() });
      const mine = await createCustomer(a(), { email: email(), firstName: null, lastName: null });
      const before = await rows('select * from customers where id = $1', [mine.id]);
      const beforeAddresses = await rows('select * from customer_addresses order by id');
      expect(plain((await customers.update(a(), mine.id, { note: 'x', addresses: [{ id: other.addressIds[0], city: 'Stolen' }] })).problems)).toEqual([
        { code: 'INVALID', field: 'addresses[0].id', message: 'Address does not exist' },
      ]);
      expect((await customers.update(a(), mine.id, { note: 'x', email: other.email!.toUpperCase() })).problems).toMatchObject([{ code: 'TAKEN', field: 'email' }]);
      expect(plain((await customers.update(a(), mine.id, { note: 'x', email: null })).problems)).toEqual([
        { code: 'BLANK', field: 'base', message: 'Customer must have a name, phone number or email address' },
      ]);
      expect(await rows('select * from customers where id = $1', [mine.id])).toEqual(before);
      expect(await rows('select * from customer_addresses order by id')).toEqual(beforeAddresses);
      // Its own email again is no clash.
      expect((await customers.update(a(), mine.id, { email: mine.email })).problems).toEqual([]);
    });

    it('with a password enables the account and kills its activation link', async () => {
      const { id } = (await customers.create(a(), { email: email(), sendEmailInvite: true })).customer!;
      const result = await customers.update(a(), id, { password: 'hunter22', passwordConfirmation: 'hunter22' });
      expect(result.customer!.state).toBe('enabled');
      expect(await one('select activation_token_hash from customers where id = $1', [id])).toEqual({ activation_token_hash: null });
    });
  });

  describe('delete', () => {
    it('deletes a customer without orders with its addresses and metafields', async () => {
      const { id } = (await customers.create(a(), { email: email(), addresses: [{ city: 'Ottawa' }], metafields: [{ namespace: 'loyalty', key: 'tier', value: 'x', type: 'single_line_text_field' }] })).customer!;
      expect(await customers.delete(a(), id)).toEqual({ deletedId: id, problems: [] });
      expect(await one('select (select count(*)::int from customers where id = $1) as c, (select count(*)::int from customer_addresses where customer_id = $1) as a, (select count(*)::int from metafields where owner_id = $1 and owner_type = $2) as m', [id, 'CUSTOMER'])).toEqual({ c: 0, a: 0, m: 0 });
      expect(plain((await customers.delete(a(), id)).problems)).toEqual([{ code: 'NOT_FOUND', field: 'id', message: 'Customer does not exist' }]);
    });

    it('refuses a customer with orders (counted, or an order row naming them) and another shop’s customer', async () => {
      const counted = await createCustomer(a());
      await customers.addOrderStats(a(), [{ customerId: counted.id, ordersCount: 1, amountSpent: '10.00' }]);
      const ordered = await createCustomer(a());
      await createOrder(a(), { customerId: ordered.id });
      for (const id of [counted.id, ordered.id]) {
        expect(plain((await customers.delete(a(), id)).problems)).toEqual([{ code: 'HAS_ORDERS', field: 'base', message: "Customer can't be deleted because they have orders" }]);
      }
      const theirs = await createCustomer(ctxOf(shopB));
      expect((await customers.delete(a(), theirs.id)).problems).toMatchObject([{ code: 'NOT_FOUND' }]);
      expect(await one('select count(*)::int as n from customers where id = any($1)', [[counted.id, ordered.id, theirs.id]])).toEqual({ n: 3 });
    });
  });

  describe('tags and marketing consent', () => {
    it('adds and removes tags (case-insensitive), at most 250', async () => {
      const { id } = await createCustomer(a(), { tags: ['One', 'two'] });
      expect((await customers.changeTags(a(), id, ['three', 'ONE'], [])).customer!.tags).toEqual(['One', 'two', 'three']);
      expect((await customers.changeTags(a(), id, [], ['one', 'missing'])).customer!.tags).toEqual(['two', 'three']);
      const many = Array.from({ length: 249 }, (_, i) => `t${i}`);
      expect((await customers.changeTags(a(), id, many, [])).problems).toMatchObject([{ code: 'INVALID', field: 'tags' }]);
      expect(await one('select tags from customers where id = $1', [id])).toEqual({ tags: ['two', 'three'] });
      expect((await customers.changeTags(ctxOf(shopB), id, ['x'], [])).problems).toMatchObject([{ code: 'NOT_FOUND' }]);
    });

    it('sets email consent only on a customer with an email, dated now unless told, never in the future', async () => {
      const { id } = await createCustomer(a(), { email: email() });
      const { customer } = await customers.updateEmailMarketingConsent(a(), id, { state: 'subscribed', optInLevel: 'single_opt_in' });
      expect(customer!.emailMarketingConsent).toMatchObject({ state: 'subscribed', optInLevel: 'single_opt_in' });
      expect(new Date(customer!.emailMarketingConsent.consentUpdatedAt!).getTime()).toBe(clock.now());
      for (const future of ['2999-01-01T00:00:00Z', new Date(clock.now() + 1).toISOString()]) {
        expect((await customers.updateEmailMarketingConsent(a(), id, { state: 'subscribed', consentUpdatedAt: future })).problems).toMatchObject([
          { code: 'INVALID', field: 'emailMarketingConsent.consentUpdatedAt' },
        ]);
      }
      expect((await customers.updateEmailMarketingConsent(a(), id, { state: 'subscribed', consentUpdatedAt: new Date(clock.now()).toISOString() })).problems).toEqual([]);
      const phoneOnly = await createCustomer(a(), { email: null, phone: '+16135550120' });
      expect(plain((await customers.updateEmailMarketingConsent(a(), phoneOnly.id, { state: 'subscribed' })).problems)).toEqual([
        { code: 'INVALID', field: 'emailMarketingConsent', message: 'Email marketing consent requires an email' },
      ]);
      expect((await customers.create(a(), { phone: '+16135550121', emailMarketingConsent: { state: 'subscribed' } })).problems).toMatchObject([
        { code: 'INVALID', field: 'emailMarketingConsent' },
      ]);
    });

    it('sets SMS consent only on a customer with a phone', async () => {
      const { id } = await createCustomer(a(), { phone: '+16135550122' });
      expect((await customers.updateSmsMarketingConsent(a(), id, { state: 'subscribed', consentCollectedFrom: 'other' })).customer!.smsMarketingConsent).toMatchObject({
        state: 'subscribed',
        consentCollectedFrom: 'OTHER',
      });
      const noPhone = await createCustomer(a(), { email: email() });
      expect((await customers.updateSmsMarketingConsent(a(), noPhone.id, { state: 'subscribed' })).problems).toMatchObject([{ code: 'INVALID', field: 'smsMarketingConsent' }]);
    });
  });

  describe('activation', () => {
    it('issues a one-time URL on the caller’s origin; a new one replaces the old; enabled customers have none', async () => {
      const { id } = await createCustomer(a(), { email: email() });
      const first = await customers.activationUrl(a(), id);
      expect(first.url).toMatch(new RegExp(`^https://admin\\.example/account/activate/${id}/[\\w-]{43}$`));
      const second = await customers.activationUrl(a(), id);
      expect(second.url).not.toBe(first.url);
      // A disabled customer stays disabled until the link is used.
      expect(await one('select state from customers where id = $1', [id])).toEqual({ state: 'disabled' });
      expect((await customers.activate(a(), id, tokenOf(first.url!), 'hunter22', 'hunter22')).problems).toMatchObject([{ code: 'EXPIRED', field: 'token' }]);

      const enabled = await createCustomer(a(), { email: email(), password: 'hunter22' });
      expect(plain((await customers.activationUrl(a(), enabled.id)).problems)).toEqual([{ code: 'ALREADY_ENABLED', field: 'base', message: 'Account already enabled' }]);
      expect((await customers.activationUrl(a(), 999_999_999)).problems).toMatchObject([{ code: 'NOT_FOUND' }]);
      expect((await customers.activationUrl(ctxOf(shopB), id)).problems).toMatchObject([{ code: 'NOT_FOUND' }]);
    });

    it('activates with the live link and a valid password once: enabled, verified, the link dead, the password works', async () => {
      const { id } = await createCustomer(a(), { email: email() });
      const token = tokenOf((await customers.activationUrl(a(), id)).url!);
      expect((await customers.activate(a(), id, token, 'abc', 'abc')).problems).toMatchObject([{ code: 'TOO_SHORT', field: 'password' }]);
      expect((await customers.activate(a(), id, token, 'hunter22', 'hunter23')).problems).toMatchObject([{ code: 'INVALID', field: 'passwordConfirmation' }]);
      expect((await customers.activate(a(), id, `${token}x`, 'hunter22', 'hunter22')).problems).toMatchObject([{ code: 'EXPIRED' }]);
      expect((await customers.activate(ctxOf(shopB), id, token, 'hunter22', 'hunter22')).problems).toMatchObject([{ code: 'EXPIRED' }]);
      expect(await one('select state from customers where id = $1', [id])).toEqual({ state: 'disabled' });

      // Two submissions at once: one enables the account, the other finds the link used.
      const results = await Promise.all([customers.activate(a(), id, token, 'hunter22', 'hunter22'), customers.activate(a(), id, token, 'hunter22', 'hunter22')]);
      expect(results.map((r) => r.problems.map((p) => p.code)).sort()).toEqual([[], ['EXPIRED']]);
      expect(results.find((r) => r.customer)!.customer).toMatchObject({ id, state: 'enabled', verifiedEmail: true });
      const row = await one('select password_hash, activation_token_hash, activation_expires_at from customers where id = $1', [id]);
      expect(row).toMatchObject({ activation_token_hash: null, activation_expires_at: null });
      // What the storefront's customerAccessTokenCreate checks: an enabled account whose password matches.
      expect(await verifyPassword('hunter22', row.password_hash)).toBe(true);
    });

    it('refuses a link 30 days after it was made, and not a moment before', async () => {
      const [early, late] = [await createCustomer(a(), { email: email() }), await createCustomer(a(), { email: email() })];
      const earlyToken = tokenOf((await customers.activationUrl(a(), early.id)).url!);
      const lateToken = tokenOf((await customers.activationUrl(a(), late.id)).url!);
      clock.advance(30 * DAY - 1);
      expect((await customers.activate(a(), early.id, earlyToken, 'hunter22', 'hunter22')).problems).toEqual([]);
      clock.advance(1);
      expect(plain((await customers.activate(a(), late.id, lateToken, 'hunter22', 'hunter22')).problems)).toEqual([
        { code: 'EXPIRED', field: 'token', message: 'This activation link has expired or was already used' },
      ]);
    });

    it('sends an invite: a new link, state invited, the email queued after commit with the invite it answers', async () => {
      const address = email();
      const { id } = await createCustomer(a(), { email: address });
      const { invite, customer, problems } = await customers.sendInvite(a(), id, { subject: 'Join us', customMessage: 'Hello!', bcc: ['boss@shop.example'] });
      expect(problems).toEqual([]);
      expect(invite).toEqual({ to: address, from: `no-reply@${shopA.domain}`, bcc: ['boss@shop.example'], subject: 'Join us', customMessage: 'Hello!' });
      expect(customer!.state).toBe('invited');
      expect(enqueued).toEqual([
        { data: { template: 'customer_account_invite', customerId: id, activationUrl: expect.stringContaining(`/account/activate/${id}/`), invite }, committedState: 'invited' },
      ]);
      const link = await one('select activation_token_hash from customers where id = $1', [id]);
      expect(link.activation_token_hash).toBe(hashToken(tokenOf(enqueued[0].data.activationUrl!)));

      const noEmail = await createCustomer(a(), { email: null, phone: '+16135550130' });
      expect(plain((await customers.sendInvite(a(), noEmail.id, {})).problems)).toEqual([{ code: 'INVALID', field: 'to', message: 'To is required: the customer has no email' }]);
      expect((await customers.sendInvite(a(), noEmail.id, { to: 'someone@example.com' })).problems).toEqual([]);
      const enabled = await createCustomer(a(), { email: email(), password: 'hunter22' });
      expect((await customers.sendInvite(a(), enabled.id, {})).problems).toMatchObject([{ code: 'ALREADY_ENABLED' }]);
      expect((await customers.sendInvite(ctxOf(shopB), id, {})).problems).toMatchObject([{ code: 'NOT_FOUND' }]);
      expect(enqueued).toHaveLength(2);
    });
  });

  describe('order stats', () => {
    it('records the last order and takes the last paid order’s currency; an older order changes neither', async () => {
      const { id } = await createCustomer(a());
      const at = (day: number) => new Date(Date.UTC(2026, 0, day));
      await customers.addOrderStats(a(), [{ customerId: id, ordersCount: 1, amountSpent: '5.00', lastOrder: { id: 501, name: '#1001', processedAt: at(10), currency: 'EUR', paid: true } }]);
      await customers.addOrderStats(a(), [{ customerId: id, ordersCount: 1, amountSpent: '5.00', lastOrder: { id: 502, name: '#1002', processedAt: at(5), currency: 'GBP', paid: true } }]);
      await customers.addOrderStats(a(), [{ customerId: id, ordersCount: 1, amountSpent: '5.00', lastOrder: { id: 503, name: '#1003', processedAt: at(20), currency: 'JPY', paid: false } }]);
      expect(await one('select orders_count, total_spent::text, last_order_id::int, last_order_name, last_order_at, currency from customers where id = $1', [id])).toEqual({
        orders_count: 3,
        total_spent: '15.00',
        last_order_id: 503,
        last_order_name: '#1003',
        last_order_at: at(20),
        currency: 'EUR',
      });
      await expect(
        customers.addOrderStats(a(), [{ customerId: id, ordersCount: 1, amountSpent: '1.00', lastOrder: { id: 1, name: '#1', processedAt: new Date('nope'), currency: 'EUR', paid: true } }]),
      ).rejects.toMatchObject({ code: 'INVALID', field: 'stats[0].lastOrder' });
    });
  });

  it('never throws on hostile input: problems only', async () => {
    const { id } = await createCustomer(a());
    const hostile = [
      { email: 'a\0b@example.com' },
      { firstName: 'x'.repeat(100_000) },
      { tags: ['\0'] },
      { addresses: [{ id: 2 ** 62 }] as CustomerInput['addresses'] },
      { metafields: [{ namespace: '<script>', key: '../', value: '\0', type: 'json' }] },
      { emailMarketingConsent: { state: 'subscribed', consentUpdatedAt: '9'.repeat(1_000) } },
      { password: 5 as unknown as string, passwordConfirmation: 5 as unknown as string },
      'nonsense' as unknown as CustomerInput,
    ];
    for (const input of hostile) {
      expect((await customers.create(a(), input)).problems.length).toBeGreaterThan(0);
      expect((await customers.update(a(), id, input)).problems.length).toBeGreaterThan(0);
    }
    expect((await customers.activate(a(), id, 'x'.repeat(10_000), '', '')).problems).toMatchObject([{ code: 'EXPIRED' }]);
  });
});
