import { Inject, Injectable } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import pg from 'pg';
import { pino } from 'pino';
import { ConfigModule, loadConfig } from '@platform/config';
import { DatabaseModule } from '@platform/database';
import { DomainEvent, DomainEvents, type EventHandler, EventsModule, HandlesEvent, OutboxSweeper } from '@platform/events';
import { LoggingModule } from '@platform/logging';
import { QueueModule } from '@platform/queue';
import { type RequestContext, SystemContextModule, SystemContexts } from '@platform/request';
import { ShopService, type ShopSnapshot, TenancyModule } from '@platform/tenancy';
import { crashAfterCommit } from '../../../libs/platform/events/domain-events.js';
import { MIGRATIONS } from '../../../migrations/index.js';
import { sqlDuring } from '../../support/sql.js';
import { cloneTestDatabase } from '../../support/test-database.js';

@DomainEvent('test.order-charged')
class OrderCharged {
  constructor(
    readonly orderId: number,
    readonly amount: string,
    readonly quantity: number,
    readonly ratio: number,
    readonly test: boolean,
    readonly note: string | null,
    readonly processedAt: string,
  ) {}
}

const PROCESS = Symbol('PROCESS');
let failing = false;
// Every handler call, in every process of the test.
const calls: { process: string; handler: string; event: OrderCharged; surface: string; shopId: number; origin: string }[] = [];
const logged: { msg: string; event?: string; handler?: string; reason?: string }[] = [];

@Injectable()
@HandlesEvent(OrderCharged)
class LedgerHandler implements EventHandler<OrderCharged> {
  constructor(@Inject(PROCESS) private readonly process: string) {}

  async handle(ctx: RequestContext, event: OrderCharged): Promise<void> {
    // Slow enough for two sweepers to overlap.
    await new Promise((resolve) => setTimeout(resolve, 2));
    calls.push({ process: this.process, handler: 'ledger', event, surface: ctx.surface, shopId: ctx.shop.id, origin: ctx.origin });
  }
}

@Injectable()
@HandlesEvent(OrderCharged)
class StatsHandler implements EventHandler<OrderCharged> {
  constructor(@Inject(PROCESS) private readonly process: string) {}

  async handle(ctx: RequestContext, event: OrderCharged): Promise<void> {
    if (failing) throw new Error('stats unavailable');
    calls.push({ process: this.process, handler: 'stats', event, surface: ctx.surface, shopId: ctx.shop.id, origin: ctx.origin });
  }
}

