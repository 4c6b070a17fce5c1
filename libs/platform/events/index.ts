export { DomainEvents } from './domain-events.js';
export { DomainEvent, HandlesEvent, type EventHandler, type EventType } from './event-handler.js';
export { EventsModule } from './events.module.js';
export { OutboxSweeper } from './outbox-sweeper.js';
