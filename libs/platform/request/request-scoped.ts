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
  let value = scope.get(key) as T | undefined;
  if (value === undefined && !scope.has(key)) {
    value = create();
    scope.set(key, value);
  }
  return value as T;
}
