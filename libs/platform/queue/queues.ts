// The platform's named queues: each kind of background work waits behind its own kind only, with the tries, backoff
// and time it needs. A job names its queue where it is declared (`@ShopJob(name, { queue })`).

export const QUEUE_NAMES = ['default', 'mail', 'media', 'bulk', 'webhooks'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export interface QueueSpec {
  readonly name: QueueName;
  /** Jobs of this queue one process runs at once. */
  readonly concurrency: number;
  /** Tries of a job unless it says otherwise. */
  readonly attempts: number;
  /** The first retry's delay; each next one doubles, up to `maxBackoffMs`, with jitter (retry-delay.ts). */
  readonly backoffMs: number;
  readonly maxBackoffMs: number;
  /** A try running longer fails (and is retried). */
  readonly timeoutMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Settings to replace per queue (tests shorten backoffs and timeouts). */
export type QueueOverrides = Partial<Record<QueueName, Partial<Omit<QueueSpec, 'name'>>>>;

/** The queues' settings; `bulkConcurrency` is BULK_CONCURRENCY. */
export function queueSpecs(options: { bulkConcurrency?: number; overrides?: QueueOverrides } = {}): Record<QueueName, QueueSpec> {
  const specs = defaultSpecs(options.bulkConcurrency);
  for (const name of QUEUE_NAMES) specs[name] = { ...specs[name], ...options.overrides?.[name], name };
  return specs;
}

function defaultSpecs(bulkConcurrency?: number): Record<QueueName, QueueSpec> {
  return {
    default: { name: 'default', concurrency: 4, attempts: 3, backoffMs: 1_000, maxBackoffMs: 5 * MINUTE, timeoutMs: 5 * MINUTE },
    mail: { name: 'mail', concurrency: 4, attempts: 8, backoffMs: 5_000, maxBackoffMs: HOUR, timeoutMs: MINUTE },
    media: { name: 'media', concurrency: 4, attempts: 5, backoffMs: 2_000, maxBackoffMs: 10 * MINUTE, timeoutMs: 2 * MINUTE },
    bulk: { name: 'bulk', concurrency: bulkConcurrency ?? 1, attempts: 3, backoffMs: 10_000, maxBackoffMs: 10 * MINUTE, timeoutMs: 4 * HOUR },
    // Deliveries retry for hours: 19 tries from 10 s doubling to an hour apart span about 14 hours.
    webhooks: { name: 'webhooks', concurrency: 8, attempts: 19, backoffMs: 10_000, maxBackoffMs: HOUR, timeoutMs: MINUTE },
  };
}

export function isQueueName(value: unknown): value is QueueName {
  return typeof value === 'string' && (QUEUE_NAMES as readonly string[]).includes(value);
}
