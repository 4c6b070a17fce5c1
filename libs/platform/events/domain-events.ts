import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { forkForShop } from '@platform/database';
import { LOGGER, type Logger } from '@platform/logging';
import { type RequestContext, shopOrigin, withEntityManager } from '@platform/request';
import { AfterCommit } from './after-commit.js';
import { EventDelivery } from './event-delivery.js';
import { type EventType, eventNameOf } from './event-handler.js';
import { eventPayload } from './event-payload.js';
import { OutboxEvent } from './outbox-event.entity.js';
import { DELIVERY_LEASE_MS } from './outbox-retry.js';

// Tests only (imported by its path, not exported from index.ts): when on, nothing is delivered after a commit,
// as if the process died right after committing; the outbox rows stay for a sweeper.
export const crashAfterCommit = { on: false };

/**
 * Past-tense events published inside a use case's transaction. The event is written to the outbox
 * (`event_outbox`) in that transaction, so it exists exactly when the change it states does; once the
 * transaction commits its handlers run in this process, awaited by the commit, handler after handler, so the
 * request answers after its reactions ran. A handler that fails is logged and retried later by the outbox
 * sweeper (`OutboxSweeper`), which also delivers what a crash left undelivered: handlers run at least once.
 */
@Injectable()
export class DomainEvents implements OnModuleInit {
  private readonly afterCommit = new AfterCommit();

  constructor(
    private readonly em: EntityManager,
    private readonly delivery: EventDelivery,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    // Transactions clone the root EntityManager's subscribers when they start, so every one sees this.
    this.em.getEventManager().registerSubscriber(this.afterCommit);
  }

  /**
   * Publishes `event` of the transaction open around this call (inside `ctx.em.transactional`): its outbox row is
   * written when that transaction flushes, and its handlers get it after the commit. Throws outside a transaction
   * (an event states something a transaction made true) and for a class without `@DomainEvent`.
   */
  publish(ctx: RequestContext, event: object): void {
    const type = event.constructor as EventType;
    const name = eventNameOf(type);
    if (!name) throw new Error(`${type.name} has no @DomainEvent('<context>.<name>'): the outbox keeps events by name`);
    const em = this.afterCommit.openTransaction();
    if (!em) throw new Error(`${type.name} was published outside a transaction: publish inside ctx.em.transactional`);
    const row = Object.assign(new OutboxEvent(), {
      shopId: ctx.shop.id,
      name,
      payload: eventPayload(event),
      requestId: ctx.requestId,
      // A later delivery is background work: its URLs point at the shop's domain, not at the Host of this request.
      origin: shopOrigin(ctx.shop, ctx.origin),
      // This process delivers it after the commit; a sweeper takes it only once that lease is over.
      attempts: 1,
      availableAt: new Date(Date.now() + DELIVERY_LEASE_MS),
    });
    // The transaction's flush (before its commit) inserts it: publish needs no await.
    em.persist(row);
    this.afterCommit.hold(async () => {
      if (crashAfterCommit.on) return;
      try {
        await this.delivery.deliver(handlerContext(this.em, ctx), { id: row.id, name, type, payload: row.payload, requestId: ctx.requestId, handled: [], attempts: 1 });
      } catch (err) {
        // The use case has committed: it succeeds. The row stays pending and a sweeper takes it once the lease is over.
        this.logger.error({ err, event: name, outboxId: row.id, requestId: ctx.requestId }, 'event delivery not recorded');
      }
    });
  }
}

// The publisher's request with an EntityManager of its own: the one it published with may be the committed
// transaction's (inTransaction), where a handler's own transaction could not start.
function handlerContext(root: EntityManager, ctx: RequestContext): RequestContext {
  return withEntityManager(ctx, () => forkForShop(root, ctx.shop.id));
}
