import { Inject, Injectable, Optional } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { MikroORM } from '@mikro-orm/postgresql';
import { SqlPool, preparedSql } from '@platform/database';
import { JOB_QUEUE, type JobQueue } from '@platform/queue';
import { CLOCK, type Clock, systemClock, withDeadline } from '@platform/clock';
import { REDIS } from '@platform/redis';

type Status = 'ok' | 'down' | 'in-process';

/** The body of `GET /healthz`, and its HTTP status. */
export interface HealthReport {
  httpStatus: 200 | 503;
  body: { status: 'ok' | 'degraded' | 'down' | 'draining'; postgres: Status; redis: Status; queue: string };
}

/** The body of `GET /readyz`: ready to take traffic (200) or not (503), and why. */
export interface ReadinessReport {
  httpStatus: 200 | 503;
  body: { status: 'ready' | 'not ready'; postgres: Status; redis: Status; migrations: 'applied' | 'pending' | 'unknown'; draining: boolean };
}

// An unreachable dependency fails at once (connection refused); the bound is for one that is slow, or a
// process so busy that connecting takes a while: past it, the dependency is reported down.
const PROBE_TIMEOUT_MS = 2500;
// A report younger than this is served as it is; an older one is still served while a new probe runs in the
// background (one at a time), so a flood of probes costs one Postgres and one Redis round trip a second.
const REFRESH_AFTER_MS = 1000;
// Older than this (nobody asked for a while) it is not served: the request waits for a new probe, which the
// probe timeout bounds. Above PROBE_TIMEOUT_MS + REFRESH_AFTER_MS, so a busy server always has one to serve.
const MAX_AGE_MS = 5000;
const HEALTH = '/healthz';
/** The process runs (its event loop answers): 200 while it is up, draining included. */
const LIVE = '/livez';
/** It can take traffic: Postgres answers, Redis too when configured, its migrations are applied, it is not stopping. */
const READY = '/readyz';

const SELECT_ONE = preparedSql('select 1');

/**
 * Liveness and dependencies; 503 when Postgres is unreachable (nothing can be served then) and while the process
 * stops (`draining`: a load balancer sends new requests elsewhere). Answered from the
 * last probe, before the request pipeline, the body parser and Nest's routing: under a flood of requests the probe
 * must not queue for a pool connection or behind GraphQL work (docs/performance.md, "Health under attack").
 * `/livez` and `/readyz` split it as orchestrators ask: is the process up, and may it take traffic.
 */
@Injectable()
export class HealthProbe {
  private last?: { report: HealthReport; at: number };
  private running?: Promise<HealthReport>;
  private draining = false;
  // Once applied, this process' migrations stay applied (a newer release only adds its own).
  private migrationsApplied = false;

  constructor(
    private readonly orm: MikroORM,
    private readonly sql: SqlPool,
    @Inject(REDIS) private readonly redis: Redis | null,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    // How old a report is: the process' clock (tests move it).
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  /**
   * Answers `GET` (and `HEAD`) `/healthz` in an onRequest hook. Install it before every other hook but the
   * request id's, so nothing else runs for a probe.
   */
  install(fastify: FastifyInstance): void {
    fastify.addHook('onRequest', (request, reply, done) => {
      const path = request.method === 'GET' || request.method === 'HEAD' ? probePath(request.url) : null;
      if (!path) return done();
      if (path === LIVE) return void reply.code(200).send({ status: 'ok' });
      (path === READY ? this.readiness() : this.report()).then(
        (report) => void reply.code(report.httpStatus).send(report.body),
        (error: unknown) => done(error as Error),
      );
    });
  }

  /** From now on every report is a 503 with status `draining` (and the dependencies as they are): the process is stopping. */
  drain(): void {
    this.draining = true;
  }

  /** The last report when recent enough (refreshed in the background when over a second old), else a new one. */
  report(now = this.clock.now()): Promise<HealthReport> {
    const last = this.last;
    if (last && now - last.at < MAX_AGE_MS) {
      if (now - last.at >= REFRESH_AFTER_MS) void this.refresh();
      return Promise.resolve(this.asServed(last.report));
    }
    return this.refresh().then((report) => this.asServed(report));
  }

  /** Whether the process may take traffic: the last report's dependencies, its migrations, and not stopping. */
  async readiness(now = this.clock.now()): Promise<ReadinessReport> {
    const { body } = await this.report(now);
    const migrations = body.postgres === 'ok' ? await this.migrationState() : 'unknown';
    const ready = !this.draining && body.postgres === 'ok' && body.redis !== 'down' && migrations === 'applied';
    return {
      httpStatus: ready ? 200 : 503,
      body: { status: ready ? 'ready' : 'not ready', postgres: body.postgres, redis: body.redis, migrations, draining: this.draining },
    };
  }

  private async migrationState(): Promise<'applied' | 'pending' | 'unknown'> {
    if (this.migrationsApplied) return 'applied';
    try {
      const pending = await withDeadline(PROBE_TIMEOUT_MS, this.orm.migrator.getPending());
      this.migrationsApplied = pending.length === 0;
      return this.migrationsApplied ? 'applied' : 'pending';
    } catch {
      return 'unknown';
    }
  }

  private asServed(report: HealthReport): HealthReport {
    return this.draining ? { httpStatus: 503, body: { ...report.body, status: 'draining' } } : report;
  }

  private refresh(): Promise<HealthReport> {
    this.running ??= this.probe().then((report) => {
      this.last = { report, at: this.clock.now() };
      this.running = undefined;
      return report;
    });
    return this.running;
  }

  private async probe(): Promise<HealthReport> {
    const [postgres, redis] = await Promise.all([this.postgres(), this.redisStatus()]);
    const status = postgres === 'down' ? 'down' : redis === 'down' ? 'degraded' : 'ok';
    return { httpStatus: postgres === 'down' ? 503 : 200, body: { status, postgres, redis, queue: this.queue.kind } };
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

// The probe a path names (`/healthz`, `/livez`, `/readyz`, with or without a query string), or null.
function probePath(url: string): string | null {
  const end = url.indexOf('?');
  const path = end === -1 ? url : url.slice(0, end);
  return path === HEALTH || path === LIVE || path === READY ? path : null;
}

// Never rejects: a failed or slow check is a dependency down.
async function probe(check: () => Promise<unknown>): Promise<Status> {
  try {
    await withDeadline(PROBE_TIMEOUT_MS, check());
    return 'ok';
  } catch {
    return 'down';
  }
}
