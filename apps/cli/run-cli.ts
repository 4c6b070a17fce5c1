import { parseArgs } from 'node:util';
import { NestFactory } from '@nestjs/core';
import { type PlatformConfig, loadConfig } from '@platform/config';
import { openDatabase } from '@platform/database';
import { isDomainError } from '@platform/errors';
import { NestPinoLogger, createLogger } from '@platform/logging';
import { CliModule } from './cli.module.js';
import { COMMANDS, type Flags } from './commands.js';
import { commandUsage, helpFor, usage } from './usage.js';

export interface CliIo {
  stdout(line: string): void;
  stderr(line: string): void;
  env?: NodeJS.ProcessEnv;
}

const OPTIONS = {
  json: { type: 'boolean' },
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
  surface: { type: 'string' },
  version: { type: 'string' },
} as const;

/** Runs one operator command; returns the exit code. With --json, stdout gets exactly one JSON line. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  // Asked-for help is the answer (stdout); the usage after a mistake is a diagnostic (stderr).
  const help = helpFor(argv);
  if (help) {
    io.stdout(help);
    return 0;
  }
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    return usageError(io, (error as Error).message, argv.includes('--json'), argv.find((arg) => !arg.startsWith('-')));
  }
  const flags = parsed.values as Flags;
  const name = parsed.positionals[0];
  if (!name) {
    io.stderr(usage());
    return 2;
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

function usageError(io: CliIo, message: string, json: boolean, command?: string): number {
  if (json) io.stdout(JSON.stringify({ ok: false, error: { code: 'USAGE', message } }));
  io.stderr(`${message}\n\n${(command && commandUsage(command)) || usage()}`);
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
