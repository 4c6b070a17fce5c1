import pg from 'pg';

type StatementObserver = (text: string) => void;

const observers = new Set<StatementObserver>();
let patched = false;

// Every statement of the process reaches Postgres through node-postgres' Client#query: the ORM's (through its
// pool) and the SQL reader's alike. Patched once, on first use; it only reports to the current observers.
function patchClientQuery(): void {
  if (patched) return;
  patched = true;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (observers.size > 0) {
      const first = args[0] as string | { text?: string } | undefined;
      const text = typeof first === 'string' ? first : (first?.text ?? '');
      // What the process sends on its own timers (the event outbox sweeper) is not the code under test's.
      if (!text.startsWith('/* background */')) for (const observe of observers) observe(text);
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
 * What `run` returns, with the text of every statement the process sent to Postgres meanwhile (ORM, SQL reader,
 * transactions), in order: the N+1 and column tests. Caches the request pipeline reads through (shops, tokens,
 * markets) can add their statements to a first request; warm them first where a test counts exactly.
 */
export async function sqlDuring<T>(run: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const stop = observeStatements((text) => statements.push(text));
  try {
    return { result: await run(), statements };
  } finally {
    stop();
  }
}
