import { randomBytes } from 'node:crypto';
import { type SqlPool, preparedSql } from './sql-pool.js';

// A key of the installation (not of a shop): written once, the first process to need it winning the insert, and
// read by every process after, so all sign and check alike.
const INSTALLATION_SECRET = preparedSql(`with created as (
    insert into installation_secrets (name, value) values ($1, $2) on conflict (name) do nothing returning value)
  select value from created union all select value from installation_secrets where name = $1 limit 1`);

/** The installation's secret named `name`: `bytes` random bytes made the first time any process asks. */
export async function installationSecret(sql: SqlPool, name: string, bytes: number): Promise<Buffer> {
  const [row] = await sql.unscoped<{ value: Buffer }>(INSTALLATION_SECRET, [name, randomBytes(bytes)]);
  if (!row) throw new Error(`the installation secret ${name} could not be stored or read`);
  return row.value;
}
