import { type DynamicModule, Module } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import { AppsRestApiModule } from '@platform/apps';
import { AuthModule } from '@platform/auth';
import { CartPagesApiModule, CartStorefrontApiModule } from '@platform/cart';
import { CatalogAdminApiModule, CatalogPagesApiModule, CatalogRestApiModule, CatalogStorefrontApiModule } from '@platform/catalog';
import { BuyerContextHook, CompaniesStorefrontApiModule } from '@platform/companies';
import { ContentStorefrontApiModule } from '@platform/content';
import { CustomersAdminApiModule, CustomersPagesApiModule, CustomersRestApiModule, CustomersStorefrontApiModule } from '@platform/customers';
import { LocalizationStorefrontApiModule } from '@platform/localization';
import { MediaAdminApiModule, MediaStorefrontApiModule } from '@platform/media';
import { MetafieldsAdminApiModule, MetafieldsStorefrontApiModule } from '@platform/metafields';
import { OrdersAdminApiModule, OrdersRestApiModule, OrdersStorefrontApiModule } from '@platform/orders';
import { PaymentsAdminApiModule, PaymentsRestApiModule } from '@platform/payments';
import { RiskAdminApiModule, RiskRestApiModule } from '@platform/risk';
import { type Clock, ClockModule } from '@platform/clock';
import { ConfigModule, type PlatformConfig } from '@platform/config';
import { DatabaseModule, REQUEST_STATEMENT_TIMEOUT_MS } from '@platform/database';
import { EventsModule } from '@platform/events';
import { GraphqlDocuments, GraphqlDocumentsModule, type GraphqlLimits, PlatformGraphqlDriver, type PlatformGraphqlOptions, complexityLimitHook, inContextHook, inputLimitsHook, withDeferDirective, withIdempotentDirective, withInContextDirective } from '@platform/graphql';
import { AdminNodeApiModule, AdminSchema, AdminTagsApiModule, StorefrontNodeApiModule, StorefrontSchema } from '@platform/graphql-types';
import { HealthModule } from '@platform/health';
import { MetricsModule } from '@platform/metrics';
import { TracingModule } from '@platform/tracing';
import { OutboundHttpModule } from '@platform/http';
import { type Logger, LoggingModule } from '@platform/logging';
import { QueueModule, type QueueOverrides } from '@platform/queue';
import { RedisModule } from '@platform/redis';
import { RequestModule } from '@platform/request';
import { RestModule } from '@platform/rest';
import { SearchStorefrontApiModule } from '@platform/search';
import { SeedModule } from '@platform/seed';
import { ShopAdminApiModule, ShopRestApiModule, ShopStorefrontApiModule } from '@platform/shop';
import { StorageModule } from '@platform/storage';
import { TenancyModule } from '@platform/tenancy';
import { AdminCostHook, BotProtectionHook, type LimitOverrides, RestThrottleStep, StorefrontThrottleStep, ThrottleModule } from '@platform/throttling';
import { MIGRATIONS } from '../../migrations/index.js';
import type { HttpTimeouts } from './http-timeouts.js';

export interface ApiRuntime {
  config: PlatformConfig;
  databaseUrl: string;
  logger: Logger;
  /** Prefix of every Redis key (queue and throttle buckets) instead of the installation's own; tests isolate themselves with it. */
  redisPrefix?: string;
  /** Rate-limit numbers to replace (tests shrink buckets); the checkout limit comes from config. */
  limits?: LimitOverrides;
  /** false leaves out the throttle steps: only the benchmark uses it, to measure what throttling costs. */
  throttling?: boolean;
  /** GraphQL document and execution limits to replace per surface (tests shrink them); defaults in docs/security.md. */
  graphqlLimits?: Partial<Record<'storefront' | 'admin_graphql', GraphqlLimits>>;
  /** How long a client may take to send a request, instead of HTTP_TIMEOUTS (tests shrink them). */
  httpTimeouts?: HttpTimeouts;
  /** Job queue settings to replace (tests shorten backoffs). */
  queues?: QueueOverrides;
  /** The clock rules and in-process buckets read; the system's by default (tests move a ManualClock). */
  clock?: Clock;
}