describe('the event outbox sweeper', () => {
  let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
  let outside: pg.Client;
  const processes: TestingModule[] = [];
  let publisher: TestingModule;
  let sweeperB: OutboxSweeper;
  let sweeperC: OutboxSweeper;
  let shop: ShopSnapshot;
  let ctx: RequestContext;

  // A process of the platform on the test database; `runsJobs` gives it a job queue that runs jobs (in process).
  async function bootProcess(name: string, runsJobs = false): Promise<TestingModule> {
    const logger = pino({ level: 'error' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
    const moduleRef = await Test.createTestingModule({
      imports: [
        ConfigModule.forRoot(loadConfig({ DATABASE_URL: database.url })),
        LoggingModule.forRoot(logger),
        DatabaseModule.forRoot({ url: database.url, migrations: MIGRATIONS, poolSize: 4 }),
        ...(runsJobs ? [QueueModule.forRoot({ runsJobs: true, logger })] : []),
        EventsModule,
        TenancyModule,
        SystemContextModule,
      ],
      providers: [{ provide: PROCESS, useValue: name }, LedgerHandler, StatsHandler],
    }).compile();
    await moduleRef.init();
    processes.push(moduleRef);
    return moduleRef;
  }

  const rows = async () =>
    (
      await outside.query<{ id: string; status: string; handled: string[]; attempts: number; last_error: string | null }>(
        'select id, status, handled, attempts, last_error from event_outbox order by id',
      )
    ).rows;
  const expireLeases = () => outside.query("update event_outbox set available_at = now() - interval '1 second' where status = 'pending'");

  async function publish(count: number, event = (i: number) => new OrderCharged(i, '10.00', 1, 0.5, true, null, '2026-11-24T10:00:00.000Z')): Promise<void> {
    const events = publisher.get(DomainEvents);
    for (let i = 1; i <= count; i++) await ctx.em.transactional(async () => events.publish(ctx, event(i)));
  }

  // The publishing process dies right after each commit: nothing is delivered, the rows stay.
  async function publishThenCrash(count: number, event?: (i: number) => OrderCharged): Promise<void> {
    crashAfterCommit.on = true;
    try {
      await publish(count, event);
    } finally {
      crashAfterCommit.on = false;
    }
  }

  beforeAll(async () => {
    database = await cloneTestDatabase();
    outside = new pg.Client({ connectionString: database.url });
    await outside.connect();
    publisher = await bootProcess('api');
    sweeperB = (await bootProcess('worker-b')).get(OutboxSweeper);
    sweeperC = (await bootProcess('worker-c')).get(OutboxSweeper);
    shop = await publisher.get(ShopService).create({ handle: 'outbox', name: 'Outbox' });
    ctx = { ...publisher.get(SystemContexts).forShop(shop, 'https://outbox.example.com'), surface: 'admin_graphql' };
  });

  afterAll(async () => {
    for (const moduleRef of processes) await moduleRef.close();
    await outside.end();
    await database.drop();
  });

  beforeEach(async () => {
    calls.length = 0;
    logged.length = 0;
    failing = false;
    await outside.query('delete from event_outbox');
  });

  it('delivers what a crash after the commit left, once the publisher\'s lease is over, exactly once with two sweepers at once', async () => {
    await publishThenCrash(40);
    expect(calls).toEqual([]);
    expect((await rows()).map((row) => [row.status, row.attempts])).toEqual(Array.from({ length: 40 }, () => ['pending', 1]));
    // The publisher may still be delivering: its lease keeps the sweepers off.
    expect(await sweeperB.sweep()).toBe(0);

    await expireLeases();
    const [takenByB, takenByC] = await Promise.all([sweeperB.sweep(), sweeperC.sweep()]);
    expect(takenByB + takenByC).toBe(40);
    const ledger = calls.filter((call) => call.handler === 'ledger');
    expect(ledger.map((call) => call.event.orderId).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(new Set(ledger.map((call) => call.process))).not.toContain('api');
    expect(calls.filter((call) => call.handler === 'stats')).toHaveLength(40);
    // A system context of the event's shop, with the shop's origin (not the Host of the request that published it).
    expect(ledger[0]).toMatchObject({ surface: 'system', shopId: shop.id, origin: `https://${shop.domain}` });
    expect((await rows()).every((row) => row.status === 'delivered' && row.attempts === 2)).toBe(true);
    // Nothing left to take.
    expect(await Promise.all([sweeperB.sweep(), sweeperC.sweep()])).toEqual([0, 0]);
  });

  it('rebuilds the event from its JSON: numbers, strings, booleans, null and ISO dates as strings', async () => {
    const event = new OrderCharged(9_007_199_254_740_991, '1234567890.12', 3, 0.125, false, null, '2026-11-24T23:59:59.999Z');
    await publishThenCrash(1, () => event);
    await expireLeases();
    await sweeperB.sweep();
    const delivered = calls.find((call) => call.handler === 'ledger')!.event;
    expect(delivered).toBeInstanceOf(OrderCharged);
    expect(delivered).toEqual(event);
    expect({ ...delivered }).toStrictEqual({ ...event });
  });

  it('retries a failed handler later with backoff and does not run again the handlers that succeeded', async () => {
    failing = true;
    await publish(1);
    expect(calls.map((call) => `${call.process}:${call.handler}`)).toEqual(['api:ledger']);
    expect(await rows()).toEqual([expect.objectContaining({ status: 'pending', handled: ['LedgerHandler'], attempts: 1, last_error: 'stats unavailable' })]);
    // Not before its retry time (30 s after the first failure).
    expect(await sweeperB.sweep()).toBe(0);

    await expireLeases();
    await sweeperB.sweep();
    expect(await rows()).toEqual([expect.objectContaining({ status: 'pending', handled: ['LedgerHandler'], attempts: 2 })]);
    const { rows: [retry] } = await outside.query<{ due_in_s: number }>('select round(extract(epoch from available_at - now()))::int as due_in_s from event_outbox');
    expect(retry!.due_in_s).toBe(60);

    failing = false;
    await expireLeases();
    expect(await sweeperB.sweep()).toBe(1);
    expect(calls.map((call) => `${call.process}:${call.handler}`)).toEqual(['api:ledger', 'worker-b:stats']);
    expect(await rows()).toEqual([expect.objectContaining({ status: 'delivered', handled: ['LedgerHandler', 'StatsHandler'], attempts: 3, last_error: null })]);
  });

  it('gives up after the last attempt with an error log, also when the process of the last attempt stopped', async () => {
    failing = true;
    await publishThenCrash(2);
    const [first, second] = await rows();
    await outside.query('update event_outbox set attempts = 9 where id = $1', [first!.id]);
    await outside.query('update event_outbox set attempts = 10 where id = $1', [second!.id]);
    await expireLeases();
    await sweeperB.sweep();
    expect(await rows()).toEqual([
      expect.objectContaining({ status: 'failed', attempts: 10, handled: ['LedgerHandler'], last_error: 'stats unavailable' }),
      expect.objectContaining({ status: 'failed', attempts: 11, handled: [], last_error: 'the process delivering it stopped' }),
    ]);
    expect(logged.filter((line) => line.msg === 'event delivery given up')).toEqual([
      expect.objectContaining({ event: 'test.order-charged', reason: 'stats unavailable' }),
      expect.objectContaining({ event: 'test.order-charged', reason: 'the process delivering it stopped' }),
    ]);
    // Failed rows are kept, never taken again.
    await expireLeases();
    expect(await sweeperB.sweep()).toBe(0);
  });

  it('skips rows another process holds instead of waiting for them', async () => {
    await publishThenCrash(2);
    await expireLeases();
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from event_outbox where id = (select min(id) from event_outbox) for update');
      expect(await sweeperB.sweep()).toBe(1);
      await holder.query('commit');
    } finally {
      await holder.end();
    }
    expect(await sweeperB.sweep()).toBe(1);
    expect(calls.filter((call) => call.handler === 'ledger').map((call) => call.event.orderId)).toEqual([2, 1]);
  });

  it('sends its own statements marked as background work, which request statement counts leave out', async () => {
    const { statements } = await sqlDuring(() => sweeperB.sweep());
    expect(statements).toEqual([]);
  });

  it('leaves events it has no handler for to the processes that have one', async () => {
    await outside.query("insert into event_outbox (shop_id, name, payload, request_id, origin, attempts) values ($1, 'test.unknown', '{}', 'r', 'https://x', 1)", [shop.id]);
    expect(await sweeperB.sweep()).toBe(0);
    expect(await rows()).toEqual([expect.objectContaining({ status: 'pending', attempts: 1 })]);
  });

  it('deletes delivered rows after a week and any row after a month', async () => {
    await publish(3);
    const [weekOld, dayOld, monthOld] = await rows();
    await outside.query("update event_outbox set delivered_at = now() - interval '8 days' where id = $1", [weekOld!.id]);
    await outside.query("update event_outbox set delivered_at = now() - interval '1 day' where id = $1", [dayOld!.id]);
    await outside.query("update event_outbox set status = 'failed', created_at = now() - interval '31 days' where id = $1", [monthOld!.id]);
    await sweeperB.sweep();
    expect((await rows()).map((row) => row.id)).toEqual([dayOld!.id]);
  });

  it('runs on its own at start where the process runs jobs', async () => {
    await publishThenCrash(1);
    await expireLeases();
    const worker = await bootProcess('worker-d', true);
    for (let waited = 0; (await rows())[0]!.status !== 'delivered'; waited += 20) {
      if (waited > 5_000) throw new Error('the sweeper did not run at start');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(calls.map((call) => `${call.process}:${call.handler}`)).toEqual(['worker-d:ledger', 'worker-d:stats']);
    await worker.close();
    processes.splice(processes.indexOf(worker), 1);
  });
});
