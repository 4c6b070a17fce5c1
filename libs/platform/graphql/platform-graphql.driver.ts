import { Inject, Injectable, Optional } from '@nestjs/common';
import { AbstractGraphQLDriver, type GqlModuleOptions } from '@nestjs/graphql';
import { Readable } from 'node:stream';
import { assertValidSchema, type GraphQLSchema } from 'graphql';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from '@platform/logging';
import { PlatformMetrics } from '@platform/metrics';
import { inSpan } from '@platform/tracing';
import { type Surface, replyStatus } from '@platform/request';
import { enforceDeclaredAccess } from './access/declared-access.js';
import { enforceListBounds } from './cost/list-bounds.js';
import { MULTIPART_CONTENT_TYPE, multipartChunks } from './defer/multipart.js';
import { GraphqlExecutor, type GraphqlLimits } from './graphql-executor.js';
import type { GraphqlDocuments } from './graphql-documents.js';
import type { GraphqlHook } from './graphql-hooks.js';

export interface PlatformGraphqlOptions extends GqlModuleOptions {
  surface: Extract<Surface, 'storefront' | 'admin_graphql'>;
  /** Fastify route, e.g. `/api/:version/graphql.json`. */
  path: string;
  hooks: GraphqlHook[];
  /** Limits on documents and execution; each unset one keeps its documented default (docs/security.md). */
  limits?: GraphqlLimits;
  logger: Logger;
  /** Where the surface's executor is registered for documents run outside HTTP (jobs). */
  documents?: GraphqlDocuments;
}

const ALL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

type GraphqlSurface = PlatformGraphqlOptions['surface'];
const served = new WeakMap<FastifyInstance, Map<GraphqlSurface, GraphQLSchema>>();

function serve(fastify: FastifyInstance, surface: GraphqlSurface, schema: GraphQLSchema): void {
  const schemas = served.get(fastify) ?? new Map<GraphqlSurface, GraphQLSchema>();
  schemas.set(surface, schema);
  served.set(fastify, schemas);
}

/** The schema a server serves on a surface, as executed (tests enumerate its fields). */
export function servedSchema(fastify: FastifyInstance, surface: GraphqlSurface): GraphQLSchema {
  const schema = served.get(fastify)?.get(surface);
  if (!schema) throw new Error(`This server serves no ${surface} GraphQL API`);
  return schema;
}

/**
 * Serves a Nest-built schema on our own Fastify route with graphql-js (see docs/decisions.md):
 * the request pipeline has already resolved shop, version and credentials.
 */
@Injectable()
export class PlatformGraphqlDriver extends AbstractGraphQLDriver<PlatformGraphqlOptions> {
  private executor?: { schema: GraphQLSchema; run: GraphqlExecutor };
  // Errors by code and query cost, where the process keeps metrics (the api app).
  @Optional() @Inject(PlatformMetrics) private readonly metrics?: PlatformMetrics;

  // Called in every process that imports the module (start only where there is an HTTP server): the executor is
  // made here, so a process without HTTP (the worker) runs documents through GraphqlDocuments too.
  override async generateSchema(options: PlatformGraphqlOptions) {
    // Nest shares one registry of referenced types between GraphQLModule instances; without a reset the
    // second surface's schema would also carry the first one's types (two `Shop`s).
    resetSharedTypeRegistry(this.graphQlFactory);
    // Nest checks a schema by running the whole introspection query over it (a quarter of a second a surface at
    // every boot); graphql-js' own validation of the final schema finds the same faults.
    const built = await super.generateSchema({ ...options, buildSchemaOptions: { ...options.buildSchemaOptions, skipCheck: true } });
    if (!built) throw new Error(`No schema was built for the ${options.surface} GraphQL API`);
    assertValidSchema(built);
    const { logger, surface } = options;
    const schema = enforceListBounds(enforceDeclaredAccess(built));
    const run = new GraphqlExecutor(schema, options.hooks, (err) => logger.error({ err, surface }, 'GraphQL resolver failed'), options.limits);
    this.executor = { schema, run };
    options.documents?.register(surface, run);
    return built;
  }

  override async start(options: PlatformGraphqlOptions): Promise<void> {
    const { surface } = options;
    if (!this.executor) throw new Error(`No schema was built for the ${surface} GraphQL API`);
    const { schema, run: executor } = this.executor;
    const fastify = this.httpAdapterHost.httpAdapter.getInstance<FastifyInstance>();
    serve(fastify, surface, schema);
    fastify.route({
      method: [...ALL_METHODS],
      url: options.path,
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        // The pipeline answered already for anything but an authenticated POST.
        const ctx = request.platform!;
        const response = await inSpan('graphql.execute', request.trace?.context, () => executor.run(ctx, request.body, request.headers), { attributes: { 'graphql.surface': surface } });
        this.metrics?.graphql(surface, response.body);
        if (response.stream) {
          return reply.code(200).header('content-type', MULTIPART_CONTENT_TYPE).send(Readable.from(multipartChunks(response.stream)));
        }
        const sent = replyStatus(reply, response.status).headers(response.headers);
        return response.text === undefined ? sent.send(response.body) : sent.type('application/json; charset=utf-8').send(response.text);
      },
    });
  }

  override async stop(): Promise<void> {}

  // Our route is registered as given; Nest's global prefix does not apply.
  override async mergeDefaultOptions(options: PlatformGraphqlOptions): Promise<PlatformGraphqlOptions> {
    return options;
  }
}

function resetSharedTypeRegistry(factory: unknown): void {
  const registry = (factory as any)?.gqlSchemaBuilder?.gqlSchemaFactory?.orphanedTypesFactory?.orphanedReferenceRegistry?.registry;
  if (!(registry instanceof Set)) throw new Error('@nestjs/graphql internals changed: cannot isolate the schemas of the two surfaces');
  registry.clear();
}