// Each surface's schema is built from the modules listed here, and only those.
const STOREFRONT_API_MODULES = [StorefrontSchema, StorefrontNodeApiModule, MetafieldsStorefrontApiModule, MediaStorefrontApiModule, ShopStorefrontApiModule, CatalogStorefrontApiModule, LocalizationStorefrontApiModule, CustomersStorefrontApiModule, CompaniesStorefrontApiModule, OrdersStorefrontApiModule, ContentStorefrontApiModule, SearchStorefrontApiModule, CartStorefrontApiModule];
export const ADMIN_GRAPHQL_MODULES = [AdminSchema, AdminNodeApiModule, AdminTagsApiModule, MetafieldsAdminApiModule, MediaAdminApiModule, ShopAdminApiModule, CatalogAdminApiModule, CustomersAdminApiModule, OrdersAdminApiModule, RiskAdminApiModule, PaymentsAdminApiModule];
// The OpenAPI document (GET /admin/api/{version}/openapi.json) describes the routes of these and of RestModule.
export const REST_MODULES = [ShopRestApiModule, AppsRestApiModule, CatalogRestApiModule, CustomersRestApiModule, OrdersRestApiModule, RiskRestApiModule, PaymentsRestApiModule];
// Pages the platform hosts for a shop's customers (the shop front `/`, `/account/…`, the checkout `/cart/c/…` and its
// payment schemas `/schemas/…`: the online_store surface): HTML (the schemas JSON), no version, no token.
const PAGE_MODULES = [CatalogPagesApiModule, CustomersPagesApiModule, CartPagesApiModule];

/** The HTTP process: storefront GraphQL, admin GraphQL, admin REST, health and stored files, on one Fastify server. */
@Module({})
export class ApiModule {
  static forRoot(runtime: ApiRuntime): DynamicModule {
    const { config, logger } = runtime;
    return {
      module: ApiModule,
      imports: [
        ConfigModule.forRoot(config),
        ClockModule.forRoot(runtime.clock),
        LoggingModule.forRoot(logger),
        DatabaseModule.forRoot({ url: runtime.databaseUrl, migrations: MIGRATIONS, statementTimeoutMs: REQUEST_STATEMENT_TIMEOUT_MS }),
        RedisModule.forRoot(config.redisUrl, runtime.redisPrefix),
        QueueModule.forRoot({ redisUrl: config.redisUrl, runsJobs: config.role === 'all', logger, bulkConcurrency: config.bulkConcurrency, queues: runtime.queues }),
        EventsModule,
        TenancyModule,
        AuthModule,
        ThrottleModule.forRoot({ checkoutCreationsPerMinute: config.checkoutCreationsPerMinute, ...runtime.limits }),
        RequestModule.forRoot(runtime.throttling === false ? [] : [RestThrottleStep, StorefrontThrottleStep]),
        RestModule,
        HealthModule,
        MetricsModule,
        TracingModule,
        StorageModule,
        GraphqlDocumentsModule,
        OutboundHttpModule,
        SeedModule,
        ...REST_MODULES,
        ...PAGE_MODULES,
        ...STOREFRONT_API_MODULES,
        ...ADMIN_GRAPHQL_MODULES,
        GraphQLModule.forRootAsync<PlatformGraphqlOptions>({
          driver: PlatformGraphqlDriver,
          // The buyer of @inContext(buyer:) is checked after the directive is read (companies' hook).
          imports: [CompaniesStorefrontApiModule],
          inject: [BuyerContextHook, BotProtectionHook, GraphqlDocuments],
          useFactory: (buyer: BuyerContextHook, bots: BotProtectionHook, documents: GraphqlDocuments) => ({
            surface: 'storefront',
            path: '/api/:version/graphql.json',
            autoSchemaFile: true,
            include: STOREFRONT_API_MODULES,
            transformSchema: (schema) => withDeferDirective(withInContextDirective(schema)),
            hooks: [inputLimitsHook, complexityLimitHook(), bots, inContextHook, buyer],
            limits: runtime.graphqlLimits?.storefront,
            logger,
            documents,
          }),
        }),
        adminGraphqlModule(runtime),
      ],
    };
  }
}

/**
 * The admin GraphQL API: its schema from ADMIN_GRAPHQL_MODULES, served on its route where there is an HTTP server,
 * and run through GraphqlDocuments everywhere (the worker runs bulk operations' queries with it). Needs
 * GraphqlDocumentsModule and ThrottleModule (the cost hook) imported beside it.
 */
export function adminGraphqlModule(runtime: Pick<ApiRuntime, 'logger' | 'graphqlLimits'>): DynamicModule {
  return GraphQLModule.forRootAsync<PlatformGraphqlOptions>({
    driver: PlatformGraphqlDriver,
    inject: [AdminCostHook, GraphqlDocuments],
    useFactory: (cost: AdminCostHook, documents: GraphqlDocuments) => ({
      surface: 'admin_graphql',
      path: '/admin/api/:version/graphql.json',
      autoSchemaFile: true,
      include: ADMIN_GRAPHQL_MODULES,
      transformSchema: withIdempotentDirective,
      hooks: [inputLimitsHook, cost],
      limits: runtime.graphqlLimits?.admin_graphql,
      logger: runtime.logger,
      documents,
    }),
  });
}
