import type { PlatformConfig } from '@platform/config';
import { startEmbeddedPostgres } from './embedded-postgres.js';

export interface OpenDatabase {
  url: string;
  embedded: boolean;
  close(): Promise<void>;
}

/** DATABASE_URL when set; otherwise the embedded Postgres under DATA_DIR (single machine only). */
export async function openDatabase(config: PlatformConfig): Promise<OpenDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: false, close: async () => undefined };
  let embedded;
  try {
    embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPostgresPort);
  } catch (error) {
    // embedded-postgres rejects with little detail (often `undefined`); say what to check.
    throw new Error(
      `Could not start the embedded Postgres under ${config.dataDir} on port ${config.embeddedPostgresPort}: ` +
        `${error instanceof Error ? error.message : String(error ?? 'no detail')}. Is another platform process using this ` +
        'data directory? Stop it, or set DATABASE_URL so several processes share one Postgres server.',
    );
  }
  return { url: embedded.url, embedded: true, close: () => embedded.stop() };
}
