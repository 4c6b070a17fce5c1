import { MikroORM } from '@mikro-orm/postgresql';
import { type MigrationEntry, ormConfig } from './orm-config.js';

/** Applies pending migrations; returns the names applied (empty when up to date). */
export async function migrateDatabase(orm: MikroORM): Promise<string[]> {
  const applied = await orm.migrator.up();
  return applied.map((m) => m.name);
}

/**
 * Migrates the database at `url` on a connection of its own, before the server's pools exist: those carry
 * the request statement timeout, which a long migration (an index on a large table) must not run into.
 */
export async function migrateDatabaseAt(url: string, migrations: MigrationEntry[]): Promise<string[]> {
  const orm = await MikroORM.init(ormConfig({ url, migrations, poolSize: 1 }));
  try {
    return await migrateDatabase(orm);
  } finally {
    await orm.close(true);
  }
}
