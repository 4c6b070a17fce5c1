import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { type EventHandler, type EventType, HANDLED_EVENT, eventNameOf } from './event-handler.js';

/** The process' handlers (providers marked `@HandlesEvent`) by event class, and the event classes by name. */
@Injectable()
export class EventHandlers implements OnModuleInit {
  private readonly byType = new Map<EventType, EventHandler<object>[]>();
  private readonly types = new Map<string, EventType>();

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const event: EventType | undefined = wrapper.metatype && wrapper.instance ? Reflect.getMetadata(HANDLED_EVENT, wrapper.metatype) : undefined;
      if (!event || this.byType.get(event)?.includes(wrapper.instance)) continue;
      this.byType.set(event, [...(this.byType.get(event) ?? []), wrapper.instance]);
      this.register(event, wrapper.metatype as { name: string });
    }
  }

  handlersOf(type: EventType): readonly EventHandler<object>[] {
    return this.byType.get(type) ?? [];
  }

  /** The class named `name` (`@DomainEvent`) among the events this process handles. */
  typeNamed(name: string): EventType | undefined {
    return this.types.get(name);
  }

  /** Names of the events this process has handlers for: the outbox rows its sweeper may take. */
  names(): string[] {
    return [...this.types.keys()];
  }

  private register(event: EventType, handler: { name: string }): void {
    // A handled event must be found again by its name when the outbox delivers it: refuse to start otherwise.
    const name = eventNameOf(event);
    if (!name) throw new Error(`${handler.name} handles ${event.name}, which has no @DomainEvent('<context>.<name>')`);
    const other = this.types.get(name);
    if (other && other !== event) throw new Error(`${event.name} and ${other.name} are both named '${name}'`);
    this.types.set(name, event);
  }
}
