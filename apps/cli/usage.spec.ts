import { COMMANDS } from './commands.js';
import { COMMAND_HELP, commandUsage, helpFor, usage } from './usage.js';

describe('CLI help', () => {
  it('has a help entry for every command, and none for a command that does not exist', () => {
    expect(Object.keys(COMMAND_HELP).sort()).toEqual(Object.keys(COMMANDS).sort());
  });

  it('lists every command with its summary in the overview', () => {
    const text = usage();
    const lines = text.split('\n');
    for (const [name, help] of Object.entries(COMMAND_HELP)) {
      expect(lines.find((line) => line.startsWith(`  ${name} `))?.endsWith(`  ${help.summary}`)).toBe(true);
    }
    expect(text).toMatch(/^Usage: npm run platform -- <command>/);
  });

  it("gives a command's usage line and each option", () => {
    const text = commandUsage('seed')!;
    expect(text.split('\n')[0]).toBe('Usage: npm run platform -- seed [--shop demo] [--products N] [--customers N] [--orders N] [--seed N] [--json]');
    expect(text).toMatch(/^ {2}--products N +products to make \(default 60\)$/m);
    expect(text).toMatch(/^ {2}--json +print exactly one JSON line on stdout/m);
    expect(commandUsage('migrate')!.split('\n')[0]).toBe('Usage: npm run platform -- migrate [--json]');
    expect(commandUsage('frobnicate')).toBeUndefined();
    expect(commandUsage('toString')).toBeUndefined();
  });

  it('answers --help, -h and help [command]; nothing when help is not asked for', () => {
    expect(helpFor(['--help'])).toBe(usage());
    expect(helpFor(['help'])).toBe(usage());
    expect(helpFor(['seed', '--help'])).toBe(commandUsage('seed'));
    expect(helpFor(['ledger:adjust', '--shop', 'acme', '-h'])).toBe(commandUsage('ledger:adjust'));
    expect(helpFor(['help', 'jobs:retry'])).toBe(commandUsage('jobs:retry'));
    expect(helpFor(['frobnicate', '--help'])).toBe(usage());
    expect(helpFor([])).toBeUndefined();
    expect(helpFor(['seed', '--shop', 'demo'])).toBeUndefined();
  });
});
