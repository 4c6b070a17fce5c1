import type { INestApplicationContext } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { PLATFORM_CONFIG, type PlatformConfig } from '@platform/config';
import type { FastifyInstance } from 'fastify';
import { servedSchema, versionedSdl } from '@platform/graphql';
import { LOGGER, type Logger } from '@platform/logging';
import { createApiApp } from '../api/create-api-app.js';

/** The CLI's names of the GraphQL surfaces. */
export const SCHEMA_SURFACES = { storefront: 'storefront', admin: 'admin_graphql' } as const;

/**
 * A surface's SDL as `version` serves it: the api app is built (as `npm start` builds it, without listening and
 * without running jobs) and its schema printed, so the SDL is the code's, exactly what `schema/` must hold.
 */
export async function schemaSdl(cli: INestApplicationContext, surface: keyof typeof SCHEMA_SURFACES, version: string): Promise<string> {
  const config = cli.get<PlatformConfig>(PLATFORM_CONFIG);
  const databaseUrl = cli.get(MikroORM).config.get('clientUrl') as string;
  const api = await createApiApp({ config: { ...config, role: 'api' }, databaseUrl, logger: cli.get<Logger>(LOGGER) });
  try {
    const fastify = api.getHttpAdapter().getInstance() as unknown as FastifyInstance;
    return versionedSdl(servedSchema(fastify, SCHEMA_SURFACES[surface]), SCHEMA_SURFACES[surface], version);
  } finally {
    await api.close();
  }
}
