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
  /** Load sent at the same time by other clients (hostile documents, a health probe), reported apart. */
  alongside?: AlongsideLoad[];
  /** The server's process id: its CPU time during the measured seconds is reported (Linux). */
  serverPid?: number;
}

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  /** Bodies to send, one picked at random per request (random handles, words, buyers). */
  bodies?: string[];
  /** Extra headers of each body, by index (a hostile mix sends some documents with a token). */
  bodyHeaders?: (Record<string, string> | undefined)[];
  /** A header that carries a different IPv4 address on every request (many buyers behind one client). */
  freshIpHeader?: string;
  /** What every answer must be: data (the default), or refused (a GraphQL `errors` envelope or a 4xx). */
  expect?: 'data' | 'refused';
  /**
   * Walk the list: a request goes to the `rel="next"` link of an earlier answer while one is waiting, else to
   * `path` (page 1). With N connections, N walks are under way at once.
   */
  followLink?: boolean;
  /** A placeholder in the bodies replaced by a value unique to each request of the run (a new customer's email). */
  unique?: string;
  /** A buyer's requests in order (`bodies` is unused): every connection walks them again and again. */
  journey?: Journey;
}

/**
 * Requests that follow each other (a cart created, then lines added to it): each connection sends `bodies` in order,
 * again and again, every walk a buyer of its own (`freshIpHeader` changes per walk, not per request). The first
 * answer's `capture` (a regular expression with one group) replaces `placeholder` in the later bodies.
 */
export interface Journey {
  bodies: string[];
  placeholder: string;
  capture: string;
  /** A name per body (the statements of each are counted apart). */
  steps: string[];
}

export interface AlongsideLoad {
  name: string;
  connections: number;
  /** Requests per second in all (a probe); unset: as fast as the server answers. */
  rate?: number;
  /**
   * Seconds after the measurement starts before this load starts (at most half the measurement): a probe measured
   * from the first instant would time the burst of the other clients' connections opening together, which every
   * measurement starts with and no attack repeats.
   */
  startAfter?: number;
  request: LoadRequest;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  /** Connection errors, timeouts, and answers other than the request expects (429s apart). */
  errors: number;
  /** 429s: intended throttles, counted apart. */
  throttled: number;
  /** Server CPU time (user + system) during the measured seconds, when the plan named the server's pid. */
  serverCpuMs?: number;
  alongside?: AlongsideResult[];
}

export type AlongsideResult = { name: string } & Omit<LoadResult, 'alongside' | 'serverCpuMs'>;

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
