import type { INestApplicationContext } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { AuthService } from '@platform/auth';
import { DomainError } from '@platform/errors';
import { migrateDatabase } from '@platform/database';
import { Mailer, type OutboxEmail } from '@platform/mail';
import { formatMoney } from '@platform/money';
import { JOB_QUEUE, JOB_STATES, type JobQueue, type JobState, type JobSummary, QUEUE_NAMES, type QueueName, isQueueName } from '@platform/queue';
import { LedgerService, OPERATOR_PAYOUT_STATUSES, type OperatorPayoutStatus, type PayoutRecord, PayoutsService } from '@platform/payments';
import { SystemContexts } from '@platform/request';
import { DemoShopService, type SeedProgressListener } from '@platform/seed';
import { ShopService } from '@platform/tenancy';
import { SUPPORTED_VERSIONS, isSupportedVersion, unsupportedVersionMessage } from '@platform/versioning';
import { progressBar } from './progress-bar.js';
import { SCHEMA_SURFACES, schemaSdl } from './schema-print.js';

export type Flags = Record<string, string | boolean | undefined>;

export interface CommandOutput {
  /** The one JSON line printed with --json. */
  json: Record<string, unknown>;
  /** What a person reads without --json. */
  text: string;
}

export type Command = (app: INestApplicationContext, flags: Flags, io: { progress: boolean }) => Promise<CommandOutput>;

