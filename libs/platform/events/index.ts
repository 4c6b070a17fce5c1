export { DomainEvents } from './domain-events.js';
export { DomainEvent, HandlesEvent, type EventHandler, type EventType } from './event-handler.js';
export { EventsModule } from './events.module.js';
export { JobsAfterCommit } from './jobs-after-commit.js';
export { OutboxSweeper } from './outbox-sweeper.js';
