import { Injectable } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import type { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import { pino } from 'pino';
import { ConfigModule, loadConfig } from '@platform/config';
import { DatabaseModule } from '@platform/database';
import { DomainEvent, DomainEvents, type EventHandler, EventsModule, HandlesEvent } from '@platform/events';
import { LoggingModule } from '@platform/logging';
import { type RequestContext, SystemContextModule, SystemContexts, inTransaction } from '@platform/request';
import { ShopService, TenancyModule } from '@platform/tenancy';
import { MIGRATIONS } from '../../../migrations/index.js';
import { cloneTestDatabase } from '../../support/test-database.js';

@DomainEvent('test.shop-renamed')
class ShopRenamed {
  constructor(
    readonly shopId: number,
    readonly name: string,
  ) {}
}

@DomainEvent('test.shop-reopened')
class ShopReopened {
  constructor(readonly shopId: number) {}
}

// Its handler writes in a transaction of its own, as the ledger's handlers do.
@DomainEvent('test.shop-noted')
class ShopNoted {
  constructor(
    readonly shopId: number,
    readonly note: string,
  ) {}
}

class Unnamed {
  constructor(readonly shopId: number) {}
}

// What each handler saw when it ran: the shop's name read on a connection of its own, so only committed data shows.
const seen: { handler: string; name: string; committedName: string }[] = [];
let outside: pg.Client;
let failing = true;

async function committedName(shopId: number): Promise<string> {
  const { rows } = await outside.query<{ name: string }>('select name from shops where id = $1', [shopId]);
  return rows[0]!.name;
}

async function outboxRows(): Promise<{ name: string; payload: unknown; status: string; handled: string[]; attempts: number; last_error: string | null; due_in_s: number; request_id: string; origin: string }[]> {
  const { rows } = await outside.query(
    `select name, payload, status, handled, attempts, last_error, request_id, origin,
            round(extract(epoch from available_at - now()))::int as due_in_s
       from event_outbox order by id`,
  );
  return rows;
}

@Injectable()
@HandlesEvent(ShopReopened)
class ReopeningHandler implements EventHandler<ShopReopened> {
  constructor(private readonly events: DomainEvents) {}

  async handle(ctx: RequestContext, event: ShopReopened): Promise<void> {
    this.events.publish(ctx, new ShopRenamed(event.shopId, 'From a handler'));
  }
}

@Injectable()
@HandlesEvent(ShopRenamed)
class FailingHandler implements EventHandler<ShopRenamed> {
  async handle(): Promise<void> {
    if (failing) throw new Error('handler broke');
  }
}

@Injectable()
@HandlesEvent(ShopRenamed)
class RecordingHandler implements EventHandler<ShopRenamed> {
  async handle(_ctx: RequestContext, event: ShopRenamed): Promise<void> {
    seen.push({ handler: 'recording', name: event.name, committedName: await committedName(event.shopId) });
  }
}

@Injectable()
@HandlesEvent(ShopNoted)
class NotingHandler implements EventHandler<ShopNoted> {
  async handle(ctx: RequestContext, event: ShopNoted): Promise<void> {
    await ctx.em.transactional((em) => em.execute('update shops set name = ? where id = ?', [event.note, event.shopId], 'run'));
  }
}

describe('events after commit', () => {
  let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
  let moduleRef: TestingModule;
  let events: DomainEvents;
  let ctx: RequestContext;
  const logged: { msg: string; handler?: string; event?: string; err?: { message: string } }[] = [];

  beforeAll(async () => {
    database = await cloneTestDatabase();
    outside = new pg.Client({ connectionString: database.url });
    await outside.connect();
    const logger = pino({ level: 'error' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
    moduleRef = await Test.createTestingModule({
      imports: [
        ConfigModule.forRoot(loadConfig({ DATABASE_URL: database.url })),
        LoggingModule.forRoot(logger),
        DatabaseModule.forRoot({ url: database.url, migrations: MIGRATIONS }),
        EventsModule,
        TenancyModule,
        SystemContextModule,
      ],
      // The failing handler comes first: the one after it still gets the event.
      providers: [FailingHandler, RecordingHandler, ReopeningHandler, NotingHandler],
    }).compile();
    await moduleRef.init();
    events = moduleRef.get(DomainEvents);
    const shop = await moduleRef.get(ShopService).create({ handle: 'events', name: 'Before' });
    ctx = { ...moduleRef.get(SystemContexts).forShop(shop, 'https://events.example.com'), requestId: 'request-1' };
  });

  afterAll(async () => {
    await moduleRef.close();
    await outside.end();
    await database.drop();
  });

  beforeEach(async () => {
    seen.length = 0;
    logged.length = 0;
    failing = true;
    await outside.query('delete from event_outbox');
  });

  const rename = (em: EntityManager, name: string) => em.execute('update shops set name = ? where id = ?', [name, ctx.shop.id], 'run');

  it('writes the event to the outbox in its transaction and delivers it once that has committed; a failing handler neither stops the others nor the use case', async () => {
    const result = await ctx.em.transactional(async (em) => {
      await rename(em, 'After');
      events.publish(ctx, new ShopRenamed(ctx.shop.id, 'After'));
      await em.flush();
      // Written in the transaction: not visible outside it yet, nor delivered.
      expect(await outboxRows()).toEqual([]);
      expect(await em.execute('select name from event_outbox')).toEqual([{ name: 'test.shop-renamed' }]);
      expect(seen).toEqual([]);
      return 'use case result';
    });
    expect(result).toBe('use case result');
    expect(seen).toEqual([{ handler: 'recording', name: 'After', committedName: 'After' }]);
    expect(logged).toEqual([expect.objectContaining({ msg: 'event handler failed', handler: 'FailingHandler', event: 'test.shop-renamed', err: expect.objectContaining({ message: 'handler broke' }) })]);
    // The failed handler is retried later, alone: the one that ran is recorded.
    expect(await outboxRows()).toEqual([
      {
        name: 'test.shop-renamed',
        payload: { shopId: ctx.shop.id, name: 'After' },
        status: 'pending',
        handled: ['RecordingHandler'],
        attempts: 1,
        last_error: 'handler broke',
        due_in_s: 30,
        request_id: 'request-1',
        // The shop's domain (on the request's scheme: a development one), not the request's host.
        origin: `https://${ctx.shop.domain}`,
      },
    ]);
  });

  it('marks the event delivered once every handler ran', async () => {
    failing = false;
    await ctx.em.transactional(async () => events.publish(ctx, new ShopRenamed(ctx.shop.id, 'Delivered')));
    expect(seen).toEqual([expect.objectContaining({ name: 'Delivered' })]);
    expect(await outboxRows()).toEqual([expect.objectContaining({ status: 'delivered', handled: ['FailingHandler', 'RecordingHandler'], attempts: 1, last_error: null })]);
  });

  it('never writes nor delivers the event of a transaction that rolls back', async () => {
    await expect(
      ctx.em.transactional(async (em) => {
        await rename(em, 'Rolled back');
        events.publish(ctx, new ShopRenamed(ctx.shop.id, 'Rolled back'));
        await em.flush();
        throw new Error('use case failed');
      }),
    ).rejects.toThrow('use case failed');
    expect(seen).toEqual([]);
    expect(await committedName(ctx.shop.id)).not.toBe('Rolled back');
    expect(await outboxRows()).toEqual([]);
  });

  it('holds an event of a nested transaction until the outer one commits, and drops it with a savepoint rolled back', async () => {
    await ctx.em.transactional(async (em) => {
      await em.transactional(async (inner) => {
        await rename(inner, 'Nested');
        events.publish(ctx, new ShopRenamed(ctx.shop.id, 'Nested'));
      });
      await expect(
        em.transactional(async (inner) => {
          events.publish(ctx, new ShopRenamed(ctx.shop.id, 'Savepoint rolled back'));
          await inner.flush();
          throw new Error('inner failed');
        }),
      ).rejects.toThrow('inner failed');
      // The savepoint was released, the transaction is not committed.
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual([{ handler: 'recording', name: 'Nested', committedName: 'Nested' }]);
    expect((await outboxRows()).map((row) => row.payload)).toEqual([{ shopId: ctx.shop.id, name: 'Nested' }]);
  });

  it('drops the events of a released savepoint when the outer transaction rolls back', async () => {
    await expect(
      ctx.em.transactional(async (em) => {
        await em.transactional(async () => events.publish(ctx, new ShopRenamed(ctx.shop.id, 'Never')));
        throw new Error('outer failed');
      }),
    ).rejects.toThrow('outer failed');
    expect(seen).toEqual([]);
    expect(await outboxRows()).toEqual([]);
  });

  it('refuses an event published outside a transaction, also by a handler after the commit, and a class without @DomainEvent', async () => {
    expect(() => events.publish(ctx, new ShopRenamed(ctx.shop.id, 'Loose'))).toThrow(/ShopRenamed was published outside a transaction/);
    await expect(ctx.em.transactional(async () => events.publish(ctx, new Unnamed(ctx.shop.id)))).rejects.toThrow(/Unnamed has no @DomainEvent/);
    await expect(ctx.em.transactional(async () => events.publish(ctx, new ShopRenamed(ctx.shop.id, new Date() as never)))).rejects.toThrow(/ShopRenamed\.name is a Date/);
    // Handlers run after the commit: a publish there must fail, not wait for a commit that came.
    await ctx.em.transactional(async () => events.publish(ctx, new ShopReopened(ctx.shop.id)));
    expect(seen).toEqual([]);
    expect(logged).toEqual([expect.objectContaining({ handler: 'ReopeningHandler', err: expect.objectContaining({ message: expect.stringMatching(/outside a transaction/) }) })]);
    expect(await outboxRows()).toEqual([expect.objectContaining({ name: 'test.shop-reopened', status: 'pending', handled: [] })]);
  });

  it('lets a handler write in a transaction of its own, also when the event was published with the transaction\'s context', async () => {
    await ctx.em.transactional(async () => events.publish(ctx, new ShopNoted(ctx.shop.id, 'Noted')));
    expect(await committedName(ctx.shop.id)).toBe('Noted');
    await ctx.em.transactional(async (em) => events.publish(inTransaction(ctx, em), new ShopNoted(ctx.shop.id, 'Noted again')));
    expect(await committedName(ctx.shop.id)).toBe('Noted again');
    expect(logged).toEqual([]);
    expect((await outboxRows()).map((row) => row.status)).toEqual(['delivered', 'delivered']);
  });
});
