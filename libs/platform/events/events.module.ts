import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { DomainEvents } from './domain-events.js';

/** Events after commit for the whole process; handlers are the providers marked `@HandlesEvent`. */
@Global()
@Module({ imports: [DiscoveryModule], providers: [DomainEvents], exports: [DomainEvents] })
export class EventsModule {}
