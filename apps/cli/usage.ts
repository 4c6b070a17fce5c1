// What `platform --help` and `platform <command> --help` print. Imports nothing, so help answers without loading the
// platform (main.ts prints it before importing the commands).

interface CommandHelp {
  /** The command line after the command's name. */
  synopsis: string;
  summary: string;
  /** Each option and what it does. */
  options: Array<[string, string]>;
}

export const COMMAND_HELP: Record<string, CommandHelp> = {
  migrate: { synopsis: '', summary: 'Apply the pending database migrations.', options: [] },
  seed: {
    synopsis: '[--shop demo] [--products N] [--customers N] [--orders N] [--seed N]',
    summary: 'Fill a shop (created when missing) with generated demo data; the same --seed gives the same data.',
    options: [
      ['--shop H', 'the shop to fill (default demo)'],
      ['--products N', 'products to make (default 60)'],
      ['--customers N', 'customers to make (default 60)'],
      ['--orders N', 'orders to make (default 40)'],
      ['--seed N', 'the generator seed (default 1)'],
    ],
  },
  'shop:create': {
    synopsis: '--handle H [--name N] [--plan standard|plus] [--currency USD]',
    summary: 'Create a shop, served at <handle>.<PLATFORM_DOMAIN>.',
    options: [
      ['--handle H', 'the shop handle (required)'],
      ['--name N', 'the shop name (default: the handle in title case)'],
      ['--plan P', 'standard or plus (default standard)'],
      ['--currency C', 'ISO 4217 code (default USD)'],
    ],
  },
  'shop:set-state': {
    synopsis: '--shop H --state active|frozen|fraudulent|locked',
    summary: 'Change a shop state; inactive shops answer 402, 403 or 423.',
    options: [
      ['--shop H', 'the shop handle (required)'],
      ['--state S', 'active, frozen, fraudulent or locked (required)'],
    ],
  },
  'app:create': {
    synopsis: '--shop H --name N --scopes all|<comma list>',
    summary: 'Install a new app on a shop and print its tokens (shown once).',
    options: [
      ['--shop H', 'the shop handle (required)'],
      ['--name N', 'the app name (required)'],
      ['--scopes S', 'all, or a comma list such as read_products,write_orders (required)'],
    ],
  },
  'mail:list': {
    synopsis: '[--shop H] [--limit 50]',
    summary: 'The emails sent or kept in the outbox, newest first.',
    options: [
      ['--shop H', "only this shop's emails"],
      ['--limit N', 'at most N emails, 1 to 1000 (default 50)'],
    ],
  },
  'ledger:adjust': {
    synopsis: '--shop H --amount A --currency C --reason R [--type adjustment|reserve]',
    summary: 'Book an adjustment in the payments ledger (a reserve holds money back when negative, releases it when positive).',
    options: [
      ['--shop H', 'the shop handle (required)'],
      ['--amount A', 'a decimal amount, negative as --amount=-12.50 (required)'],
      ['--currency C', 'ISO 4217 code (required)'],
      ['--reason R', 'why, kept with the transaction (required)'],
      ['--type T', 'adjustment or reserve (default adjustment)'],
    ],
  },
  'payouts:run': {
    synopsis: '[--shop H]',
    summary: 'Pay scheduled payouts whose day has passed and sweep pending balances into new payouts.',
    options: [['--shop H', 'only this shop (default every shop)']],
  },
  'payouts:set-status': {
    synopsis: '--shop H --payout ID --status paid|failed|canceled',
    summary: 'Record what happened to a payout; failed and canceled return its money to the balance.',
    options: [
      ['--shop H', 'the shop handle (required)'],
      ['--payout ID', 'the payout id (required)'],
      ['--status S', 'paid, failed or canceled (required)'],
    ],
  },
  'schema:print': {
    synopsis: '--surface storefront|admin [--version 2026-10]',
    summary: "Print a GraphQL API's schema (SDL) as a version serves it: what schema/ holds for it.",
    options: [
      ['--surface S', 'storefront or admin (required)'],
      ['--version V', 'a supported API version (default the latest stable)'],
    ],
  },
  'jobs:list': {
    synopsis: '[--queue Q] [--state failed|waiting|running|delayed|completed] [--limit 100]',
    summary: 'Background jobs, newest first; failed is the dead letter.',
    options: [
      ['--queue Q', 'only this queue'],
      ['--state S', 'failed, waiting, running, delayed or completed'],
      ['--limit N', 'at most N jobs, 1 to 1000 (default 100)'],
    ],
  },
  'jobs:retry': {
    synopsis: '--job ID | --queue Q --failed',
    summary: 'Put a failed job (or every failed job of a queue) back to waiting, its tries reset.',
    options: [
      ['--job ID', 'the failed job to retry'],
      ['--queue Q --failed', 'every failed job of queue Q'],
    ],
  },
};

const JSON_OPTION: [string, string] = ['--json', 'print exactly one JSON line on stdout (logs go to stderr)'];

/** The overview: every command on a line. */
export function usage(): string {
  const width = Math.max(...Object.keys(COMMAND_HELP).map((name) => name.length));
  return [
    'Usage: npm run platform -- <command> [options] [--json]',
    '',
    'Commands:',
    ...Object.entries(COMMAND_HELP).map(([name, help]) => `  ${name.padEnd(width)}  ${help.summary}`),
    '',
    "Run 'npm run platform -- <command> --help' for a command's options.",
  ].join('\n');
}

/** One command's usage and options, or undefined for a command that does not exist. */
export function commandUsage(name: string): string | undefined {
  const help = Object.hasOwn(COMMAND_HELP, name) ? COMMAND_HELP[name] : undefined;
  if (!help) return undefined;
  const options = [...help.options, JSON_OPTION];
  const width = Math.max(...options.map(([option]) => option.length));
  return [
    `Usage: npm run platform -- ${name}${help.synopsis ? ` ${help.synopsis}` : ''} [--json]`,
    '',
    help.summary,
    '',
    'Options:',
    ...options.map(([option, text]) => `  ${option.padEnd(width)}  ${text}`),
  ].join('\n');
}

/**
 * The help argv asks for (`--help` or `-h` anywhere, or `help [command]`), if any: the command's when argv names one,
 * else the overview. A bare call asks for none: it is a usage error, answered later.
 */
export function helpFor(argv: readonly string[]): string | undefined {
  const asked = argv[0] === 'help' || argv.includes('--help') || argv.includes('-h');
  if (!asked) return undefined;
  const name = argv.filter((arg) => arg !== 'help').find((arg) => !arg.startsWith('-'));
  return (name && commandUsage(name)) ?? usage();
}
