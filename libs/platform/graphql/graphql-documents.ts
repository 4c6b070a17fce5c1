import { Global, Injectable, Module } from '@nestjs/common';
import { type RequestContext, type Surface, onSurface } from '@platform/request';
import type { GraphqlExecutor, GraphqlResponse } from './graphql-executor.js';

type GraphqlSurface = Extract<Surface, 'storefront' | 'admin_graphql'>;

/**
 * The GraphQL surfaces this process built, to run documents outside HTTP: a job runs a bulk operation's query as
 * the app that asked for it, through the same executor, access checks, limits and cost as a request. Every process
 * that imports a surface's GraphQLModule with PlatformGraphqlDriver has it, the worker included.
 */
@Injectable()
export class GraphqlDocuments {
  private readonly executors = new Map<GraphqlSurface, GraphqlExecutor>();

  register(surface: GraphqlSurface, executor: GraphqlExecutor): void {
    this.executors.set(surface, executor);
  }

  /** Runs `query` on `surface` as `ctx` (its caller's scopes decide what it may read); the body a POST would get. */
  async run(ctx: RequestContext, surface: GraphqlSurface, query: string, variables: Record<string, unknown> = {}): Promise<GraphqlResponse['body']> {
    const executor = this.executors.get(surface);
    if (!executor) throw new Error(`This process builds no ${surface} GraphQL API`);
    const response = await executor.run(onSurface(ctx, surface), { query, variables }, {});
    if (response.stream) throw new Error('@defer is for HTTP clients: a document run here must not use it');
    return response.body;
  }
}

/** Import it (once, globally) where documents are run outside HTTP and where the GraphQL modules are built. */
@Global()
@Module({ providers: [GraphqlDocuments], exports: [GraphqlDocuments] })
export class GraphqlDocumentsModule {}
