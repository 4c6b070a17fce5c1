import { Injectable } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import type { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import { pino } from 'pino';
import { DatabaseModule } from '@platform/database';
import { DomainEvents, type EventHandler, EventsModule, HandlesEvent } from '@platform/events';
import { LoggingModule } from '@platform/logging';
import { ConfigModule, loadConfig } from '@platform/config';
import { type RequestContext, SystemContextModule, SystemContexts } from '@platform/request';
import { ShopService, TenancyModule } from '@platform/tenancy';
import { MIGRATIONS } from '../../../migrations/index.js';
import { cloneTestDatabase } from '../../support/test-database.js';

class ShopRenamed {
  constructor(
    readonly shopId: number,
    readonly name: string,
  ) {}
}

// What each handler saw when it ran: the shop's name read on a connection of its own, so only committed data shows.
const seen: { handler: string; name: string; committedName: string }[] = [];
let outside: pg.Client;

async function committedName(shopId: number): Promise<string> {
  const { rows } = await outside.query<{ name: string }>('select name from shops where id = $1', [shopId]);
  return rows[0]!.name;
}

class ShopReopened {
  constructor(readonly shopId: number) {}
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
    throw new Error('handler broke');
  }
}

@Injectable()
@HandlesEvent(ShopRenamed)
class RecordingHandler implements EventHandler<ShopRenamed> {
  async handle(_ctx: RequestContext, event: ShopRenamed): Promise<void> {
    seen.push({ handler: 'recording', name: event.name, committedName: await committedName(event.shopId) });
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
      providers: [FailingHandler, RecordingHandler, ReopeningHandler],
    }).compile();
    await moduleRef.init();
    events = moduleRef.get(DomainEvents);
    const shop = await moduleRef.get(ShopService).create({ handle: 'events', name: 'Before' });
    ctx = moduleRef.get(SystemContexts).forShop(shop);
  });

  afterAll(async () => {
    await moduleRef.close();
    await outside.end();
    await database.drop();
  });

  beforeEach(() => {
    seen.length = 0;
    logged.length = 0;
  });

  const rename = (em: EntityManager, name: string) => em.execute('update shops set name = ? where id = ?', [name, ctx.shop.id], 'run');

  it('delivers an event once its transaction has committed, and a failing handler neither stops the others nor the use case', async () => {
    const result = await ctx.em.transactional(async (em) => {
      await rename(em, 'After');
      events.publish(ctx, new ShopRenamed(ctx.shop.id, 'After'));
      // Not yet: the transaction is still open.
      expect(seen).toEqual([]);
      return 'use case result';
    });
    expect(result).toBe('use case result');
    expect(seen).toEqual([{ handler: 'recording', name: 'After', committedName: 'After' }]);
    expect(logged).toEqual([expect.objectContaining({ msg: 'event handler failed', handler: 'FailingHandler', event: 'ShopRenamed', err: expect.objectContaining({ message: 'handler broke' }) })]);
  });

  it('never delivers the event of a transaction that rolls back', async () => {
    await expect(
      ctx.em.transactional(async (em) => {
        await rename(em, 'Rolled back');
        events.publish(ctx, new ShopRenamed(ctx.shop.id, 'Rolled back'));
        throw new Error('use case failed');
      }),
    ).rejects.toThrow('use case failed');
    expect(seen).toEqual([]);
    expect(await committedName(ctx.shop.id)).not.toBe('Rolled back');
  });

  it('holds an event of a nested transaction until the outer one commits, and drops it with a savepoint rolled back', async () => {
    await ctx.em.transactional(async (em) => {
      await em.transactional(async (inner) => {
        await rename(inner, 'Nested');
        events.publish(ctx, new ShopRenamed(ctx.shop.id, 'Nested'));
      });
      await expect(
        em.transactional(async () => {
          events.publish(ctx, new ShopRenamed(ctx.shop.id, 'Savepoint rolled back'));
          throw new Error('inner failed');
        }),
      ).rejects.toThrow('inner failed');
      // The savepoint was released, the transaction is not committed.
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual([{ handler: 'recording', name: 'Nested', committedName: 'Nested' }]);
  });

  it('drops the events of a released savepoint when the outer transaction rolls back', async () => {
    await expect(
      ctx.em.transactional(async (em) => {
        await em.transactional(async () => events.publish(ctx, new ShopRenamed(ctx.shop.id, 'Never')));
        throw new Error('outer failed');
      }),
    ).rejects.toThrow('outer failed');
    expect(seen).toEqual([]);
  });

  it('refuses an event published outside a transaction, also by a handler after the commit', async () => {
    expect(() => events.publish(ctx, new ShopRenamed(ctx.shop.id, 'Loose'))).toThrow(/ShopRenamed was published outside a transaction/);
    // Handlers run in the committed transaction's async context: a publish there must fail, not wait for a commit that came.
    await ctx.em.transactional(async () => events.publish(ctx, new ShopReopened(ctx.shop.id)));
    expect(seen).toEqual([]);
    expect(logged).toEqual([expect.objectContaining({ handler: 'ReopeningHandler', err: expect.objectContaining({ message: expect.stringMatching(/outside a transaction/) }) })]);
  });
});
