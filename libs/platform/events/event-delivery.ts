import { Inject, Injectable } from '@nestjs/common';
import { SqlPool } from '@platform/database';
import { LOGGER, type Logger } from '@platform/logging';
import type { RequestContext } from '@platform/request';
import type { EventType } from './event-handler.js';
import { EventHandlers } from './event-handlers.js';
import { type EventPayload, eventFromPayload } from './event-payload.js';
import { MARK_DELIVERED, MARK_FAILED, MARK_RETRY } from './event-outbox.sql.js';
import { afterFailedAttempt } from './outbox-retry.js';

/** An outbox row a process has taken: the event, and what earlier attempts did. */
export interface EventToDeliver {
  id: number;
  name: string;
  type: EventType;
  payload: EventPayload;
  requestId: string;
  handled: readonly string[];
  attempts: number;
}

// Enough of an error to say why; the column is not a log.
const MAX_ERROR_LENGTH = 1_000;

/**
 * Runs an outbox event's handlers, one after another, skipping those an earlier attempt ran, then records the
 * outcome on its row: delivered, retried later (the handlers that failed, with backoff), or given up.
 */
@Injectable()
export class EventDelivery {
  constructor(
    private readonly sql: SqlPool,
    private readonly handlers: EventHandlers,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async deliver(ctx: RequestContext, event: EventToDeliver): Promise<void> {
    const ran: string[] = [];
    let failure: { error: unknown } | undefined;
    for (const handler of this.handlers.handlersOf(event.type)) {
      const key = handler.constructor.name;
      if (event.handled.includes(key)) continue;
      try {
        // Each handler gets its own copy: one cannot change what the next sees.
        await handler.handle(ctx, eventFromPayload(event.type, structuredClone(event.payload)));
        ran.push(key);
      } catch (err) {
        failure ??= { error: err };
        this.logger.error({ err, event: event.name, outboxId: event.id, handler: key, attempt: event.attempts, requestId: event.requestId }, 'event handler failed');
      }
    }
    await this.record(event, ran, failure);
  }

  /** Gives `event` up without running its handlers: kept as `failed`, with `reason`, and logged. */
  async giveUp(event: EventToDeliver, reason: string): Promise<void> {
    await this.sql.unscoped(MARK_FAILED, ['[]', reason, event.id]);
    this.logger.error({ event: event.name, outboxId: event.id, attempts: event.attempts, reason, requestId: event.requestId }, 'event delivery given up');
  }

  private async record(event: EventToDeliver, ran: string[], failure: { error: unknown } | undefined): Promise<void> {
    // Outside any transaction: the publisher's has committed.
    const handled = JSON.stringify(ran);
    if (failure === undefined) {
      await this.sql.unscoped(MARK_DELIVERED, [handled, event.id]);
      return;
    }
    const reason = (failure.error instanceof Error ? failure.error.message : String(failure.error)).slice(0, MAX_ERROR_LENGTH);
    const next = afterFailedAttempt(event.attempts);
    if (!next.giveUp) {
      await this.sql.unscoped(MARK_RETRY, [handled, next.retryInMs, reason, event.id]);
      return;
    }
    await this.sql.unscoped(MARK_FAILED, [handled, reason, event.id]);
    this.logger.error({ event: event.name, outboxId: event.id, attempts: event.attempts, reason, requestId: event.requestId }, 'event delivery given up');
  }
}
