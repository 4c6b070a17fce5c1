import { createHash } from 'node:crypto';
import type { SqlPool } from './sql-pool.js';

// The cluster's identifier (set by initdb, the same from every host name and machine that reaches it) and the
// database's name: one installation's identity, different for another database on the same or another server.
const IDENTITY_SQL = { name: 'platform_installation_id', text: 'SELECT system_identifier::text AS cluster, current_database() AS database FROM pg_control_system()' };

/** 12 hex characters naming the installation (this database), the same for every process that connects to it. */
export async function readInstallationId(sql: SqlPool): Promise<string> {
  const [row] = await sql.unscoped<{ cluster: string; database: string }>(IDENTITY_SQL, []);
  if (!row?.cluster) throw new Error('could not read the database identity (pg_control_system)');
  return createHash('sha256').update(`${row.cluster}/${row.database}`).digest('hex').slice(0, 12);
}
