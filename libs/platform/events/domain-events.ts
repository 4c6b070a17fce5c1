import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { LOGGER, type Logger } from '@platform/logging';
import type { RequestContext } from '@platform/request';
import { AfterCommit } from './after-commit.js';
import { type EventHandler, type EventType, HANDLED_EVENT } from './event-handler.js';

/**
 * Past-tense events published inside a use case's transaction and delivered to their handlers, in this process,
 * once that transaction commits (never if it rolls back). Delivery is awaited by the commit, handler after
 * handler, so the request answers after its reactions ran; a handler that fails is logged and skipped.
 */
@Injectable()
export class DomainEvents implements OnModuleInit {
  private readonly afterCommit = new AfterCommit();
  private readonly handlers = new Map<EventType, EventHandler<object>[]>();

  constructor(
    private readonly em: EntityManager,
    private readonly discovery: DiscoveryService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    // Transactions clone the root EntityManager's subscribers when they start, so every one sees this.
    this.em.getEventManager().registerSubscriber(this.afterCommit);
    for (const wrapper of this.discovery.getProviders()) {
      const event = wrapper.metatype && wrapper.instance ? Reflect.getMetadata(HANDLED_EVENT, wrapper.metatype) : undefined;
      if (event && !this.handlers.get(event)?.includes(wrapper.instance)) this.handlers.set(event, [...(this.handlers.get(event) ?? []), wrapper.instance]);
    }
  }

  /**
   * Publishes `event` of the transaction open around this call (inside `ctx.em.transactional`); its handlers
   * get it with `ctx` after that transaction commits. Outside a transaction it throws: an event states
   * something the transaction made true.
   */
  publish(ctx: RequestContext, event: object): void {
    if (!this.afterCommit.hold(() => this.deliver(ctx, event))) {
      throw new Error(`${event.constructor.name} was published outside a transaction: publish inside ctx.em.transactional`);
    }
  }

  private async deliver(ctx: RequestContext, event: object): Promise<void> {
    for (const handler of this.handlers.get(event.constructor as EventType) ?? []) {
      try {
        await handler.handle(ctx, event);
      } catch (err) {
        this.logger.error({ err, event: event.constructor.name, handler: handler.constructor.name, requestId: ctx.requestId }, 'event handler failed');
      }
    }
  }
}
