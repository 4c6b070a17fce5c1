import { type OutboundRefusal, OutboundRefusedError } from './outbound.errors.js';

/**
 * The time one outbound call has, resolution, redirects and body included, joined with the caller's own signal. Every
 * failure of the call is explained here, so an error says TIMEOUT when the time ran out, whatever broke first.
 */
export class CallDeadline {
  readonly signal: AbortSignal;

  constructor(
    readonly ms: number,
    callerSignal?: AbortSignal,
  ) {
    const timeout = AbortSignal.timeout(ms);
    this.signal = callerSignal ? AbortSignal.any([timeout, callerSignal]) : timeout;
  }

  /** `work`, or this call's error when its time runs out (or the caller aborts) first. */
  within<T>(work: Promise<T>, url: URL): Promise<T> {
    if (this.signal.aborted) return Promise.reject(this.explain(this.signal.reason, url, 'TIMEOUT'));
    return new Promise<T>((resolve, reject) => {
      const abort = () => reject(this.explain(this.signal.reason, url, 'TIMEOUT'));
      this.signal.addEventListener('abort', abort, { once: true });
      work.then(resolve, reject).finally(() => this.signal.removeEventListener('abort', abort));
    });
  }

  /**
   * The error to report for `error`, met while calling `url`: a refusal as it is, the time running out as TIMEOUT, the
   * caller's abort as the caller's reason, anything else as `otherwise` naming the system's error code only (the
   * system's message names the address connected to).
   */
  explain(error: unknown, url: URL, otherwise: OutboundRefusal): Error {
    if (error instanceof OutboundRefusedError) return error;
    if (this.signal.aborted) {
      // By name, not class: a DOMException or an Error of another realm (a vm context) is no instance of this one's.
      const reason = this.signal.reason as { name?: unknown } | undefined;
      if (reason?.name === 'TimeoutError') return new OutboundRefusedError('TIMEOUT', `${url.origin} took longer than ${this.ms} ms`);
      return typeof reason === 'object' && reason !== null ? (reason as Error) : new Error(String(reason));
    }
    const code = (error as NodeJS.ErrnoException | undefined)?.code ?? 'no code';
    const message = otherwise === 'CUT_SHORT' ? `${url.origin} broke off its response (${code})` : `${url.origin} could not be reached (${code})`;
    return new OutboundRefusedError(otherwise, message, { cause: error });
  }
}
