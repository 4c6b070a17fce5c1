import { runCli } from '../../apps/cli/run-cli.js';

export interface CliRun {
  code: number;
  out: string[];
  err: string[];
  /** The one JSON line of a `--json` run, parsed. */
  json: any;
}

/** Runs `platform <argv>` in this process with the environment `env()` gives (read at each run). */
export function cliRunner(env: () => NodeJS.ProcessEnv): (...argv: string[]) => Promise<CliRun> {
  return async (...argv) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(argv, { stdout: (l) => out.push(l), stderr: (l) => err.push(l), env: env() });
    return { code, out, err, json: argv.includes('--json') && out.length === 1 ? JSON.parse(out[0]!) : undefined };
  };
}
