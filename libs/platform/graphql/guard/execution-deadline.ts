import { GraphQLError } from 'graphql';
import { type GraphqlContextValue, type RequestContext, isPromiseLike } from '@platform/request';

/** What one execution may take once it runs (docs/security.md). */
export interface ExecutionLimits {
  /** Wall time from the start of execution to the answer. */
  readonly timeoutMs: number;
  /** Bytes of the serialized response. */
  readonly maxResponseBytes: number;
}

export const DEFAULT_EXECUTION_LIMITS: ExecutionLimits = Object.freeze({ timeoutMs: 10_000, maxResponseBytes: 16 * 1024 * 1024 });

export const EXPIRED: unique symbol = Symbol('expired');

/**
 * The deadline of one execution. When it passes, the answer goes out at once (`race`), graphql-js stops
 * resolving (its abort signal), every resolver that still asks for the request context gets an error instead, so a
 * compiled operation also stops issuing work, and `onExpiry` runs (the executor abandons the request's writes: a
 * resolver already holding the context cannot commit after the TIMEOUT answer). Statements already sent end by
 * Postgres' statement_timeout.
 */
export class ExecutionDeadline {
  private readonly controller = new AbortController();
  private readonly expired: Promise<typeof EXPIRED>;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly timeoutMs: number,
    onExpiry: () => void = () => undefined,
  ) {
    this.expired = new Promise((resolve) => {
      this.timer = setTimeout(() => {
        onExpiry();
        resolve(EXPIRED);
        this.controller.abort(timeoutError(timeoutMs));
      }, timeoutMs);
    });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The resolvers' context value: the request context until the deadline, an error after it. */
  contextValue(ctx: RequestContext): GraphqlContextValue {
    const signal = this.controller.signal;
    return {
      get ctx() {
        if (signal.aborted) throw signal.reason;
        return ctx;
      },
    };
  }

  /** The work's result, or EXPIRED when the deadline comes first (the work's later failure is ignored). */
  async race<T>(work: T | Promise<T>): Promise<T | typeof EXPIRED> {
    if (!isPromiseLike(work)) return work;
    const signal = this.controller.signal;
    // graphql-js rejects its result when aborted: that is the deadline, not a failure.
    const settled = Promise.resolve(work).then(
      (value): T | typeof EXPIRED => value,
      (error: unknown): typeof EXPIRED => {
        if (signal.aborted) return EXPIRED;
        throw error;
      },
    );
    return Promise.race([settled, this.expired]);
  }

  clear(): void {
    clearTimeout(this.timer);
  }

  get error(): GraphQLError {
    return timeoutError(this.timeoutMs);
  }
}

function timeoutError(timeoutMs: number): GraphQLError {
  return new GraphQLError(`Timeout: the query ran longer than ${timeoutMs} ms and was stopped. Ask for fewer objects per request.`, {
    extensions: { code: 'TIMEOUT', timeoutMs },
  });
}

/** The answer when a response would exceed the cap (`bytes`: at least that many, counted until past the cap). */
export function responseTooLarge(bytes: number, max: number): GraphQLError {
  return new GraphQLError(`Response of at least ${bytes} bytes exceeds the maximum of ${max} bytes. Ask for fewer objects per request.`, {
    extensions: { code: 'MAX_RESPONSE_SIZE_EXCEEDED', size: bytes, maxSize: max },
  });
}
