import { randomUUID } from 'node:crypto';
import { Injectable, Optional } from '@nestjs/common';
import { ShopJobs, type ShopJobType } from '@platform/queue';
import { type JobOrigin, type RequestContext, jobOrigin } from '@platform/request';
import { DomainEvents } from './domain-events.js';
import { DomainEvent, type EventHandler, HandlesEvent } from './event-handler.js';

/**
 * A job a transaction asked for: kept in the outbox with the transaction's writes, so it is enqueued exactly when
 * they commit, even if the process dies right after (the sweeper enqueues it then). `jobId` is fixed when it is
 * asked for, so enqueueing it again (a retried delivery) adds no second job.
 */
@DomainEvent('platform.job-requested')
export class JobRequested {
  constructor(
    readonly job: string,
    readonly jobId: string,
    readonly from: JobOrigin,
    readonly data: null | boolean | number | string | object,
  ) {}
}

/**
 * The one way to start background work after a write commits, reliably: `enqueue(ctx, Processor, data)` inside the
 * write's transaction (`ctx.em.transactional`); the job runs as `ctx` (its caller, scopes, version and origin).
 */
@Injectable()
export class JobsAfterCommit {
  constructor(private readonly events: DomainEvents) {}

  enqueue<T>(ctx: RequestContext, processor: ShopJobType<T>, data: T): void {
    this.events.publish(ctx, new JobRequested(ShopJobs.nameOf(processor), randomUUID(), jobOrigin(ctx), data as JobRequested['data']));
  }
}

@Injectable()
@HandlesEvent(JobRequested)
export class EnqueueRequestedJob implements EventHandler<JobRequested> {
  // The CLI has no queue: its requested jobs wait in the outbox for a process that has one.
  constructor(@Optional() private readonly jobs?: ShopJobs) {}

  async handle(ctx: RequestContext, event: JobRequested): Promise<void> {
    if (!this.jobs) throw new Error('This process has no job queue: the job waits in the outbox');
    await this.jobs.enqueueAs(ctx.shop.id, event.from, event.job, event.data, { jobId: event.jobId });
  }
}
