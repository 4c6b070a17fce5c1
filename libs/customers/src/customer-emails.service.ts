import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { Mailer } from '@platform/mail';
import { type RequestContext, shopOrigin } from '@platform/request';
import { Customer } from './customer.entity.js';
import { customerAccountInviteEmail } from './emails/customer-account-invite.email.js';
import { customerAccountWelcomeEmail } from './emails/customer-account-welcome.email.js';
import type { CustomerInviteRecord } from './customer.records.js';

const WELCOME = 'customer_account_welcome';
const INVITE = 'customer_account_invite';

/**
 * The emails customers get: renders a template for the customer as they are now and sends it with the Mailer, under
 * a key derived from what is sent, so a retried job does not send it twice.
 */
@Injectable()
export class CustomerEmailsService {
  constructor(
    private readonly mailer: Mailer,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The welcome after an account was created with a password; one per customer. */
  async sendWelcome(ctx: RequestContext, customerId: number): Promise<void> {
    const customer = await this.recipient(ctx, customerId);
    if (!customer?.email) return this.nobodyToWrite(ctx, customerId, WELCOME);
    const email = customerAccountWelcomeEmail({ shopName: ctx.shop.name, firstName: customer.firstName ?? null, shopUrl: shopOrigin(ctx.shop, ctx.origin) });
    await this.mailer.send(ctx, { to: customer.email, from: shopSender(ctx), ...email, template: WELCOME, key: `${WELCOME}:${customerId}` });
  }

  /** The account invite carrying `activationUrl`; one per link (each invite issues a new one). */
  async sendInvite(ctx: RequestContext, customerId: number, activationUrl: string, invite: CustomerInviteRecord): Promise<void> {
    const customer = await this.recipient(ctx, customerId);
    const to = invite.to || customer?.email;
    if (!customer || !to) return this.nobodyToWrite(ctx, customerId, INVITE);
    const email = customerAccountInviteEmail({
      shopName: ctx.shop.name,
      firstName: customer.firstName ?? null,
      subject: invite.subject,
      customMessage: invite.customMessage,
      activationUrl,
    });
    // The key holds a digest of the link, not its token.
    const link = createHash('sha256').update(activationUrl).digest('hex').slice(0, 32);
    await this.mailer.send(ctx, { to, from: invite.from || shopSender(ctx), bcc: invite.bcc, ...email, template: INVITE, key: `${INVITE}:${customerId}:${link}` });
  }

  private recipient(ctx: RequestContext, customerId: number): Promise<Pick<Customer, 'firstName' | 'email'> | null> {
    return ctx.em.findOne(Customer, { id: customerId }, { fields: ['firstName', 'email'], disableIdentityMap: true });
  }

  // Deleted since, or no address to write to: nothing to send, and retrying would not change that.
  private nobodyToWrite(ctx: RequestContext, customerId: number, template: string): void {
    this.logger.warn({ shop: ctx.shop.handle, customerId, template }, 'customer email not sent: no recipient');
  }
}

/** The sender of a shop's emails when the merchant named none. */
function shopSender(ctx: RequestContext): string {
  return `no-reply@${ctx.shop.domain}`;
}
