import { SetMetadata } from '@nestjs/common';
import type { RequestContext } from '@platform/request';

/** The class of a past-tense event (`OrderPaid`): a plain object that says what happened, with ids, not entities. */
export type EventType<E extends object = object> = abstract new (...args: never[]) => E;

/**
 * A reaction to an event, run after the transaction that published it commits, with the publisher's request (or,
 * when the outbox delivers it later, a system context of the same shop and origin). Delivery is at least once: a
 * handler may see an event again after a crash or a retry, so it is idempotent (a unique key on what it writes).
 * A failure is logged and does not reach the publisher; the outbox runs the handler again later.
 */
export interface EventHandler<E extends object> {
  handle(ctx: RequestContext, event: E): Promise<void>;
}

export const HANDLED_EVENT = Symbol('HANDLED_EVENT');

/** Marks a provider as the handler of `event`; listing it in its context module's providers registers it. */
export const HandlesEvent = (event: EventType): ClassDecorator => SetMetadata(HANDLED_EVENT, event);

export const EVENT_NAME = Symbol('EVENT_NAME');

/**
 * Names an event class (`'orders.order-paid'`): the name an event is kept under until its handlers ran, so one
 * published before a crash is still delivered afterwards. Every published event class carries one.
 */
export const DomainEvent = (name: string): ClassDecorator => SetMetadata(EVENT_NAME, name);

/** The `@DomainEvent` name of an event class, or undefined when it has none. */
export function eventNameOf(type: unknown): string | undefined {
  return typeof type === 'function' ? Reflect.getMetadata(EVENT_NAME, type) : undefined;
}
