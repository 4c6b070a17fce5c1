import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { SqlPool, preparedSql } from '@platform/database';
import { JOB_QUEUE, type JobQueue } from '@platform/queue';
import { REDIS } from '@platform/redis';

type Status = 'ok' | 'down' | 'in-process';

// An unreachable dependency fails at once (connection refused); the bound is for one that is slow, or a
// process so busy that connecting takes a while: past it, the dependency is reported down.
const PROBE_TIMEOUT_MS = 2500;

/** Liveness and dependencies; 503 only when Postgres is unreachable (nothing can be served then). */
const SELECT_ONE = preparedSql('select 1');

@Controller()
export class HealthController {
  constructor(
    private readonly sql: SqlPool,
    @Inject(REDIS) private readonly redis: Redis | null,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
  ) {}

  @Get('healthz')
  async health(@Res() reply: FastifyReply): Promise<void> {
    const [postgres, redis] = await Promise.all([this.postgres(), this.redisStatus()]);
    const status = postgres === 'down' ? 'down' : redis === 'down' ? 'degraded' : 'ok';
    reply.code(postgres === 'down' ? 503 : 200).send({ status, postgres, redis, queue: this.queue.kind });
  }

  private async postgres(): Promise<Status> {
    return probe(() => this.sql.unscoped(SELECT_ONE, []));
  }

  private async redisStatus(): Promise<Status> {
    if (!this.redis) return 'in-process';
    const redis = this.redis;
    return probe(async () => {
      // The shared client keeps no offline queue: wait for it to be ready rather than fail a fresh start.
      if (redis.status !== 'ready') await new Promise((resolve, reject) => {
        redis.once('ready', resolve);
        redis.once('error', reject);
      });
      return redis.ping();
    });
  }
}

async function probe(check: () => Promise<unknown>): Promise<Status> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}
