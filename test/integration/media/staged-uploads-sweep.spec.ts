import { Readable } from 'node:stream';
import pg from 'pg';
import { StagedUploadsService } from '@platform/media';
import { JOB_QUEUE, type JobQueue, eachShopJobName } from '@platform/queue';
import { SystemContexts } from '@platform/request';
import { FILE_STORAGE, type FileStorage, parseFileKey } from '@platform/storage';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';

// The daily sweep of staged uploads on both queue kinds: what its 04:30 UTC schedule enqueues deletes, for every shop,
// the files of targets a day old (sent or not) and forgets them, leaving newer ones.
describe.each([
  ['bullmq', { REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' }],
  ['postgres', { REDIS_URL: undefined }],
])('the staged uploads sweep (%s queue)', (kind, env) => {
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

  it("deletes every shop's staged files a day old and forgets them; newer ones stay", async () => {
    const storage = t.app.get<FileStorage>(FILE_STORAGE);
    const stage = async (shop: TestShop) => {
      const ctx = t.app.get(SystemContexts).forShop(shop.shop);
      const made = await t.app.get(StagedUploadsService).create(ctx, [{ resource: 'IMAGE', filename: 'a.png', mimeType: 'image/png' }]);
      const { key } = made.targets![0]!;
      const file = parseFileKey(key)!;
      // As a client's upload lands: under the target's key.
      await storage.put({ shopId: file.shopId, access: file.access, folder: file.folder, name: file.name }, Readable.from([Buffer.from('bytes')]), { contentType: 'image/png' });
      return key;
    };
    const old = [await stage(shops[0]!), await stage(shops[1]!)];
    const fresh = await stage(shops[0]!);
    await db.query(`update staged_uploads set created_at = now() - interval '25 hours' where file_key = any($1)`, [old]);

    const queue = t.app.get<JobQueue>(JOB_QUEUE);
    await queue.enqueue(eachShopJobName('media.delete-stale-staged-uploads'), {});
    await queue.drain();

    expect([await storage.exists(old[0]!), await storage.exists(old[1]!), await storage.exists(fresh)]).toEqual([false, false, true]);
    const { rows } = await db.query('select file_key from staged_uploads');
    expect(rows).toEqual([{ file_key: fresh }]);
  });
});
