import { ManualClock } from '@platform/clock';
import pg from 'pg';
import { LOGIN_LIMIT_MESSAGE } from '@platform/throttling';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { send, storefrontQuery } from '../../support/http.js';

const LOGIN = `mutation($input: CustomerAccessTokenCreateInput!) {
  customerAccessTokenCreate(input: $input) { customerAccessToken { accessToken } customerUserErrors { code field message } } }`;
const SIGN_UP = `mutation($input: CustomerCreateInput!) { customerCreate(input: $input) { customer { id } customerUserErrors { code } } }`;

// The hosted platform's answer to too many logins: the field is null, one top-level error on its path.
const REFUSED = {
  data: { customerAccessTokenCreate: null },
  errors: [{ message: LOGIN_LIMIT_MESSAGE, locations: [{ line: 2, column: 3 }], path: ['customerAccessTokenCreate'], extensions: { code: 'THROTTLED' } }],
};
const UNIDENTIFIED = { data: { customerAccessTokenCreate: { customerAccessToken: null, customerUserErrors: [{ code: 'UNIDENTIFIED_CUSTOMER', field: null, message: 'Unidentified customer' }] } } };

// Three attempts per email, six per address; one attempt comes back every two seconds.
const LIMITS = { perEmail: { capacity: 3, leakPerSecond: 0.5 }, perIp: { capacity: 6, leakPerSecond: 0.5 } };
const SECONDS_PER_ATTEMPT = 2;

