import type { Opt } from '@mikro-orm/core';
import { Entity, Enum, Property } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';
import type { EventPayload } from './event-payload.js';

export const OUTBOX_STATUSES = ['pending', 'delivered', 'failed'] as const;
/** pending: some handler has still to run; delivered: every handler ran; failed: given up after the last attempt. */
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * An event published by a committed transaction, kept until its handlers ran (migration 20261126000100). Written by
 * `DomainEvents.publish` in the publisher's transaction; read and updated only with SQL (`event-outbox.sql.ts`).
 */
@Entity({ tableName: 'event_outbox' })
export class OutboxEvent extends TenantEntity {
  /** The event class' `@DomainEvent` name. */
  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'json' })
  payload!: EventPayload;

  @Property({ type: 'text' })
  requestId!: string;

  /** Scheme and Host of the publishing request: handlers run later with it, so their URLs point where it called. */
  @Property({ type: 'text' })
  origin!: string;

  @Enum({ items: () => OUTBOX_STATUSES })
  status: Opt<OutboxStatus> = 'pending';

  /** Handlers (class names) that ran it: a retry runs only the others. */
  @Property({ type: 'text[]' })
  handled: Opt<string[]> = [];

  /** Times a process took it: the publishing one counts as the first. */
  @Property({ type: 'integer' })
  attempts!: number;

  /** When a sweeper may take it: the end of the current lease, or the next retry. */
  @Property({ type: 'datetime' })
  availableAt!: Date;

  @Property({ type: 'text', nullable: true })
  lastError?: string | null;

  @Property({ type: 'datetime', nullable: true })
  deliveredAt?: Date | null;
}
