import { type BeforeApplicationShutdown, Inject, Injectable, type OnApplicationBootstrap, Optional } from '@nestjs/common';
import { SqlPool } from '@platform/database';
import { LOGGER, type Logger } from '@platform/logging';
import { JOB_QUEUE, type JobQueue } from '@platform/queue';
import { SystemContexts } from '@platform/request';
import { ShopService } from '@platform/tenancy';
import { EventDelivery, type EventToDeliver } from './event-delivery.js';
import { EventHandlers } from './event-handlers.js';
import { CLAIM_DUE_EVENTS, type ClaimedEventRow, DELETE_OLD_EVENTS } from './event-outbox.sql.js';
import { DELIVERY_LEASE_MS, MAX_DELIVERY_ATTEMPTS } from './outbox-retry.js';

const SWEEP_INTERVAL_MS = 10_000;
const BATCH = 100;
const DELETE_BATCH = 1_000;

/**
 * Delivers the outbox rows nobody delivered: those a crash left between commit and delivery, and those whose
 * handler failed, once their retry time has come. It runs where the process runs jobs (roles `all` and `worker`,
 * with or without Redis): at start, then every 10 s. Rows are claimed with `for update skip locked` and leased, so
 * two processes never take one row at once; each event goes to its handlers with a system context of its shop and
 * the origin of the request that published it. It also deletes delivered rows after a week, any row after a month.
 */
@Injectable()
export class OutboxSweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly sql: SqlPool,
    private readonly handlers: EventHandlers,
    private readonly delivery: EventDelivery,
    private readonly shops: ShopService,
    private readonly contexts: SystemContexts,
    @Inject(LOGGER) private readonly logger: Logger,
    @Optional() @Inject(JOB_QUEUE) private readonly queue: JobQueue | null,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.queue?.runsJobs) return;
    // Awaited: what a crash left is delivered before the process serves, and no request overlaps this sweep.
    this.sweepInBackground();
    await this.running;
    this.timer = setInterval(() => this.sweepInBackground(), SWEEP_INTERVAL_MS);
    // The timer must not keep a finished process alive; shutdown stops it anyway.
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Delivers every due row this process has handlers for, a batch at a time; answers how many it took. */
  async sweep(): Promise<number> {
    const names = JSON.stringify(this.handlers.names());
    let taken = 0;
    for (;;) {
      const rows = await this.sql.unscoped<ClaimedEventRow>(CLAIM_DUE_EVENTS, [names, BATCH, DELIVERY_LEASE_MS]);
      for (const row of rows) await this.deliver(row);
      taken += rows.length;
      // A row that failed again is due later, so a full batch means more rows were due, not the same ones.
      if (rows.length < BATCH) break;
    }
    await this.sql.unscoped(DELETE_OLD_EVENTS, [DELETE_BATCH, DELETE_BATCH]);
    return taken;
  }

  private sweepInBackground(): void {
    if (this.running) return;
    this.running = this.sweep()
      .then(() => undefined)
      .catch((err: unknown) => this.logger.error({ err }, 'event outbox sweep failed'))
      .finally(() => {
        this.running = undefined;
      });
  }

  private async deliver(row: ClaimedEventRow): Promise<void> {
    const type = this.handlers.typeNamed(row.name)!;
    const event: EventToDeliver = { id: Number(row.id), name: row.name, type, payload: row.payload as EventToDeliver['payload'], requestId: row.request_id, handled: row.handled, attempts: row.attempts };
    // Taken once more after the last attempt: the process of that attempt stopped before it could say how it went.
    if (row.attempts > MAX_DELIVERY_ATTEMPTS) return this.delivery.giveUp(event, 'the process delivering it stopped');
    const shop = await this.shops.findById(Number(row.shop_id));
    // The shop's rows go with it (on delete cascade); one deleted meanwhile has nothing left to react to.
    if (!shop) return;
    try {
      await this.delivery.deliver(this.contexts.forShop(shop, row.origin), event);
    } catch (err) {
      // Recording the outcome failed (the database went away): the lease runs out and the row is taken again.
      this.logger.error({ err, event: row.name, outboxId: event.id }, 'event delivery not recorded');
    }
  }
}
