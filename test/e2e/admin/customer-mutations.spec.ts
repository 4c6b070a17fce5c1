import fc from 'fast-check';
import pg from 'pg';
import { createCustomer } from '@platform/customers/testing';
import { createOrder } from '@platform/orders/testing';
import { SystemContexts } from '@platform/request';
import { fuzzSettings } from '../../support/fuzz-settings.js';
import { hostileString } from '../../support/hostile-values.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { adminQuery } from '../../support/http.js';
import { sqlDuring } from '../../support/sql.js';

type Gql = { status: number; data?: any; errors?: any; extensions?: any };

const ERRORS = 'userErrors { field message code }';
const SHOWN = 'id email phone firstName lastName state note tags taxExempt addresses { address1 city countryCodeV2 } emailMarketingConsent { marketingState marketingOptInLevel consentUpdatedAt }';
const CREATE = `mutation($input: CustomerInput!) { customerCreate(input: $input) { customer { ${SHOWN} } ${ERRORS} } }`;
const UPDATE = `mutation($input: CustomerInput!) { customerUpdate(input: $input) { customer { ${SHOWN} } ${ERRORS} } }`;
const DELETE = `mutation($id: ID!) { customerDelete(input: { id: $id }) { deletedCustomerId ${ERRORS} } }`;
const ACTIVATION = `mutation($id: ID!) { customerGenerateAccountActivationUrl(customerId: $id) { accountActivationUrl ${ERRORS} } }`;
const INVITE = `mutation($id: ID!, $email: EmailInput) { customerSendAccountInviteEmail(customerId: $id, email: $email) { customer { id state } ${ERRORS} } }`;
const EMAIL_CONSENT = `mutation($input: CustomerEmailMarketingConsentUpdateInput!) {
  customerEmailMarketingConsentUpdate(input: $input) { customer { id emailMarketingConsent { marketingState marketingOptInLevel consentUpdatedAt } } ${ERRORS} } }`;
const SMS_CONSENT = `mutation($input: CustomerSmsMarketingConsentUpdateInput!) {
  customerSmsMarketingConsentUpdate(input: $input) { customer { id smsMarketingConsent { marketingState marketingOptInLevel consentUpdatedAt consentCollectedFrom } } ${ERRORS} } }`;
const TAGS_ADD = `mutation($id: ID!, $tags: [String!]!) { tagsAdd(id: $id, tags: $tags) { node { id ... on Customer { tags } } ${ERRORS} } }`;
const TAGS_REMOVE = `mutation($id: ID!, $tags: [String!]!) { tagsRemove(id: $id, tags: $tags) { node { id ... on Customer { tags } } ${ERRORS} } }`;

const gid = (id: number | string) => `gid://platform/Customer/${id}`;
const notFound = (field: string[]) => ({ field, message: 'Customer does not exist', code: 'NOT_FOUND' });

