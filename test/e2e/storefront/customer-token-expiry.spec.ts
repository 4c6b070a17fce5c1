import { ManualClock } from '@platform/clock';
import { storefrontQuery } from '../../support/http.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';

const CREATE = `mutation($input: CustomerCreateInput!) { customerCreate(input: $input) { customer { id } customerUserErrors { code } } }`;
const LOGIN = `mutation($input: CustomerAccessTokenCreateInput!) { customerAccessTokenCreate(input: $input) { customerAccessToken { accessToken expiresAt } customerUserErrors { code } } }`;
const WHO = 'query($token: String!) { customer(customerAccessToken: $token) { email } }';
const DAY = 24 * 60 * 60 * 1000;

// A customer access token lives 42 days, judged on the platform's clock: the test moves it instead of waiting.
describe('a customer access token on the clock', () => {
  let t: TestApp;
  let shop: TestShop;
  const clock = new ManualClock(Date.parse('2026-11-01T12:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: undefined }, undefined, { clock });
    shop = await t.createShop('acme');
  });
  afterAll(() => t?.close());

  const gql = async (query: string, variables: Record<string, unknown>) =>
    (await storefrontQuery(t.app, shop.host, query, { 'x-platform-storefront-access-token': shop.tokens.storefrontAccessToken }, { variables })).body.data;

  it('expires 42 days after it was made, to the second', async () => {
    const input = { email: 'clock@example.com', password: 'secret-password-1' };
    await gql(CREATE, { input });
    const { accessToken, expiresAt } = (await gql(LOGIN, { input })).customerAccessTokenCreate.customerAccessToken;
    expect(expiresAt).toBe('2026-12-13T12:00:00.000Z');
    clock.advance(42 * DAY - 1_000);
    expect(await gql(WHO, { token: accessToken })).toEqual({ customer: { email: 'clock@example.com' } });
    clock.advance(1_000);
    expect(await gql(WHO, { token: accessToken })).toEqual({ customer: null });
  });
});
