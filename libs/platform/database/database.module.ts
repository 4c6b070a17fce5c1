import { type DynamicModule, Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import type { EntityName } from '@mikro-orm/core';
import { type MigrationEntry, ormConfig } from './orm-config.js';

export interface DatabaseModuleOptions {
  url: string;
  migrations: MigrationEntry[];
  poolSize?: number;
}

@Module({})
export class DatabaseModule {
  /** The ORM for the whole process; entities come from each context's `forFeature`. */
  static forRoot(options: DatabaseModuleOptions): DynamicModule {
    // MikroORM's core module is global: the ORM and EntityManager are injectable everywhere.
    return MikroOrmModule.forRoot({
      ...ormConfig(options),
      autoLoadEntities: true,
      // Requests carry their own fork in RequestContext.em; no global middleware.
      registerRequestContext: false,
    }) as DynamicModule;
  }

  /** Registers a context's entities (and makes their repositories injectable inside it). */
  static forFeature(entities: EntityName[]): DynamicModule {
    return MikroOrmModule.forFeature(entities as never);
  }
}
