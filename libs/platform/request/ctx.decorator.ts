import { type ExecutionContext, createParamDecorator } from '@nestjs/common';
import { Args, type ArgsOptions } from '@nestjs/graphql';
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

// Where Nest keeps a method's parameter decorators; with none, it binds a field resolver directly.
const PARAM_ARGS_METADATA = '__routeArguments__';

/**
 * `@Args()` for hot field resolvers that take graphql-js' own `(parent, args, { ctx }, info)`: declares the
 * schema's arguments as `@Args()` does, but leaves no Nest parameter behind, so Nest binds the method directly
 * (no execution context, pipes or promise per call). `args` arrives as graphql-js gives it: use it only with
 * argument classes whose property names are the schema's names.
 */
export function FieldArgs(): ParameterDecorator;
export function FieldArgs(property: string, options?: ArgsOptions): ParameterDecorator;
export function FieldArgs(property?: string, options: ArgsOptions = {}): ParameterDecorator {
  const declare: ParameterDecorator = property === undefined ? Args() : Args(property, options);
  return (target, key, index) => {
    const before: unknown = Reflect.getMetadata(PARAM_ARGS_METADATA, target.constructor, key!);
    declare(target, key, index);
    if (before === undefined) Reflect.deleteMetadata(PARAM_ARGS_METADATA, target.constructor, key!);
    else Reflect.defineMetadata(PARAM_ARGS_METADATA, before, target.constructor, key!);
  };
}

/** The RequestContext of the current request, in resolvers and controllers alike. */
export const Ctx = createParamDecorator((_data: unknown, execution: ExecutionContext): RequestContext => {
  if (execution.getType<string>() === 'graphql') {
    return (execution.getArgs()[2] as GraphqlContextValue).ctx;
  }
  const ctx = execution.switchToHttp().getRequest<FastifyRequest>().platform;
  if (!ctx) throw new Error('No request context: route is outside the API pipeline');
  return ctx;
});
