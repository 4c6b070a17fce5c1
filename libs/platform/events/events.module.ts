import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { DatabaseModule } from '@platform/database';
import { SystemContextModule } from '@platform/request';
import { TenancyModule } from '@platform/tenancy';
import { DomainEvents } from './domain-events.js';
import { EventDelivery } from './event-delivery.js';
import { EventHandlers } from './event-handlers.js';
import { EnqueueRequestedJob, JobsAfterCommit } from './jobs-after-commit.js';
import { OutboxEvent } from './outbox-event.entity.js';
import { OutboxSweeper } from './outbox-sweeper.js';

/**
 * Events after commit for the whole process, through the outbox; handlers are the providers marked
 * `@HandlesEvent`. Where the process runs jobs (QueueModule's `runsJobs`) the sweeper delivers what is left.
 */
@Global()
@Module({
  imports: [DiscoveryModule, DatabaseModule.forFeature([OutboxEvent]), TenancyModule, SystemContextModule],
  providers: [EventHandlers, EventDelivery, DomainEvents, OutboxSweeper, JobsAfterCommit, EnqueueRequestedJob],
  exports: [DomainEvents, OutboxSweeper, JobsAfterCommit],
})
export class EventsModule {}