// The admin customer mutations: each happy path, each input rule answered as userErrors with nothing written,
// ids that name no customer of the shop (unknown, another type, another shop's), and hostile variables.
describe('admin GraphQL customers: mutations', () => {
  let t: TestApp;
  let shop: TestShop;
  let other: TestShop;
  let db: pg.Client;

  beforeAll(async () => {
    const raised = { capacity: 1e9, leakPerSecond: 1e9 };
    t = await createTestApp({}, { adminGraphql: raised });
    shop = await t.createShop('acme');
    other = await t.createShop('other');
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  const gqlOn = async (target: TestShop, query: string, variables: Record<string, unknown> = {}): Promise<Gql> => {
    const res = await adminQuery(t.app, target.host, target.tokens.adminAccessToken, query, { variables });
    return { status: res.status, ...res.body };
  };
  const gql = (query: string, variables: Record<string, unknown> = {}) => gqlOn(shop, query, variables);
  const rows = async <T = any>(sql: string, params: unknown[] = []): Promise<T[]> => (await db.query(sql, params)).rows as T[];
  const ctx = () => t.app.get(SystemContexts).forShop(shop.shop);
  /** Every customer row of both shops with its addresses, to show a refused write changed nothing. */
  const snapshot = async () =>
    JSON.stringify(await rows(`select c.*, (select json_agg(a order by a.id) from customer_addresses a where a.customer_id = c.id) as addresses
      from customers c order by c.id`));
  /** The payload of a mutation that must be refused: its userErrors, after checking nothing was written. */
  const refused = async (query: string, variables: Record<string, unknown>, target: TestShop = shop) => {
    const before = await snapshot();
    const res = await gqlOn(target, query, variables);
    expect(res.errors).toBeUndefined();
    const payload = Object.values(res.data)[0] as any;
    expect(payload.userErrors.length).toBeGreaterThan(0);
    expect(await snapshot()).toBe(before);
    return payload;
  };

  describe('customerCreate', () => {
    it('writes and answers a customer with its default address in one statement, whatever the number of addresses', async () => {
      const created = `mutation($input: CustomerInput!) { customerCreate(input: $input) { customer { id email defaultAddress { address1 } } ${ERRORS} } }`;
      for (const count of [1, 5]) {
        const addresses = Array.from({ length: count }, (_, i) => ({ address1: `${i} One Statement Way`, countryCode: 'CA', provinceCode: 'ON' }));
        const email = `one.statement.${count}@example.com`;
        const { result, statements } = await sqlDuring(() => gql(created, { input: { email, addresses } }));
        expect(result.data.customerCreate).toEqual({ customer: { id: expect.any(String), email, defaultAddress: { address1: '0 One Statement Way' } }, userErrors: [] });
        expect(statements).toHaveLength(1);
      }
    });

    it('creates a disabled customer with addresses, tags and email consent', async () => {
      const res = await gql(CREATE, {
        input: {
          email: 'Ada.Lovelace@Example.com',
          firstName: 'Ada',
          lastName: 'Lovelace',
          phone: '+1 613 555 0101',
          note: 'Prefers email',
          tags: ['vip', 'newsletter'],
          taxExempt: true,
          addresses: [{ address1: '1 Analytical Way', city: 'Ottawa', countryCode: 'CA', provinceCode: 'ON', zip: 'K1A 0B1' }],
          emailMarketingConsent: { marketingState: 'SUBSCRIBED', marketingOptInLevel: 'SINGLE_OPT_IN', consentUpdatedAt: '2026-01-02T03:04:05Z' },
        },
      });
      expect(res.errors).toBeUndefined();
      const { customer, userErrors } = res.data.customerCreate;
      expect(userErrors).toEqual([]);
      expect(customer).toEqual({
        id: expect.stringMatching(/^gid:\/\/platform\/Customer\/\d+$/),
        email: 'ada.lovelace@example.com',
        phone: '+16135550101',
        firstName: 'Ada',
        lastName: 'Lovelace',
        state: 'DISABLED',
        note: 'Prefers email',
        tags: ['vip', 'newsletter'],
        taxExempt: true,
        addresses: [{ address1: '1 Analytical Way', city: 'Ottawa', countryCodeV2: 'CA' }],
        emailMarketingConsent: { marketingState: 'SUBSCRIBED', marketingOptInLevel: 'SINGLE_OPT_IN', consentUpdatedAt: '2026-01-02T03:04:05.000Z' },
      });
      const [row] = await rows('select shop_id::int, email, state from customers where id = $1', [Number(customer.id.split('/').pop())]);
      expect(row).toEqual({ shop_id: shop.shop.id, email: 'ada.lovelace@example.com', state: 'disabled' });
      // The same email and phone are another shop's to use.
      const elsewhere = await gqlOn(other, CREATE, { input: { email: 'ada.lovelace@example.com', phone: '+16135550101' } });
      expect(elsewhere.data.customerCreate.userErrors).toEqual([]);
    });

    it('answers a taken email (any case) and a taken phone as userErrors under input, writing nothing', async () => {
      await createCustomer(ctx(), { email: 'taken@example.com', phone: '+16135550199' });
      const payload = await refused(CREATE, { input: { email: 'TAKEN@example.com', phone: '+1 (613) 555-0199' } });
      expect(payload.customer).toBeNull();
      expect(payload.userErrors).toEqual(
        expect.arrayContaining([
          { field: ['input', 'email'], message: 'Email has already been taken', code: 'TAKEN' },
          { field: ['input', 'phone'], message: 'Phone has already been taken', code: 'TAKEN' },
        ]),
      );
    });

    it('needs an email, a phone or a name', async () => {
      const payload = await refused(CREATE, { input: { note: 'nobody' } });
      expect(payload.userErrors).toEqual([{ field: null, message: 'Customer must have a name, phone number or email address', code: 'BLANK' }]);
    });

    it('needs an email for email marketing consent', async () => {
      const payload = await refused(CREATE, { input: { firstName: 'Nomail', emailMarketingConsent: { marketingState: 'SUBSCRIBED' } } });
      expect(payload.userErrors).toEqual([expect.objectContaining({ field: ['input', 'emailMarketingConsent'], code: 'INVALID' })]);
    });

    it('names the field of an invalid address and of a metafield too long', async () => {
      const payload = await refused(CREATE, {
        input: { email: 'fields@example.com', addresses: [{ city: 'Ottawa' }, { city: 'x'.repeat(10_000) }], metafields: [{ namespace: 'custom', key: 'k'.repeat(31), value: 'v', type: 'single_line_text_field' }] },
      });
      const fields = payload.userErrors.map((e: any) => e.field.join('.'));
      expect(fields).toEqual(expect.arrayContaining(['input.addresses.1.city', 'input.metafields.0.key']));
    });
  });

  describe('addresses', () => {
    const ADDRESS = 'addresses { name country countryCodeV2 province provinceCode }';
    const CREATE_ADDRESS = `mutation($input: CustomerInput!) { customerCreate(input: $input) { customer { ${ADDRESS} } ${ERRORS} } }`;

    it('names the country and province from their codes, and answers name "" without names, as REST does', async () => {
      const res = await gql(CREATE_ADDRESS, { input: { email: 'regions@example.com', addresses: [{ city: 'Ottawa', countryCode: 'CA', provinceCode: 'ON' }, { city: 'Paris', countryCode: 'FR' }] } });
      expect(res.data.customerCreate).toEqual({
        customer: {
          addresses: [
            { name: '', country: 'Canada', countryCodeV2: 'CA', province: 'Ontario', provinceCode: 'ON' },
            { name: '', country: 'France', countryCodeV2: 'FR', province: null, provinceCode: null },
          ],
        },
        userErrors: [],
      });
    });

    it('answers a province code not of the country as a userError on the address', async () => {
      const payload = await refused(CREATE_ADDRESS, { input: { email: 'zz@example.com', addresses: [{ city: 'Nowhere', countryCode: 'US', provinceCode: 'ZZ' }] } });
      expect(payload.userErrors).toEqual([{ field: ['input', 'addresses', '0', 'provinceCode'], message: 'Province code is not a province of United States', code: 'INVALID' }]);
    });
  });

  describe('customerUpdate', () => {
    it("changes the fields given and leaves the others", async () => {
      const made = await createCustomer(ctx(), { email: 'update-me@example.com', firstName: 'Old', lastName: 'Name', note: 'keep' });
      const res = await gql(UPDATE, { input: { id: gid(made.id), firstName: 'New', tags: ['a', 'b'] } });
      expect(res.data.customerUpdate.userErrors).toEqual([]);
      expect(res.data.customerUpdate.customer).toMatchObject({ firstName: 'New', lastName: 'Name', note: 'keep', tags: ['a', 'b'], email: 'update-me@example.com' });
    });

    it("answers an unknown id, an id of another type and another shop's customer with 'Customer does not exist'", async () => {
      const theirs = await createCustomer(t.app.get(SystemContexts).forShop(other.shop), { email: 'theirs@example.com', firstName: 'Theirs' });
      for (const id of [gid(999_999_999), 'gid://platform/Product/1', 'not a gid', gid(theirs.id)]) {
        const payload = await refused(UPDATE, { input: { id, firstName: 'Mallory' } });
        expect(payload).toEqual({ customer: null, userErrors: [notFound(['input', 'id'])] });
      }
      const missing = await refused(UPDATE, { input: { firstName: 'No id' } });
      expect(missing.userErrors).toEqual([notFound(['input', 'id'])]);
      expect((await rows('select first_name from customers where id = $1', [theirs.id]))[0].first_name).toBe('Theirs');
    });

    it("refuses an address id of another customer", async () => {
      const mine = await createCustomer(ctx(), { email: 'addr-owner@example.com' });
      const someone = await createCustomer(ctx(), { email: 'addr-other@example.com' });
      const payload = await refused(UPDATE, { input: { id: gid(mine.id), addresses: [{ id: `gid://platform/MailingAddress/${someone.addressIds[0]}`, city: 'Elsewhere' }] } });
      expect(payload.userErrors).toEqual([expect.objectContaining({ field: ['input', 'addresses', '0', 'id'] })]);
    });
  });

  describe('customerDelete', () => {
    it('deletes a customer without orders and refuses one with orders', async () => {
      const free = await createCustomer(ctx(), { email: 'delete-me@example.com' });
      const res = await gql(DELETE, { id: gid(free.id) });
      expect(res.data.customerDelete).toEqual({ deletedCustomerId: gid(free.id), userErrors: [] });
      expect(await rows('select id from customers where id = $1', [free.id])).toEqual([]);

      const buyer = await createCustomer(ctx(), { email: 'buyer@example.com' });
      await createOrder(ctx(), { customerId: buyer.id });
      const payload = await refused(DELETE, { id: gid(buyer.id) });
      expect(payload).toEqual({ deletedCustomerId: null, userErrors: [{ field: null, message: "Customer can't be deleted because they have orders", code: 'HAS_ORDERS' }] });
      expect((await refused(DELETE, { id: gid(free.id) })).userErrors).toEqual([notFound(['input', 'id'])]);
    });
  });

  describe('activation and invites', () => {
    it('hands out a one-time activation URL for a disabled customer, and refuses an enabled one', async () => {
      const disabled = await createCustomer(ctx(), { email: 'disabled@example.com', state: 'disabled' });
      const res = await gql(ACTIVATION, { id: gid(disabled.id) });
      expect(res.data.customerGenerateAccountActivationUrl.userErrors).toEqual([]);
      expect(res.data.customerGenerateAccountActivationUrl.accountActivationUrl).toMatch(new RegExp(`/account/activate/${disabled.id}/[\\w-]+$`));

      const enabled = await createCustomer(ctx(), { email: 'enabled@example.com', password: 'secret-pass-1' });
      const payload = await refused(ACTIVATION, { id: gid(enabled.id) });
      expect(payload).toEqual({ accountActivationUrl: null, userErrors: [{ field: null, message: 'Account already enabled', code: 'ALREADY_ENABLED' }] });
      expect((await refused(ACTIVATION, { id: gid(999_999_999) })).userErrors).toEqual([notFound(['customerId'])]);
    });

    it('sends an account invite: the customer becomes invited', async () => {
      const disabled = await createCustomer(ctx(), { email: 'invite-me@example.com', state: 'disabled' });
      const res = await gql(INVITE, { id: gid(disabled.id), email: { subject: 'Welcome aboard', customMessage: 'Come in' } });
      expect(res.errors).toBeUndefined();
      expect(res.data.customerSendAccountInviteEmail).toEqual({ customer: { id: gid(disabled.id), state: 'INVITED' }, userErrors: [] });
      const unknown = await refused(INVITE, { id: gid(999_999_999) });
      expect(unknown.userErrors).toEqual([{ field: ['customerId'], message: 'Customer does not exist', code: 'INVALID' }]);
    });

    it("keys a problem of the invite by the email argument's field", async () => {
      const disabled = await createCustomer(ctx(), { email: 'invite-bad@example.com', state: 'disabled' });
      const payload = await refused(INVITE, { id: gid(disabled.id), email: { to: 'bad' } });
      expect(payload.userErrors).toEqual([expect.objectContaining({ field: ['email', 'to'], code: 'INVALID' })]);
    });
  });

  describe('marketing consent', () => {
    it('updates email consent, and refuses it for a customer without email', async () => {
      const withEmail = await createCustomer(ctx(), { email: 'consent@example.com' });
      const res = await gql(EMAIL_CONSENT, {
        input: { customerId: gid(withEmail.id), emailMarketingConsent: { marketingState: 'SUBSCRIBED', marketingOptInLevel: 'CONFIRMED_OPT_IN', consentUpdatedAt: '2026-02-03T04:05:06Z' } },
      });
      expect(res.data.customerEmailMarketingConsentUpdate).toEqual({
        customer: { id: gid(withEmail.id), emailMarketingConsent: { marketingState: 'SUBSCRIBED', marketingOptInLevel: 'CONFIRMED_OPT_IN', consentUpdatedAt: '2026-02-03T04:05:06.000Z' } },
        userErrors: [],
      });
      const noEmail = await createCustomer(ctx(), { email: null, firstName: 'Phone', phone: '+16135550150' });
      const payload = await refused(EMAIL_CONSENT, { input: { customerId: gid(noEmail.id), emailMarketingConsent: { marketingState: 'SUBSCRIBED' } } });
      expect(payload.userErrors).toEqual([expect.objectContaining({ field: ['input', 'emailMarketingConsent'], code: 'INVALID' })]);
      const unknown = await refused(EMAIL_CONSENT, { input: { customerId: 'gid://platform/Order/1', emailMarketingConsent: { marketingState: 'SUBSCRIBED' } } });
      expect(unknown.userErrors).toEqual([{ field: ['input', 'customerId'], message: 'Customer does not exist', code: 'INVALID' }]);
      // A date the DateTime scalar cannot read is the caller's input problem, not a crash.
      const badDate = await refused(EMAIL_CONSENT, { input: { customerId: gid(withEmail.id), emailMarketingConsent: { marketingState: 'SUBSCRIBED', consentUpdatedAt: 'yesterday' } } });
      expect(badDate.userErrors).toEqual([expect.objectContaining({ field: ['input', 'emailMarketingConsent', 'consentUpdatedAt'], code: 'INVALID' })]);
    });

    it('updates SMS consent for a customer with a phone', async () => {
      const withPhone = await createCustomer(ctx(), { email: 'sms@example.com', phone: '+16135550160' });
      const res = await gql(SMS_CONSENT, { input: { customerId: gid(withPhone.id), smsMarketingConsent: { marketingState: 'SUBSCRIBED', marketingOptInLevel: 'SINGLE_OPT_IN' } } });
      expect(res.data.customerSmsMarketingConsentUpdate.userErrors).toEqual([]);
      expect(res.data.customerSmsMarketingConsentUpdate.customer.smsMarketingConsent).toEqual({
        marketingState: 'SUBSCRIBED',
        marketingOptInLevel: 'SINGLE_OPT_IN',
        consentUpdatedAt: expect.any(String),
        consentCollectedFrom: 'OTHER',
      });
      const noPhone = await createCustomer(ctx(), { email: 'nophone@example.com' });
      const payload = await refused(SMS_CONSENT, { input: { customerId: gid(noPhone.id), smsMarketingConsent: { marketingState: 'SUBSCRIBED' } } });
      expect(payload.userErrors).toEqual([expect.objectContaining({ field: ['input', 'smsMarketingConsent'], code: 'INVALID' })]);
    });
  });

  describe('tags', () => {
    it('adds and removes tags on a customer; an id of another type is a userError', async () => {
      const made = await createCustomer(ctx(), { email: 'tags@example.com', tags: ['old'] });
      const added = await gql(TAGS_ADD, { id: gid(made.id), tags: ['new, vip', 'old'] });
      expect(added.data.tagsAdd).toEqual({ node: { id: gid(made.id), tags: ['old', 'new', 'vip'] }, userErrors: [] });
      const removed = await gql(TAGS_REMOVE, { id: gid(made.id), tags: ['old', 'missing'] });
      expect(removed.data.tagsRemove).toEqual({ node: { id: gid(made.id), tags: ['new', 'vip'] }, userErrors: [] });
      expect(await refused(TAGS_ADD, { id: gid(999_999_999), tags: ['x'] })).toEqual({ node: null, userErrors: [notFound(['id'])] });
      // A type that keeps no tags is answered by the platform's tagsAdd (tags.spec.ts), not as a customer.
      expect(await refused(TAGS_ADD, { id: 'gid://platform/Collection/1', tags: ['x'] })).toEqual({
        node: null,
        userErrors: [{ field: ['id'], message: 'Resource does not exist', code: 'NOT_FOUND' }],
      });
    });
  });

  describe('hostile input', () => {
    const fuzz = fuzzSettings(40);
    const budget = fuzz.budget(200);
    const operations: [string, (s: string) => Record<string, unknown>][] = [
      [CREATE, (s) => ({ input: { email: s, firstName: s, phone: s, tags: [s], note: s, addresses: [{ city: s, zip: s }], metafields: [{ namespace: s, key: s, value: s, type: s }] } })],
      [UPDATE, (s) => ({ input: { id: s, lastName: s } })],
      [DELETE, (s) => ({ id: s })],
      [ACTIVATION, (s) => ({ id: s })],
      [INVITE, (s) => ({ id: gid(1), email: { to: s, subject: s, bcc: [s] } })],
      [EMAIL_CONSENT, (s) => ({ input: { customerId: s, emailMarketingConsent: { marketingState: 'SUBSCRIBED', consentUpdatedAt: s } } })],
      [TAGS_ADD, (s) => ({ id: s, tags: [s] })],
      ['query($q: String, $id: ID!) { customers(first: 3, query: $q) { nodes { id } } customersCount(query: $q) { count } customer(id: $id) { id } }', (s) => ({ q: s, id: s })],
      ['query($i: CustomerIdentifierInput!) { customerByIdentifier(identifier: $i) { id } }', (s) => ({ i: { emailAddress: s } })],
    ];

    it(
      'never answers a 500 or an internal error, whatever the strings',
      async () => {
        await fc.assert(
          fc.asyncProperty(fc.nat({ max: operations.length - 1 }), hostileString, async (index, text) => {
            const [query, variables] = operations[index]!;
            const res = await gql(query, variables(text));
            expect(res.status).toBe(200);
            const codes = (res.errors ?? []).map((e: any) => e.extensions?.code);
            expect(codes).not.toContain('INTERNAL_SERVER_ERROR');
          }),
          budget.parameters,
        );
      },
      budget.timeout,
    );
  });
});
