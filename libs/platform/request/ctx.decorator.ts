import { type ExecutionContext, createParamDecorator } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { RequestContext } from './request-context.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the request pipeline on API routes. */
    platform?: RequestContext;
  }
}

/** Resolvers receive `{ ctx }` as GraphQL context value; controllers the Fastify request. */
export interface GraphqlContextValue {
  ctx: RequestContext;
}

/**
 * The arguments of a field that takes none. Hot field resolvers without arguments take graphql-js' own
 * `(parent, args, { ctx })` instead of `@Parent()`/`@Ctx()`: Nest then binds the method directly rather
 * than building an execution context on every call (docs/performance.md).
 */
export type NoArgs = Record<string, never>;

/** The RequestContext of the current request, in resolvers and controllers alike. */
export const Ctx = createParamDecorator((_data: unknown, execution: ExecutionContext): RequestContext => {
  if (execution.getType<string>() === 'graphql') {
    return (execution.getArgs()[2] as GraphqlContextValue).ctx;
  }
  const ctx = execution.switchToHttp().getRequest<FastifyRequest>().platform;
  if (!ctx) throw new Error('No request context: route is outside the API pipeline');
  return ctx;
});
