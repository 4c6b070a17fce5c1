import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { API_NODE_FLAGS, PROCESS_ENV } from '../../apps/api/heap-policy.js';

/** The built entry points (`npm run build`), as `npm start` and `npm run worker` run them. */
export const API_MAIN = resolve('dist/apps/api/main.js');
export const WORKER_MAIN = resolve('dist/apps/worker/main.js');

/** One pino line of the process' log. */
export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * A platform process of its own (the production build, `node dist/…`), its JSON log read line by line. The
 * environment is the test's without DATABASE_URL and REDIS_URL, plus `env`; entries set to undefined are left out.
 */
export class PlatformProcess {
  readonly log: LogLine[] = [];
  readonly exited: Promise<Exit>;
  exit?: Exit;
  private output = '';
  private readonly waiting = new Set<() => void>();
  private readonly child: ChildProcess;

  constructor(script: string, env: Record<string, string | undefined>) {
    if (!existsSync(script)) throw new Error(`${script} is missing: run \`npm run build\` before this test`);
    const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
    const merged = Object.fromEntries(Object.entries({ ...inherited, ...PROCESS_ENV, ...env }).filter(([, value]) => value !== undefined)) as Record<string, string>;
    const flags = script === API_MAIN ? API_NODE_FLAGS : [];
    this.child = spawn(process.execPath, [...flags, script], { env: merged, stdio: ['ignore', 'pipe', 'pipe'] });
    let partial = '';
    this.child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      this.keep(chunk);
      const lines = (partial + chunk).split('\n');
      partial = lines.pop()!;
      for (const line of lines) {
        try {
          this.log.push(JSON.parse(line) as LogLine);
        } catch {
          // not a log line
        }
      }
      this.wake();
    });
    this.child.stderr!.setEncoding('utf8').on('data', (chunk: string) => this.keep(chunk));
    this.exited = new Promise((done) =>
      this.child.once('exit', (code, signal) => {
        this.exit = { code, signal };
        this.wake();
        done(this.exit);
      }),
    );
  }

  get pid(): number {
    return this.child.pid!;
  }

  /** The first log line whose message starts with `message`; fails when the process exits first or after `timeoutMs`. */
  async waitForLog(message: string, timeoutMs = 60_000): Promise<LogLine> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const line = this.log.find((l) => typeof l.msg === 'string' && l.msg.startsWith(message));
      if (line) return line;
      if (this.exit) throw new Error(`The process exited (${JSON.stringify(this.exit)}) before logging "${message}":\n${this.tail()}`);
      if (Date.now() > deadline) throw new Error(`No "${message}" in the log after ${timeoutMs} ms:\n${this.tail()}`);
      await new Promise<void>((wake) => {
        const timer = setTimeout(wake, 250);
        this.waiting.add(() => (clearTimeout(timer), wake()));
      });
    }
  }

  /** Resolves with the exit, or fails after `timeoutMs` with the end of the output. */
  async waitForExit(timeoutMs: number): Promise<Exit> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, fail) => {
      timer = setTimeout(() => fail(new Error(`The process was still running after ${timeoutMs} ms:\n${this.tail()}`)), timeoutMs);
    });
    try {
      return await Promise.race([this.exited, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  signal(signal: NodeJS.Signals): void {
    this.child.kill(signal);
  }

  /** For afterAll: a process a failed test left running is killed. */
  async kill(): Promise<void> {
    if (this.exit) return;
    this.child.kill('SIGKILL');
    await this.exited;
  }

  /** The messages logged, in order. */
  messages(): string[] {
    return this.log.map((line) => line.msg);
  }

  /** The last few KB of stdout and stderr, for failure messages. */
  tail(): string {
    return this.output.slice(-4_000);
  }

  private keep(chunk: string): void {
    this.output = (this.output + chunk).slice(-64_000);
  }

  private wake(): void {
    for (const wake of this.waiting) wake();
    this.waiting.clear();
  }
}
