import { Inject, Injectable, Optional } from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { ShopJobs } from '@platform/queue';
import type { RequestContext } from '@platform/request';
import { type CustomerEmailData, SendCustomerEmailJob } from './jobs/send-customer-email.job.js';

/** Queues the customers' emails (SendCustomerEmailJob) once the write that calls for them has committed. */
@Injectable()
export class CustomerEmailQueue {
  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    // The CLI has no job queue: it seeds and imports, which send no email.
    @Optional() private readonly jobs?: ShopJobs,
  ) {}

  /** Queues the email; throws when it cannot (the caller's write has committed, its answer says the email failed). */
  async enqueue(ctx: RequestContext, data: CustomerEmailData): Promise<void> {
    if (!this.jobs) throw new Error('This process has no job queue to send customer emails');
    await this.jobs.enqueue(ctx, SendCustomerEmailJob, data);
  }

  /** Queues an email that is a side effect of the write (a welcome): a failure is logged, the write still succeeds. */
  async enqueueOrLog(ctx: RequestContext, data: CustomerEmailData): Promise<void> {
    try {
      await this.enqueue(ctx, data);
    } catch (err) {
      this.logger.error({ err, template: data.template, customerId: data.customerId }, 'customer email not queued');
    }
  }
}
