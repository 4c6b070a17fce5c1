import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SqlReader } from '@platform/database';

/** What `run` returns, with the text of every SqlReader statement the app ran meanwhile (the N+1 and column tests). */
export async function sqlDuring<T>(app: NestFastifyApplication, run: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const stop = app.get(SqlReader).observe((statement) => statements.push(statement.text));
  try {
    return { result: await run(), statements };
  } finally {
    stop();
  }
}
