import type { DynamicModule, Provider, Type } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { type Clock, ClockModule } from '@platform/clock';
import { ConfigModule, loadConfig } from '@platform/config';
import { DatabaseModule } from '@platform/database';
import { LoggingModule, createLogger } from '@platform/logging';
import { type RequestContext, SystemContextModule, SystemContexts } from '@platform/request';
import { ShopService, type ShopSnapshot, TenancyModule } from '@platform/tenancy';
import { MIGRATIONS } from '../../migrations/index.js';
import { cloneTestDatabase } from './test-database.js';

/** Contexts' modules on a fresh migrated database of their own, without the HTTP server (the integration tier). */
export interface ContextTestModule {
  moduleRef: TestingModule;
  databaseUrl: string;
  /** A new system context per use, as each request has its own (DataLoaders live for one request). */
  ctxOf(shop: ShopSnapshot): RequestContext;
  createShop(handle: string): Promise<ShopSnapshot>;
  close(): Promise<void>;
}

/** `clock`: the one the contexts read (the system's unless given; tests move a ManualClock instead of sleeping). */
export async function createContextTestModule(
  imports: (Type<unknown> | DynamicModule)[],
  providers: Provider[] = [],
  options: { clock?: Clock } = {},
): Promise<ContextTestModule> {
  const database = await cloneTestDatabase();
  const moduleRef = await Test.createTestingModule({
    imports: [
      ConfigModule.forRoot(loadConfig({})),
      ClockModule.forRoot(options.clock),
      LoggingModule.forRoot(createLogger('silent')),
      DatabaseModule.forRoot({ url: database.url, migrations: MIGRATIONS, poolSize: 4 }),
      TenancyModule,
      SystemContextModule,
      ...imports,
    ],
    providers,
  }).compile();
  // As the app starts: event subscribers register, job processors and handlers are found.
  await moduleRef.init();
  return {
    moduleRef,
    databaseUrl: database.url,
    ctxOf: (shop) => moduleRef.get(SystemContexts).forShop(shop),
    createShop: (handle) => moduleRef.get(ShopService).create({ handle }),
    async close() {
      await moduleRef.close();
      await database.drop();
    },
  };
}
