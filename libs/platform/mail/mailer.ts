import { Inject, Injectable, type OnApplicationShutdown, Optional } from '@nestjs/common';
import { CLOCK, type Clock, systemClock } from '@platform/clock';
import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { SqlPool, preparedSql } from '@platform/database';
import { LOGGER, type Logger } from '@platform/logging';
import type { RequestContext } from '@platform/request';
import { Email, type EmailStatus } from './email.entity.js';
import { MAIL_TRANSPORT, type MailTransport } from './mail-transport.js';

/** What a context asks the Mailer to send. */
export interface EmailMessage {
  to: string;
  from: string;
  bcc?: string[];
  subject: string;
  text: string;
  html?: string;
  /** The template it was rendered from (`customer_account_invite`). */
  template: string;
  /**
   * Names this message for retries: a second send with the same key (per shop) finds the first one's row and
   * neither records nor delivers it again once it went out. Jobs pass one built from their data.
   */
  key?: string;
}

/** An email as the outbox shows it. */
export interface EmailRecord {
  id: number;
  shopId: number;
  recipient: string;
  sender: string;
  bcc: string[];
  subject: string;
  text: string;
  html: string | null;
  template: string;
  status: EmailStatus;
  error: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

/** An outbox line for the operator (`mail:list`): the email and its shop's handle. */
export interface OutboxEmail extends EmailRecord {
  shop: string;
}

// Enough of an SMTP reply to say why; the column is not a log.
const MAX_ERROR_LENGTH = 1_000;

/**
 * Sends the platform's emails. Every email is written to the shop's `emails` table first; with SMTP_URL it then goes
 * out over SMTP and the row becomes `sent` (or `failed`, and the error is rethrown so the job is retried); without,
 * it stays `kept` in the outbox that `mail:list` shows. Bodies are never logged: they carry one-time links.
 */
// The operator's view: across shops on purpose, newest first, of one shop ($1) or of all.
const OPERATOR_EMAILS = preparedSql(
  `select e.*, s.handle as shop from emails e join shops s on s.id = e.shop_id
    where ($1::bigint is null or e.shop_id = $1::bigint) order by e.id desc limit $2`,
);

@Injectable()
export class Mailer implements OnApplicationShutdown {
  constructor(
    private readonly sql: SqlPool,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport | null,
    @Inject(LOGGER) private readonly logger: Logger,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  // The time rules and records are judged at (the process' clock: tests move it).
  private now(): Date {
    return new Date(this.clock.now());
  }

  async send(ctx: RequestContext, message: EmailMessage): Promise<EmailRecord> {
    const email = await this.keep(ctx, message);
    if (!this.transport || email.status === 'sent') return email;
    try {
      await this.transport.deliver({ to: email.recipient, from: email.sender, bcc: email.bcc, subject: email.subject, text: email.text, html: email.html ?? undefined });
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
      await ctx.em.nativeUpdate(Email, { id: email.id }, { status: 'failed', error: reason });
      this.logger.warn({ emailId: email.id, shop: ctx.shop.handle, template: email.template, reason }, 'email not delivered');
      throw error;
    }
    const sentAt = this.now();
    await ctx.em.nativeUpdate(Email, { id: email.id }, { status: 'sent', error: null, sentAt });
    this.logger.info({ emailId: email.id, shop: ctx.shop.handle, template: email.template }, 'email sent');
    return { ...email, status: 'sent', error: null, sentAt };
  }

  /** The newest emails, of one shop or of all, for the operator. */
  async list(shopId: number | undefined, limit: number): Promise<OutboxEmail[]> {
    const rows = await this.sql.unscoped<OutboxRow>(OPERATOR_EMAILS, [shopId ?? null, limit]);
    return rows.map((row) => ({
      id: Number(row.id),
      shopId: Number(row.shop_id),
      shop: row.shop,
      recipient: row.recipient,
      sender: row.sender,
      bcc: row.bcc,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      template: row.template,
      status: row.status,
      error: row.error,
      createdAt: new Date(row.created_at),
      sentAt: row.sent_at === null ? null : new Date(row.sent_at),
    }));
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }

  // The row of this message: the one a previous attempt wrote under the same key, else a new one.
  private async keep(ctx: RequestContext, message: EmailMessage): Promise<EmailRecord> {
    const key = message.key ?? null;
    if (key !== null) {
      const earlier = await this.findByKey(ctx, key);
      if (earlier) return earlier;
    }
    const row = {
      shopId: ctx.shop.id,
      recipient: message.to,
      sender: message.from,
      bcc: message.bcc ?? [],
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      template: message.template,
      status: 'kept' as const,
      key,
    };
    try {
      const id = (await ctx.em.insert(Email, row)) as number;
      return emailRecord({ ...row, id: Number(id), error: null, sentAt: null, createdAt: this.now() });
    } catch (error) {
      // Two attempts at once (a job retried while the first still ran): the other one's row is this message's.
      const other = key !== null && error instanceof UniqueConstraintViolationException ? await this.findByKey(ctx, key) : null;
      if (other) return other;
      throw error;
    }
  }

  private async findByKey(ctx: RequestContext, key: string): Promise<EmailRecord | null> {
    const row = await ctx.em.findOne(Email, { key }, { disableIdentityMap: true });
    return row ? emailRecord(row) : null;
  }
}

interface OutboxRow {
  id: string;
  shop_id: string;
  shop: string;
  recipient: string;
  sender: string;
  bcc: string[];
  subject: string;
  text_body: string;
  html_body: string | null;
  template: string;
  status: EmailStatus;
  error: string | null;
  created_at: string | Date;
  sent_at: string | Date | null;
}

function emailRecord(row: Pick<Email, 'id' | 'shopId' | 'recipient' | 'sender' | 'bcc' | 'subject' | 'textBody' | 'template' | 'status' | 'createdAt'> & {
  htmlBody?: string | null;
  error?: string | null;
  sentAt?: Date | null;
}): EmailRecord {
  return {
    id: row.id,
    shopId: row.shopId,
    recipient: row.recipient,
    sender: row.sender,
    bcc: row.bcc,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody ?? null,
    template: row.template,
    status: row.status,
    error: row.error ?? null,
    createdAt: row.createdAt,
    sentAt: row.sentAt ?? null,
  };
}
