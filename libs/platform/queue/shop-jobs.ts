import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { LOGGER, type Logger } from '@platform/logging';
import { type JobOrigin, type RequestContext, SystemContexts, jobOrigin } from '@platform/request';
import { ShopService } from '@platform/tenancy';
import { inSpan, linkedRoot } from '@platform/tracing';
import { type EnqueueOptions, JOB_QUEUE, type Job, type JobQueue } from './job-queue.js';
import { type ShopJobDeclaration, type ShopJobProcessor, type ShopJobType, shopJobOf } from './shop-job.js';

/** What the queue carries for a shop job: whose it is, the request it runs as, and the processor's own data. */
interface ShopJobData<T> {
  shopId: number;
  /** The request that enqueued it; null for scheduled runs (the platform's own, on the shop's domain). */
  from: JobOrigin | null;
  data: T;
}

/** The job a daily schedule enqueues: it enqueues `name` once for every shop. */
export function eachShopJobName(name: string): string {
  return `${name}.each-shop`;
}

/**
 * Shop jobs on the process's JobQueue: `enqueue(ctx, Processor, data)` from a use case, and the processors (providers
 * marked `@ShopJob`) registered at start; they run where the process's role runs jobs (`all`, `worker`).
 */
@Injectable()
export class ShopJobs implements OnApplicationBootstrap {
  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly discovery: DiscoveryService,
    private readonly shops: ShopService,
    private readonly contexts: SystemContexts,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The job name of a processor class. */
  static nameOf(processor: ShopJobType<never>): string {
    const job = shopJobOf(processor);
    if (!job) throw new Error(`${processor.name} is not a @ShopJob processor`);
    return job.name;
  }

  /**
   * Enqueues `processor`'s job for the shop of `ctx` now; it runs as `ctx` (its caller, scopes, version and origin).
   * After a write, ask for it in the write's transaction instead (`JobsAfterCommit`), so it is not lost in between.
   */
  enqueue<T>(ctx: RequestContext, processor: ShopJobType<T>, data: T, options?: EnqueueOptions): Promise<string> {
    return this.enqueueAs(ctx.shop.id, jobOrigin(ctx), ShopJobs.nameOf(processor), data, options);
  }

  /** Enqueues the job `name` for shop `shopId`, to run as the request `from` describes. */
  enqueueAs<T>(shopId: number, from: JobOrigin, name: string, data: T, options?: EnqueueOptions): Promise<string> {
    return this.queue.enqueue<ShopJobData<T>>(name, { shopId, from, data }, options);
  }

  onApplicationBootstrap(): void {
    const registered = new Set<unknown>();
    for (const { metatype, instance } of this.discovery.getProviders()) {
      const job = shopJobOf(metatype);
      if (!job || !instance || registered.has(instance)) continue;
      registered.add(instance);
      this.register(job, instance as ShopJobProcessor<unknown>);
    }
  }

  private register(job: ShopJobDeclaration, processor: ShopJobProcessor<unknown>): void {
    this.queue.process<ShopJobData<unknown>>(job.name, ({ data }) => this.runForShop(job, processor, data), job.queue);
    if (!job.dailyAt) return;
    const eachShop = eachShopJobName(job.name);
    this.queue.process(eachShop, (run) => this.enqueueForEveryShop(job, run), job.queue);
    // Not awaited: a Redis that is down at start must not keep the process from serving (BullMQ waits for it).
    this.queue.schedule(eachShop, job.dailyAt).catch((err: unknown) => this.logger.error({ err, job: eachShop }, 'job schedule failed'));
  }

  private async runForShop(job: ShopJobDeclaration, processor: ShopJobProcessor<unknown>, { shopId, from, data }: ShopJobData<unknown>): Promise<void> {
    const shop = await this.shops.findById(shopId);
    // A shop deleted since: nothing left to do for it.
    if (!shop) return this.logger.warn({ job: job.name, shopId }, 'job for a shop that no longer exists');
    const ctx = from ? this.contexts.forJob(shop, from) : this.contexts.forScheduledJob(shop);
    // A new trace, linked to the request that asked for the job (when tracing was on for it).
    const root = linkedRoot(from?.traceparent);
    await inSpan(`job ${job.name}`, root?.context, () => processor.run(ctx, data), { links: root?.links, attributes: { 'job.name': job.name, 'shop.id': shopId } });
  }

  private async enqueueForEveryShop(job: ShopJobDeclaration, run: Job): Promise<void> {
    // Ids derived from the run's: a retried run does not enqueue a shop twice (BullMQ ids may not contain ':').
    const runId = run.id.replaceAll(':', '.');
    for (const shopId of await this.shops.ids()) {
      await this.queue.enqueue<ShopJobData<undefined>>(job.name, { shopId, from: null, data: undefined }, { jobId: `${runId}.shop-${shopId}` });
    }
  }
}
