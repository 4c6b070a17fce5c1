import type { MikroORM } from '@mikro-orm/core';

/** Applies pending migrations; returns the names applied (empty when up to date). */
export async function migrateDatabase(orm: MikroORM): Promise<string[]> {
  const applied = await orm.migrator.up();
  return applied.map((m) => m.name);
}