// Both stores' buckets leak on the app's clock, which the test moves (a ManualClock): nothing leaks out between two
// requests unless the test says so, and a leak is checked to the millisecond. (Without a clock of its own, the Redis
// store keeps Redis' time: the bucket store contract's tests.)
describe.each([
  ['Redis', { REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' }, 'ok'],
  ['the in-process store', { REDIS_URL: undefined }, 'in-process'],
])('customer login limit on %s', (_store, env, redisHealth) => {
  const clock = new ManualClock();
  let t: TestApp;
  let shop: TestShop;
  let db: pg.Client;
  let ipCounter = 0;
  let emailCounter = 0;
  // Every test uses addresses and emails of its own, so the buckets of one test never touch another's.
  const freshIp = () => `198.51.100.${++ipCounter}`;
  const freshEmail = () => `buyer-${++emailCounter}@example.com`;

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true', ...env }, { customerLogin: LIMITS, storefront: { capacity: 10_000, leakPerSecond: 1000 } }, { clock });
    shop = await t.createShop('acme');
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  const logIn = async (email: string, password: string, ip: string) => {
    const res = await storefrontQuery(t.app, shop.host, LOGIN, { 'x-forwarded-for': ip, 'x-platform-storefront-access-token': shop.tokens.storefrontAccessToken }, { variables: { input: { email, password } } });
    expect(res.status).toBe(200);
    return res.body;
  };
  const signUp = async (email: string, password: string) => {
    const res = await storefrontQuery(t.app, shop.host, SIGN_UP, { 'x-platform-storefront-access-token': shop.tokens.storefrontAccessToken }, { variables: { input: { email, password } } });
    expect(res.body.data.customerCreate.customerUserErrors).toEqual([]);
  };
  const tokenCount = async () => Number((await db.query('select count(*)::int as n from customer_access_tokens')).rows[0].n);

  it(`keeps its buckets where this describe says (/healthz: redis ${redisHealth})`, async () => {
    expect((await send(t.app, { url: '/healthz', host: 'localhost' })).body.redis).toBe(redisHealth);
  });

  it('refuses an email after its attempts from any address, even with the right password, and issues no token', async () => {
    const email = freshEmail();
    await signUp(email, 'right-password');
    // Spellings of one email share its bucket.
    const attempts = await Promise.all([email, `  ${email.toUpperCase()} `, email].map((spelling) => logIn(spelling, 'wrong-password', freshIp())));
    expect(attempts).toEqual([UNIDENTIFIED, UNIDENTIFIED, UNIDENTIFIED]);
    const tokens = await tokenCount();
    expect(await logIn(email, 'right-password', freshIp())).toEqual(REFUSED);
    expect(await tokenCount()).toBe(tokens);
  });

  it('answers an unknown email exactly as a known one, before and after the limit', async () => {
    const known = freshEmail();
    await signUp(known, 'right-password');
    const unknown = freshEmail();
    const answers = async (email: string) => {
      const before = await Promise.all([1, 2, 3].map(() => logIn(email, 'wrong-password', freshIp())));
      return { before, after: await logIn(email, 'wrong-password', freshIp()) };
    };
    const [forKnown, forUnknown] = await Promise.all([answers(known), answers(unknown)]);
    expect(forKnown).toEqual(forUnknown);
    expect(forKnown.after).toEqual(REFUSED);
  });

  it('refuses an address after its attempts across emails, and only that address', async () => {
    const ip = freshIp();
    const attempts = await Promise.all(Array.from({ length: 6 }, () => logIn(freshEmail(), 'wrong-password', ip)));
    expect(attempts).toEqual(Array(6).fill(UNIDENTIFIED));
    const email = freshEmail();
    expect(await logIn(email, 'wrong-password', ip)).toEqual(REFUSED);
    // The same email from elsewhere is not refused: the address's refusal did not charge the email.
    expect(await logIn(email, 'wrong-password', freshIp())).toEqual(UNIDENTIFIED);
  });

  it('lets exactly the allowance through when attempts arrive at once', async () => {
    const email = freshEmail();
    const answers = await Promise.all(Array.from({ length: 8 }, () => logIn(email, 'wrong-password', freshIp())));
    expect(answers.filter((a) => a.errors === undefined)).toHaveLength(3);
    expect(answers.filter((a) => a.errors?.[0].extensions.code === 'THROTTLED')).toHaveLength(5);
  });

  it('does not count successful logins', async () => {
    const email = freshEmail();
    await signUp(email, 'right-password');
    const ip = freshIp();
    for (let i = 0; i < 8; i++) expect((await logIn(email, 'right-password', ip)).data.customerAccessTokenCreate.customerAccessToken).not.toBeNull();
    // Failures still count in full.
    expect(await Promise.all([1, 2, 3].map(() => logIn(email, 'wrong-password', ip)))).toEqual([UNIDENTIFIED, UNIDENTIFIED, UNIDENTIFIED]);
    expect(await logIn(email, 'right-password', ip)).toEqual(REFUSED);
  });

  it('lets the customer in again once an attempt has leaked out', async () => {
    const email = freshEmail();
    await signUp(email, 'right-password');
    await Promise.all([1, 2, 3].map(() => logIn(email, 'wrong-password', freshIp())));
    expect(await logIn(email, 'right-password', freshIp())).toEqual(REFUSED);
    clock.advance(SECONDS_PER_ATTEMPT * 1000 - 1);
    expect(await logIn(email, 'right-password', freshIp())).toEqual(REFUSED);
    clock.advance(1);
    expect((await logIn(email, 'right-password', freshIp())).data.customerAccessTokenCreate.customerAccessToken.accessToken).toMatch(/^[0-9a-f]{32}$/);
  });

  it('keeps the email buckets of two shops apart, and follows an address from shop to shop', async () => {
    const other = await t.createShop('other');
    const email = freshEmail();
    await Promise.all([1, 2, 3].map(() => logIn(email, 'wrong-password', freshIp())));
    expect(await logIn(email, 'wrong-password', freshIp())).toEqual(REFUSED);
    const res = await storefrontQuery(t.app, other.host, LOGIN, { 'x-forwarded-for': freshIp(), 'x-platform-storefront-access-token': other.tokens.storefrontAccessToken }, { variables: { input: { email, password: 'wrong-password' } } });
    expect(res.body).toEqual(UNIDENTIFIED);
    const ip = freshIp();
    await Promise.all(Array.from({ length: 6 }, () => logIn(freshEmail(), 'wrong-password', ip)));
    const fromSameAddress = await storefrontQuery(t.app, other.host, LOGIN, { 'x-forwarded-for': ip, 'x-platform-storefront-access-token': other.tokens.storefrontAccessToken }, { variables: { input: { email: freshEmail(), password: 'wrong-password' } } });
    expect(fromSameAddress.body).toEqual(REFUSED);
  });
});
