import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import type { EntityName } from '@mikro-orm/core';
import { type MigrationEntry, ormConfig } from './orm-config.js';
import { SqlPool } from './sql-pool.js';

export interface DatabaseModuleOptions {
  url: string;
  migrations: MigrationEntry[];
  poolSize?: number;
  /** Postgres' statement_timeout on both pools (the HTTP server's bound on any one statement). */
  statementTimeoutMs?: number;
}

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
          ...ormConfig(options),
          autoLoadEntities: true,
          // Requests carry their own fork in RequestContext.em; no global middleware.
          registerRequestContext: false,
        }),
      ],
      providers: [{ provide: SqlPool, useFactory: () => new SqlPool(options.url, options.poolSize ?? 10, options.statementTimeoutMs) }],
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
