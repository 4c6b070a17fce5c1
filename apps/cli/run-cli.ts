import { parseArgs } from 'node:util';
import { NestFactory } from '@nestjs/core';
import { type PlatformConfig, loadConfig } from '@platform/config';
import { openDatabase } from '@platform/database';
import { isDomainError } from '@platform/errors';
import { NestPinoLogger, createLogger } from '@platform/logging';
import { CliModule } from './cli.module.js';
import { COMMANDS, type Flags } from './commands.js';

export interface CliIo {
  stdout(line: string): void;
  stderr(line: string): void;
  env?: NodeJS.ProcessEnv;
}

const USAGE = `Usage: npm run platform -- <command> [--json]
  migrate
  seed [--shop demo] [--products N] [--customers N] [--orders N] [--seed N]
  shop:create --handle H [--name N] [--plan standard|plus] [--currency USD]
  shop:set-state --shop H --state active|frozen|fraudulent|locked
  app:create --shop H --name N --scopes all|<comma list>
  mail:list [--shop H] [--limit 50]   the emails sent or kept in the outbox, newest first
  ledger:adjust --shop H --amount A --currency C --reason R [--type adjustment|reserve]
  payouts:run [--shop H]   pay scheduled payouts whose day has passed, sweep pending balances into new payouts
  payouts:set-status --shop H --payout ID --status paid|failed|canceled
  jobs:list [--queue Q] [--state failed|waiting|running|delayed|completed] [--limit 100]   newest first; failed is the dead letter
  jobs:retry --job ID | --queue Q --failed   a failed job (or every failed job of a queue) back to waiting`;

const OPTIONS = {
  json: { type: 'boolean' },
  help: { type: 'boolean' },
  handle: { type: 'string' },
  name: { type: 'string' },
  plan: { type: 'string' },
  currency: { type: 'string' },
  shop: { type: 'string' },
  state: { type: 'string' },
  scopes: { type: 'string' },
  products: { type: 'string' },
  customers: { type: 'string' },
  orders: { type: 'string' },
  seed: { type: 'string' },
  limit: { type: 'string' },
  amount: { type: 'string' },
  reason: { type: 'string' },
  type: { type: 'string' },
  payout: { type: 'string' },
  status: { type: 'string' },
  queue: { type: 'string' },
  job: { type: 'string' },
  failed: { type: 'boolean' },
} as const;

/** Runs one operator command; returns the exit code. With --json, stdout gets exactly one JSON line. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    return usageError(io, (error as Error).message, argv.includes('--json'));
  }
  const flags = parsed.values as Flags;
  const name = parsed.positionals[0];
  if (flags.help || !name) {
    io.stderr(USAGE);
    return name || flags.help ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) return usageError(io, `Unknown command '${name}'`, Boolean(flags.json));

  let config: PlatformConfig;
  try {
    config = loadConfig(io.env ?? process.env);
  } catch (error) {
    return fail(io, error, Boolean(flags.json));
  }
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, 2);
  let database;
  let app;
  try {
    database = await openDatabase(config);
    app = await NestFactory.createApplicationContext(CliModule.forRoot({ config, databaseUrl: database.url, logger }), {
      logger: new NestPinoLogger(logger),
      abortOnError: false,
    });
  } catch (error) {
    await database?.close();
    return fail(io, error, Boolean(flags.json));
  }
  try {
    // A progress bar only for a person at a terminal; never with --json.
    const output = await command(app, flags, { progress: !flags.json && Boolean(process.stderr.isTTY) });
    io.stdout(flags.json ? JSON.stringify({ ok: true, ...output.json }) : output.text);
    return 0;
  } catch (error) {
    return fail(io, error, Boolean(flags.json));
  } finally {
    await app.close();
    await database.close();
  }
}

function usageError(io: CliIo, message: string, json: boolean): number {
  if (json) io.stdout(JSON.stringify({ ok: false, error: { code: 'USAGE', message } }));
  io.stderr(`${message}\n\n${USAGE}`);
  return 2;
}

function fail(io: CliIo, error: unknown, json: boolean): number {
  const message = error instanceof Error ? error.message : String(error);
  const field = isDomainError(error) ? error.field : undefined;
  const code = isDomainError(error) ? error.code : 'ERROR';
  if (json) io.stdout(JSON.stringify({ ok: false, error: { code, message, ...(field ? { field } : {}) } }));
  io.stderr(field && isDomainError(error) && !message.startsWith('--') ? `${field} ${message}` : message);
  return 1;
}
