import type { Job, JobHandler } from './job-queue.js';

/** A try that ran past its queue's timeout. */
export class JobTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`The job ran longer than its queue's ${timeoutMs} ms and was stopped`);
    this.name = 'JobTimeoutError';
  }
}

/**
 * Runs one try of a job, failing it with JobTimeoutError once `timeoutMs` pass. The handler's signal is aborted
 * then, so work that honours it stops; the try is over for the queue either way (it is retried or given up).
 */
export async function runJob(handler: JobHandler, job: Omit<Job, 'signal'>, timeoutMs: number): Promise<void> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new JobTimeoutError(timeoutMs);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    await Promise.race([handler({ ...job, signal: controller.signal }), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
