import { spawn } from 'node:child_process';
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

/** Drives the load from a second process, so the generator's CPU is not the server's event loop. */
// The plan (with its pool of bodies) goes through stdin; the result comes back as one JSON line.
export function generateLoad(plan: LoadPlan): Promise<LoadResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [GENERATOR], { stdio: ['pipe', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolvePromise(JSON.parse(stdout) as LoadResult);
      else reject(new Error(`bench: the load generator exited with ${code}`));
    });
    child.stdin.end(JSON.stringify(plan));
  });
}
