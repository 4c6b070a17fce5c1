import pg from 'pg';
import { JOB_QUEUE, type JobQueue, eachShopJobName } from '@platform/queue';
import { storefrontQuery } from '../../support/http.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';

const CREATE = `mutation($input: CustomerCreateInput!) { customerCreate(input: $input) { customer { id } customerUserErrors { code } } }`;
const LOGIN = `mutation($input: CustomerAccessTokenCreateInput!) { customerAccessTokenCreate(input: $input) { customerAccessToken { accessToken } customerUserErrors { code } } }`;
const WHO = 'query($token: String!) { customer(customerAccessToken: $token) { email } }';

// The job payments and media copy, end to end on both queue kinds: the daily schedule's run, one job per shop,
// each deleting that shop's expired customer access tokens through the customers service.
// BullMQ on REDIS_URL, or on the machine's Redis when none is set (as the queue's own tests do), so `npm test`
// with nothing set runs both kinds too.
describe.each([
  ['bullmq', { REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' }],
  ['postgres', { REDIS_URL: undefined }],
])('the daily deletion of expired customer access tokens (%s queue)', (kind, env) => {
  let t: TestApp;
  let db: pg.Client;
  const shops: TestShop[] = [];

  beforeAll(async () => {
    t = await createTestApp(env);
    expect(t.app.get<JobQueue>(JOB_QUEUE).kind).toBe(kind);
    shops.push(await t.createShop('acme'), await t.createShop('globex'));
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  const gql = async (shop: TestShop, query: string, variables: Record<string, unknown>) => {
    const res = await storefrontQuery(t.app, shop.host, query, { 'x-platform-storefront-access-token': shop.tokens.storefrontAccessToken }, { variables });
    return res.body.data;
  };
  const logIn = async (shop: TestShop, email: string): Promise<string> => {
    const input = { email, password: 'secret-password-1' };
    await gql(shop, CREATE, { input });
    return (await gql(shop, LOGIN, { input })).customerAccessTokenCreate.customerAccessToken.accessToken;
  };
  const tokensOf = async (shop: TestShop) =>
    (await db.query<{ expired: boolean }>('select expires_at <= now() as expired from customer_access_tokens where shop_id = $1 order by id', [shop.shop.id])).rows.map((r) => r.expired);

  it("deletes every shop's expired tokens and keeps the live ones working", async () => {
    const live: Record<string, string> = {};
    for (const shop of shops) {
      const expired = await logIn(shop, `gone@${shop.shop.handle}.example`);
      live[shop.shop.handle] = await logIn(shop, `here@${shop.shop.handle}.example`);
      // Expired yesterday, as a token of a customer who never came back.
      await db.query("update customer_access_tokens set expires_at = now() - interval '1 day' where shop_id = $1 and id = (select min(id) from customer_access_tokens where shop_id = $1)", [shop.shop.id]);
      expect(expired).not.toBe(live[shop.shop.handle]);
      expect(await tokensOf(shop)).toEqual([true, false]);
    }

    // What the schedule enqueues at 03:00 UTC, enqueued now.
    const queue = t.app.get<JobQueue>(JOB_QUEUE);
    await queue.enqueue(eachShopJobName('customers.delete-expired-access-tokens'), {});
    await queue.drain();

    for (const shop of shops) {
      expect(await tokensOf(shop)).toEqual([false]);
      expect(await gql(shop, WHO, { token: live[shop.shop.handle] })).toEqual({ customer: { email: `here@${shop.shop.handle}.example` } });
    }
  });
});
