import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import type { EntityName } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { type MigrationEntry, ormConfig } from './orm-config.js';
import { SqlPool } from './sql-pool.js';

export interface DatabaseModuleOptions {
  url: string;
  migrations: MigrationEntry[];
  /** Connections of the one pool the ORM and raw SQL share (20: what two pools of 10 held before; docs/performance.md). */
  poolSize?: number;
  /** Postgres' statement_timeout on the pool (the HTTP server's bound on any one statement). */
  statementTimeoutMs?: number;
}

const DEFAULT_POOL_SIZE = 20;

/** What one statement of a request may take: the GraphQL execution deadline (docs/security.md). */
export const REQUEST_STATEMENT_TIMEOUT_MS = 10_000;

@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(SqlPool) private readonly pool: SqlPool) {}

  /** The ORM for the whole process (entities come from each context's `forFeature`), and the SQL pool. */
  static forRoot(options: DatabaseModuleOptions): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      imports: [
        // MikroORM's core module is global: the ORM and EntityManager are injectable everywhere.
        MikroOrmModule.forRoot({
          ...ormConfig({ ...options, poolSize: options.poolSize ?? DEFAULT_POOL_SIZE }),
          autoLoadEntities: true,
          // Requests carry their own fork in RequestContext.em; no global middleware.
          registerRequestContext: false,
        }),
      ],
      providers: [{ provide: SqlPool, inject: [MikroORM], useFactory: (orm: MikroORM) => SqlPool.onOrm(orm.em) }],
      exports: [SqlPool],
    };
  }

  /** Registers a context's entities (and makes their repositories injectable inside it). */
  static forFeature(entities: EntityName[]): DynamicModule {
    return MikroOrmModule.forFeature(entities as never);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.close();
  }
}
