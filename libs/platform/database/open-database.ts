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
  const embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPostgresPort);
  return { url: embedded.url, embedded: true, close: () => embedded.stop() };
}