export const COMMANDS: Record<string, Command> = {
  async migrate(app) {
    const applied = await migrateDatabase(app.get(MikroORM));
    return { json: { migrated: applied }, text: applied.length ? `Applied ${applied.join(', ')}` : 'Database is up to date' };
  },

  async seed(app, flags, io) {
    const handle = optional(flags, 'shop') ?? 'demo';
    const bar = io.progress ? progressBar() : undefined;
    const onProgress: SeedProgressListener | undefined = bar?.update;
    try {
      const seeded = await app.get(DemoShopService).seedShop(handle, {
        seed: count(flags, 'seed'),
        products: count(flags, 'products'),
        customers: count(flags, 'customers'),
        orders: count(flags, 'orders'),
      }, onProgress);
      const counts = seeded.counts!;
      return {
        json: { shop: seeded.shop, created: seeded.created, counts, ...(seeded.tokens ? { tokens: seeded.tokens } : {}) },
        text: `Seeded ${seeded.shop.handle}: ${counts.products} products, ${counts.variants} variants, ${counts.collections} collections, ${counts.customers} customers, ${counts.orders} orders`,
      };
    } finally {
      bar?.stop();
    }
  },

  async 'shop:create'(app, flags) {
    const shop = await app.get(ShopService).create({
      handle: required(flags, 'handle'),
      name: optional(flags, 'name'),
      plan: optional(flags, 'plan'),
      currency: optional(flags, 'currency'),
    });
    return { json: { shop }, text: `Created shop ${shop.handle} (${shop.domain}, plan ${shop.plan}, ${shop.currency})` };
  },

  async 'shop:set-state'(app, flags) {
    const shop = await app.get(ShopService).setState(required(flags, 'shop'), required(flags, 'state'));
    return { json: { shop }, text: `Shop ${shop.handle} is now ${shop.state}` };
  },

  async 'app:create'(app, flags) {
    const shop = await app.get(ShopService).requireByHandle(required(flags, 'shop'));
    const installed = await app.get(AuthService).installApp(shop.id, required(flags, 'name'), required(flags, 'scopes'));
    return {
      json: { ...installed },
      text: [
        `App ${installed.appId} installed on ${shop.handle}. Tokens are shown once:`,
        `  admin access token:       ${installed.adminAccessToken}`,
        `  storefront access token:  ${installed.storefrontAccessToken}`,
        `  storefront private token: ${installed.storefrontPrivateToken}`,
      ].join('\n'),
    };
  },

  async 'mail:list'(app, flags) {
    const handle = optional(flags, 'shop');
    const shop = handle === undefined ? undefined : await app.get(ShopService).requireByHandle(handle);
    const limit = count(flags, 'limit') ?? 50;
    if (limit < 1 || limit > 1_000) throw new DomainError('BAD_REQUEST', '--limit must be between 1 and 1000', { field: 'limit' });
    const emails = await app.get(Mailer).list(shop?.id, limit);
    return { json: { emails }, text: emails.length ? emails.map(outboxText).join('\n\n') : 'The outbox is empty' };
  },

  // The jobs of a queue and state, newest first: the dead letter is `--state failed`.
  async 'schema:print'(app, flags) {
    const surface = required(flags, 'surface');
    if (!Object.hasOwn(SCHEMA_SURFACES, surface)) throw new DomainError('BAD_REQUEST', '--surface is storefront or admin', { field: 'surface' });
    const version = optional(flags, 'version') ?? SUPPORTED_VERSIONS.at(-2)!;
    if (!isSupportedVersion(version)) throw new DomainError('BAD_REQUEST', unsupportedVersionMessage(version), { field: 'version' });
    const sdl = await schemaSdl(app, surface as keyof typeof SCHEMA_SURFACES, version);
    return { json: { surface, version, sdl }, text: sdl.trimEnd() };
  },

  async 'jobs:list'(app, flags) {
    const limit = count(flags, 'limit') ?? 100;
    if (limit < 1 || limit > 1_000) throw new DomainError('BAD_REQUEST', '--limit must be between 1 and 1000', { field: 'limit' });
    const jobs = await app.get<JobQueue>(JOB_QUEUE).list({ queue: queueFlag(flags), state: stateFlag(flags), limit });
    return { json: { jobs }, text: jobs.length ? jobs.map(jobText).join('\n') : 'No jobs' };
  },

  // A failed job back to waiting, its tries reset: one (--job ID), or every failed job of a queue (--queue Q --failed).
  async 'jobs:retry'(app, flags) {
    const jobs = app.get<JobQueue>(JOB_QUEUE);
    const id = optional(flags, 'job');
    if (id !== undefined) {
      if (flags.failed !== undefined || flags.queue !== undefined) throw new DomainError('BAD_REQUEST', 'Give --job ID, or --queue Q --failed, not both', { field: 'job' });
      if (!(await jobs.retry(id))) throw new DomainError('NOT_FOUND', `No failed job has the id ${id}`, { field: 'job' });
      return { json: { retried: 1, job: id }, text: `Job ${id} is waiting again` };
    }
    const queue = queueFlag(flags);
    if (!queue || flags.failed !== true) throw new DomainError('BAD_REQUEST', 'jobs:retry needs --job ID, or --queue Q --failed', { field: 'job' });
    const retried = await jobs.retryFailed(queue);
    return { json: { retried, queue }, text: `${retried} failed job${retried === 1 ? '' : 's'} of ${queue} waiting again` };
  },

  // An adjustment (or, with --type reserve, money held back: negative holds, positive releases) in the ledger.
  async 'ledger:adjust'(app, flags) {
    const shop = await app.get(ShopService).requireByHandle(required(flags, 'shop'));
    const ctx = app.get(SystemContexts).forShop(shop);
    const input = { type: optional(flags, 'type'), amount: required(flags, 'amount'), currency: required(flags, 'currency'), reason: required(flags, 'reason') };
    const id = await app.get(LedgerService).adjust(ctx, input);
    // Booked, so the amount read: shown as stored, with two places.
    const transaction = { id, type: input.type ?? 'adjustment', amount: formatMoney(input.amount), currency: input.currency, reason: input.reason.trim() };
    return { json: { transaction }, text: `Booked ${transaction.type} ${id} on ${shop.handle}: ${transaction.amount} ${transaction.currency} (${transaction.reason})` };
  },

  // Pays scheduled payouts whose day has passed and sweeps pending balances into new payouts, for one shop or all.
  async 'payouts:run'(app, flags) {
    const shops = app.get(ShopService);
    const handle = optional(flags, 'shop');
    const targets = handle === undefined ? await Promise.all((await shops.ids()).map((id) => shops.findById(id))) : [await shops.requireByHandle(handle)];
    const runs = [];
    for (const shop of targets) {
      if (!shop) continue;
      const run = await app.get(PayoutsService).run(app.get(SystemContexts).forShop(shop));
      runs.push({ shop: shop.handle, created: run.created, paid: run.paid });
    }
    const text = runs.map((r) => `${r.shop}: ${r.created.length ? r.created.map(payoutText).join(', ') : 'no new payout'}${r.paid.length ? `; paid ${r.paid.map((p) => `#${p.id}`).join(', ')}` : ''}`).join('\n');
    return { json: { runs }, text: text || 'No shop' };
  },

  // An operator's word on a payout: paid, failed (money back to the balance) or canceled (likewise).
  async 'payouts:set-status'(app, flags) {
    const shop = await app.get(ShopService).requireByHandle(required(flags, 'shop'));
    const status = required(flags, 'status');
    if (!(OPERATOR_PAYOUT_STATUSES as readonly string[]).includes(status)) throw new DomainError('BAD_REQUEST', `--status must be one of ${OPERATOR_PAYOUT_STATUSES.join(', ')}`, { field: 'status' });
    const payoutId = count(flags, 'payout');
    if (payoutId === undefined) throw new DomainError('BAD_REQUEST', '--payout is required', { field: 'payout' });
    const payout = await app.get(PayoutsService).setStatus(app.get(SystemContexts).forShop(shop), payoutId, status as OperatorPayoutStatus);
    return { json: { payout }, text: `Payout ${payoutText(payout)} of ${shop.handle} is now ${payout.status}` };
  },
};

