import type { PlatformConfig } from '@platform/config';
import { startEmbeddedPostgres } from './embedded-postgres.mjs';

export interface OpenDatabase {
  url: string;
  embedded: boolean;
  /** Where the embedded cluster's files are, and why when that is not under DATA_DIR (for the start log). */
  embeddedAt?: { clusterDir: string; notices: string[] };
  close(): Promise<void>;
}

/**
 * DATABASE_URL when set; otherwise the embedded Postgres under DATA_DIR (single machine only). Fails with an
 * EmbeddedPostgresError whose one-line message says what to do.
 */
export async function openDatabase(config: PlatformConfig): Promise<OpenDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: false, close: async () => undefined };
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPostgresPort });
  return {
    url: embedded.url,
    embedded: true,
    embeddedAt: { clusterDir: embedded.clusterDir, notices: embedded.notices },
    close: () => embedded.stop(),
  };
}
