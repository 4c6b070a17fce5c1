import pg from 'pg';
import { BACKGROUND, CACHE_FILL } from '@platform/database';

type StatementObserver = (text: string) => void;

const observers = new Set<StatementObserver>();
let patched = false;

// Every statement of the process reaches Postgres through node-postgres' Client#query: the ORM's (through its
// pool) and the SQL pool's alike. Patched once, on first use; it only reports to the current observers.
function patchClientQuery(): void {
  if (patched) return;
  patched = true;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (observers.size > 0) {
      const first = args[0] as string | { text?: string } | undefined;
      const text = typeof first === 'string' ? first : (first?.text ?? '');
      // What the process sends on its own timers (the event outbox sweeper) is not the code under test's.
      if (!text.startsWith(BACKGROUND)) for (const observe of observers) observe(text);
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
}

/** Calls `observer` with the text of every statement this process sends to Postgres, until the returned function is called. */
export function observeStatements(observer: StatementObserver): () => void {
  patchClientQuery();
  observers.add(observer);
  return () => observers.delete(observer);
}

/**
 * What `run` returns, with the text of every statement the process sent to Postgres meanwhile (ORM, SQL pool,
 * transactions), in order: the N+1 and column tests. The reads that fill the request pipeline's caches (shops,
 * tokens, markets: CACHE_FILL) come apart in `cacheFills`: which request pays one depends on when an entry
 * expired, so a count compared across requests leaves them out.
 */
export async function sqlDuring<T>(run: () => Promise<T>): Promise<{ result: T; statements: string[]; cacheFills: string[] }> {
  const statements: string[] = [];
  const cacheFills: string[] = [];
  const stop = observeStatements((text) => (text.startsWith(CACHE_FILL) ? cacheFills : statements).push(text));
  try {
    return { result: await run(), statements, cacheFills };
  } finally {
    stop();
  }
}
