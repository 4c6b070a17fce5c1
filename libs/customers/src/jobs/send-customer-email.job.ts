import { Injectable } from '@nestjs/common';
import { ShopJob, type ShopJobProcessor } from '@platform/queue';
import type { RequestContext } from '@platform/request';
import type { CustomerInviteRecord } from '../customer.records.js';
import { CustomerEmailsService } from '../customer-emails.service.js';

/**
 * An email to a customer, asked for in the transaction of the write that calls for it (JobsAfterCommit), so it is
 * sent exactly when that write commits. The activation URL is issued by that write (so the link in the email is the
 * live one) and travels here; the email keeps it anyway. Sent once per key however often the job runs (mail keys).
 */
export type CustomerEmailData =
  | { template: 'customer_account_welcome'; customerId: number }
  | { template: 'customer_account_invite'; customerId: number; activationUrl: string; invite: CustomerInviteRecord };

@Injectable()
@ShopJob('customers.send-email', { queue: 'mail' })
export class SendCustomerEmailJob implements ShopJobProcessor<CustomerEmailData> {
  constructor(private readonly emails: CustomerEmailsService) {}

  run(ctx: RequestContext, data: CustomerEmailData): Promise<void> {
    if (data.template === 'customer_account_welcome') return this.emails.sendWelcome(ctx, data.customerId);
    return this.emails.sendInvite(ctx, data.customerId, data.activationUrl, data.invite);
  }
}