function payoutText(payout: PayoutRecord): string {
  return `#${payout.id} ${payout.amount} ${payout.currency} (${payout.status}, ${payout.date})`;
}

// One email as a person reads it in a terminal: the headers, then the text body (links included) indented.
function outboxText(email: OutboxEmail): string {
  return [
    `#${email.id}  ${email.createdAt.toISOString()}  ${email.status}${email.error ? ` (${email.error})` : ''}  shop ${email.shop}  ${email.template}`,
    `  To: ${email.recipient}${email.bcc.length ? `  Bcc: ${email.bcc.join(', ')}` : ''}`,
    `  From: ${email.sender}`,
    `  Subject: ${email.subject}`,
    '',
    ...email.text.trimEnd().split('\n').map((line) => (line ? `    ${line}` : '')),
  ].join('\n');
}

function optional(flags: Flags, name: string): string | undefined {
  const value = flags[name];
  return typeof value === 'string' ? value : undefined;
}

function count(flags: Flags, name: string): number | undefined {
  const value = optional(flags, name);
  if (value === undefined) return undefined;
  if (!/^\d{1,9}$/.test(value)) throw new DomainError('BAD_REQUEST', `--${name} must be a whole number`, { field: name });
  return Number(value);
}

function queueFlag(flags: Flags): QueueName | undefined {
  const value = optional(flags, 'queue');
  if (value === undefined) return undefined;
  if (!isQueueName(value)) throw new DomainError('BAD_REQUEST', `--queue must be one of ${QUEUE_NAMES.join(', ')}`, { field: 'queue' });
  return value;
}

function stateFlag(flags: Flags): JobState | undefined {
  const value = optional(flags, 'state');
  if (value === undefined) return undefined;
  if (!(JOB_STATES as readonly string[]).includes(value)) throw new DomainError('BAD_REQUEST', `--state must be one of ${JOB_STATES.join(', ')}`, { field: 'state' });
  return value as JobState;
}

function jobText(job: JobSummary): string {
  const when = job.runAt ? ` runs at ${job.runAt}` : '';
  const error = job.lastError ? `\n    last error: ${job.lastError}` : '';
  return `${job.id}  ${job.queue}  ${job.name}  ${job.state}  tries ${job.attemptsMade}/${job.maxAttempts}${when}  created ${job.createdAt}${error}`;
}

function required(flags: Flags, name: string): string {
  const value = optional(flags, name);
  if (!value) throw new DomainError('BAD_REQUEST', `--${name} is required`, { field: name });
  return value;
}
