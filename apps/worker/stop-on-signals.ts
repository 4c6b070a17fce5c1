import type { Logger } from '@platform/logging';

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

export interface StopPlan {
  logger: Logger;
  /** SHUTDOWN_GRACE_MS: past it the process exits 1 whatever is still running. */
  graceMs: number;
  /** What the stop waits for, for the log: `in-flight requests, then running jobs`. */
  finishing: string;
  /** Stops taking work, waits for the work in flight, closes the pools. */
  stop(): Promise<void>;
  /** What is still in flight, for the log lines. */
  inFlight?(): object;
}

/**
 * The process' one shutdown path (api and worker alike; Nest's shutdown hooks are not enabled, so nothing else
 * handles the signals): on SIGTERM or SIGINT `stop` runs once, and the process exits 0 when it resolves, 1 when it
 * fails or is still running after the grace period. A second signal does not cut the stop short: Ctrl-C on
 * `npm start` reaches the process twice (from the terminal, and forwarded by npm).
 */
export function stopOnSignals(plan: StopPlan): void {
  const { logger, graceMs } = plan;
  const inFlight = () => plan.inFlight?.() ?? {};
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return void logger.info({ signal }, 'already shutting down');
    stopping = true;
    const started = Date.now();
    logger.info({ signal, graceMs, ...inFlight() }, `shutting down: finishing ${plan.finishing}`);
    // Not unref'd: the bound holds even when nothing else keeps the event loop turning while `stop` waits.
    const grace = setTimeout(() => {
      logger.error({ signal, graceMs, ...inFlight() }, 'shutdown grace period over: exiting with work still in flight');
      process.exit(1);
    }, graceMs);
    plan.stop().then(
      () => {
        clearTimeout(grace);
        logger.info({ signal, ms: Date.now() - started }, 'stopped: in-flight work finished, pools closed');
        process.exit(0);
      },
      (error: unknown) => {
        clearTimeout(grace);
        logger.error({ err: error, signal }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
}
