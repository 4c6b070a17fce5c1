import pg from 'pg';
import { LedgerService } from '@platform/payments';
import { createCharge } from '@platform/payments/testing';
import { JOB_QUEUE, type JobQueue, eachShopJobName } from '@platform/queue';
import { SystemContexts } from '@platform/request';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';

// The daily payout run on both queue kinds: what the 04:00 UTC schedule enqueues runs payouts for every shop.
// BullMQ on REDIS_URL, or on the machine's Redis when none is set (as the queue's own tests do), so `npm test`
// with nothing set runs both kinds too.
describe.each([
  ['bullmq', { REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' }],
  ['postgres', { REDIS_URL: undefined }],
])('the daily payout run (%s queue)', (kind, env) => {
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

  it("sweeps every shop's pending balance into a scheduled payout", async () => {
    for (const [i, shop] of shops.entries()) {
      await createCharge(t.app.get(LedgerService), t.app.get(SystemContexts).forShop(shop.shop), { amount: `${(i + 1) * 10}.00`, processedAt: new Date(Date.now() - 60_000) });
    }
    const queue = t.app.get<JobQueue>(JOB_QUEUE);
    await queue.enqueue(eachShopJobName('payments.run-payouts'), {});
    await queue.drain();
    const { rows } = await db.query('select shop_id, amount::text, status from payouts order by shop_id');
    expect(rows).toEqual([
      { shop_id: String(shops[0]!.shop.id), amount: '9.41', status: 'scheduled' },
      { shop_id: String(shops[1]!.shop.id), amount: '19.12', status: 'scheduled' },
    ]);
  });
});
