import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { resolve } from 'node:path';

/** One load run, as the orchestrator hands it to the load generator process. */
export interface LoadPlan {
  url: string;
  connections: number;
  /** Seconds measured, after `warmup` seconds of the same load that are thrown away. */
  duration: number;
  warmup: number;
  request: LoadRequest;
}

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  /** Bodies to send, one picked at random per request (random handles, words, buyers). */
  bodies?: string[];
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  /** Connection errors, timeouts, non-2xx answers other than 429, and GraphQL `errors` in 200s. */
  errors: number;
  /** 429s: intended throttles, counted apart. */
  throttled: number;
}

const GENERATOR = resolve(import.meta.dirname, 'load-generator.js');

/**
 * Drives the load from a second process, so the generator's CPU is not the server's event loop. The process
 * lives for the whole bench (starting one per measurement cost most of a smoke run): plans go in on stdin,
 * one JSON line each, results come back one line each, in order.
 */
export class LoadGenerator {
  private readonly child: ChildProcessByStdio<Writable, Readable, null>;
  private readonly waiting: { resolve: (result: LoadResult) => void; reject: (error: Error) => void }[] = [];
  private buffered = '';

  constructor() {
    this.child = spawn(process.execPath, [GENERATOR], { stdio: ['pipe', 'pipe', 'inherit'] });
    this.child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      this.buffered += chunk;
      let newline: number;
      while ((newline = this.buffered.indexOf('\n')) >= 0) {
        const line = this.buffered.slice(0, newline);
        this.buffered = this.buffered.slice(newline + 1);
        this.waiting.shift()?.resolve(JSON.parse(line) as LoadResult);
      }
    });
    this.child.on('exit', (code) => {
      for (const waiter of this.waiting.splice(0)) waiter.reject(new Error(`bench: the load generator exited with ${code}`));
    });
  }

  /** Runs one plan; plans run one after the other. */
  run(plan: LoadPlan): Promise<LoadResult> {
    return new Promise((resolvePromise, reject) => {
      this.waiting.push({ resolve: resolvePromise, reject });
      this.child.stdin.write(`${JSON.stringify(plan)}\n`);
    });
  }

  close(): void {
    this.child.stdin.end();
  }
}
