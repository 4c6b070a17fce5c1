import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { Migrator } from '@mikro-orm/migrations';
import { type Options, PostgreSqlDriver, defineConfig } from '@mikro-orm/postgresql';
import type { Migration } from '@mikro-orm/migrations';
import { tenantFilter } from './tenant-filter.js';

export interface MigrationEntry {
  name: string;
  class: new (...args: never[]) => Migration;
}

export interface OrmConfigInput {
  url: string;
  entities?: Options['entities'];
  migrations: MigrationEntry[];
  poolSize?: number;
  /** Postgres' statement_timeout on every connection of the pool (none when unset). */
  statementTimeoutMs?: number;
  debug?: boolean;
}

/** The one MikroORM configuration every process (api, worker, cli, tests) uses. */
export function ormConfig(input: OrmConfigInput): Options {
  return defineConfig({
    driver: PostgreSqlDriver,
    clientUrl: input.url,
    entities: input.entities ?? [],
    metadataProvider: ReflectMetadataProvider,
    extensions: [Migrator],
    filters: { tenant: tenantFilter },
    // Requests work on explicit forks (RequestContext.em); the global EM must never hold request state.
    allowGlobalContext: false,
    discovery: { warnWhenNoEntities: false },
    pool: { min: 0, max: input.poolSize ?? 10 },
    ...(input.statementTimeoutMs ? { driverOptions: { statement_timeout: input.statementTimeoutMs } } : {}),
    debug: input.debug ?? false,
    migrations: {
      // Explicit list: no glob discovery, so the same code runs from dist and under jest.
      migrationsList: input.migrations as never,
      snapshot: false,
      transactional: true,
      allOrNothing: true,
      tableName: 'mikro_orm_migrations',
      silent: true,
    },
  });
}
