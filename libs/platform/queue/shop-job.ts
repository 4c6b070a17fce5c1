import { SetMetadata } from '@nestjs/common';
import type { RequestContext } from '@platform/request';
import { type DailyTime, dailyTime } from './daily-time.js';
import type { QueueName } from './queues.js';

/**
 * A job processor: background work for one shop. It runs as the request that enqueued it would: the same caller
 * (its app and scopes, never more), API version and origin (so what it writes and the URLs it hands out are that
 * request's), with an EntityManager bound to the shop. A scheduled run is the platform's own (a system caller,
 * the shop's origin). Like a controller it translates and delegates to a service.
 */
export interface ShopJobProcessor<T = void> {
  run(ctx: RequestContext, data: T): Promise<void>;
}

export type ShopJobType<T = void> = new (...args: never[]) => ShopJobProcessor<T>;

export interface ShopJobDeclaration {
  /** The queue's job name, `<context>.<job-name>`. */
  readonly name: string;
  /** The named queue it waits on (queues.ts); `default` unless declared. */
  readonly queue: QueueName;
  /** Run for every shop each day at this time (UTC), besides whenever something enqueues it. */
  readonly dailyAt?: DailyTime;
}

export const SHOP_JOB = Symbol('SHOP_JOB');

/**
 * Marks a provider as the processor of the job `name` (`libs/<context>/src/jobs/<job-name>.job.ts`) on `queue`;
 * listing it in its context module's providers registers it. With `dailyAt` ('03:00', UTC) it also runs for every
 * shop each day.
 */
export const ShopJob = (name: string, options: { queue?: QueueName; dailyAt?: string } = {}): ClassDecorator =>
  SetMetadata(SHOP_JOB, {
    name,
    queue: options.queue ?? 'default',
    ...(options.dailyAt ? { dailyAt: dailyTime(options.dailyAt) } : {}),
  } satisfies ShopJobDeclaration);

/** The declaration of a processor class, or undefined when the class is not one. */
export function shopJobOf(type: unknown): ShopJobDeclaration | undefined {
  return typeof type === 'function' ? Reflect.getMetadata(SHOP_JOB, type) : undefined;
}
