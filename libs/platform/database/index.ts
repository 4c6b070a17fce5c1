export { BaseEntity, TenantEntity } from './base.entity.js';
export { insertRows } from './bulk-insert.js';
export { DatabaseModule, type DatabaseModuleOptions } from './database.module.js';
export { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres.js';
export { migrateDatabase } from './migrate.js';
export { openDatabase, type OpenDatabase } from './open-database.js';
export { SqlReader, preparedSql, type SqlStatement } from './sql-reader.js';
export { ormConfig, type MigrationEntry, type OrmConfigInput } from './orm-config.js';
export { TENANT_FILTER, forkForShop, type TenantFilterArgs } from './tenant-filter.js';
