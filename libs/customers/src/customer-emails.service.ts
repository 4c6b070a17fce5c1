import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { type EmailMessage, Mailer } from '@platform/mail';
import type { RequestContext } from '@platform/request';
import { Customer } from './customer.entity.js';
import { customerAccountInviteEmail } from './emails/customer-account-invite.email.js';
import { customerAccountWelcomeEmail } from './emails/customer-account-welcome.email.js';
import type { CustomerEmailData } from './jobs/send-customer-email.job.js';

/**
 * The emails customers get: renders the template of a queued email for the customer as they are now and sends it
 * with the Mailer, under a key derived from the job's data so a retried job does not send it twice.
 */
@Injectable()
export class CustomerEmailsService {
  constructor(
    private readonly mailer: Mailer,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async send(ctx: RequestContext, data: CustomerEmailData): Promise<void> {
    const customer = await ctx.em.findOne(Customer, { id: data.customerId }, { fields: ['firstName', 'email'], disableIdentityMap: true });
    const message = customer ? this.message(ctx, customer, data) : null;
    // Deleted since, or no address to write to: nothing to send, and retrying would not change that.
    if (!message) return this.logger.warn({ shop: ctx.shop.handle, customerId: data.customerId, template: data.template }, 'customer email not sent: no recipient');
    await this.mailer.send(ctx, message);
  }

  private message(ctx: RequestContext, customer: Pick<Customer, 'firstName' | 'email'>, data: CustomerEmailData): EmailMessage | null {
    const shopName = ctx.shop.name;
    const firstName = customer.firstName ?? null;
    if (data.template === 'customer_account_welcome') {
      if (!customer.email) return null;
      const email = customerAccountWelcomeEmail({ shopName, firstName, shopUrl: ctx.origin });
      // One welcome per customer.
      return { to: customer.email, from: shopSender(ctx), ...email, template: data.template, key: `${data.template}:${data.customerId}` };
    }
    const to = data.invite.to || customer.email;
    if (!to) return null;
    const email = customerAccountInviteEmail({
      shopName,
      firstName,
      subject: data.invite.subject,
      customMessage: data.invite.customMessage,
      activationUrl: data.activationUrl,
    });
    // One invite per activation link (each invite issues a new one); the key holds a digest, not the link's token.
    const link = createHash('sha256').update(data.activationUrl).digest('hex').slice(0, 32);
    return { to, from: data.invite.from || shopSender(ctx), bcc: data.invite.bcc, ...email, template: data.template, key: `${data.template}:${data.customerId}:${link}` };
  }
}

/** The sender of a shop's emails when the merchant named none. */
export function shopSender(ctx: RequestContext): string {
  return `no-reply@${ctx.shop.domain}`;
}
