import type { Opt } from '@mikro-orm/core';
import { Entity, Enum, Index, Property } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

export const EMAIL_STATUSES = ['kept', 'sent', 'failed'] as const;
/** kept: in the outbox (no SMTP_URL, or not delivered yet); sent: accepted by the SMTP server; failed: refused. */
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** An email the platform sent or kept for a shop (migrations 20261124000100 and 20261125000000). */
@Entity({ tableName: 'emails' })
@Index({ properties: ['shopId', 'id'] })
export class Email extends TenantEntity {
  @Property({ type: 'text' })
  recipient!: string;

  @Property({ type: 'text' })
  sender!: string;

  @Property({ type: 'text[]' })
  bcc: Opt<string[]> = [];

  @Property({ type: 'text' })
  subject!: string;

  @Property({ type: 'text' })
  textBody!: string;

  @Property({ type: 'text', nullable: true })
  htmlBody?: string | null;

  @Property({ type: 'text' })
  template!: string;

  @Enum({ items: () => EMAIL_STATUSES })
  status: Opt<EmailStatus> = 'kept';

  @Property({ type: 'text', nullable: true })
  error?: string | null;

  @Property({ type: 'datetime', nullable: true })
  sentAt?: Date | null;

  /** Names the message a job means to send, so a retry finds this row (unique per shop when set). */
  @Property({ type: 'text', nullable: true })
  key?: string | null;
}
