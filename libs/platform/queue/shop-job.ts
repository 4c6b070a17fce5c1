import { SetMetadata } from '@nestjs/common';
import type { RequestContext } from '@platform/request';
import { type DailyTime, dailyTime } from './daily-time.js';

/**
 * A job processor: background work for one shop. It runs with a system context for that shop (every scope, its
 * EntityManager bound to the shop) whose `origin` is the shop's configured domain (`shopOrigin` of the request that
 * enqueued it: a development domain keeps that request's port), never a Host a client sent. Like a controller it
 * translates and delegates to a service.
 */
export interface ShopJobProcessor<T = void> {
  run(ctx: RequestContext, data: T): Promise<void>;
}

export type ShopJobType<T = void> = new (...args: never[]) => ShopJobProcessor<T>;

export interface ShopJobDeclaration {
  /** The queue's job name, `<context>.<job-name>`. */
  readonly name: string;
  /** Run for every shop each day at this time (UTC), besides whenever something enqueues it. */
  readonly dailyAt?: DailyTime;
}

export const SHOP_JOB = Symbol('SHOP_JOB');

/**
 * Marks a provider as the processor of the job `name` (`libs/<context>/src/jobs/<job-name>.job.ts`); listing it in
 * its context module's providers registers it. With `dailyAt` ('03:00', UTC) it also runs for every shop each day.
 */
export const ShopJob = (name: string, options: { dailyAt?: string } = {}): ClassDecorator =>
  SetMetadata(SHOP_JOB, { name, ...(options.dailyAt ? { dailyAt: dailyTime(options.dailyAt) } : {}) } satisfies ShopJobDeclaration);

/** The declaration of a processor class, or undefined when the class is not one. */
export function shopJobOf(type: unknown): ShopJobDeclaration | undefined {
  return typeof type === 'function' ? Reflect.getMetadata(SHOP_JOB, type) : undefined;
}
