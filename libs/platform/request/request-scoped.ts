import type { RequestContext } from './request-context.js';

const scopes = new WeakMap<RequestContext, Map<unknown, unknown>>();

/**
 * One value per request and key (DataLoaders, memoised lookups), created on first use and dropped with
 * the request: nothing leaks between requests or tenants.
 */
export function requestScoped<T>(ctx: RequestContext, key: unknown, create: () => T): T {
  let scope = scopes.get(ctx);
  if (!scope) {
    scope = new Map();
    scopes.set(ctx, scope);
  }
  if (!scope.has(key)) scope.set(key, create());
  return scope.get(key) as T;
}
