/**
 * The three APIs, and the online store's few pages the platform hosts itself (the shop front, account activation,
 * the checkout); each has one pipeline and one error shape (the pages' is an HTML page).
 */
export type Surface = 'storefront' | 'admin_graphql' | 'admin_rest' | 'online_store';

export interface RouteTarget {
  surface: Surface;
  version: string;
}

// An empty version segment (`/admin/api//shop.json`) is an API path with an unsupported version.
const STOREFRONT = /^\/api\/([^/]*)\/graphql\.json$/;
const ADMIN_GRAPHQL = /^\/admin\/api\/([^/]*)\/graphql\.json$/;
const ADMIN_REST = /^\/admin\/api\/([^/]*)\/.+$/;
// Hosted pages have no version: the link in an email must keep working whatever the API's versions become.
// The checkout (`/cart/c/…`), its payment handler's schemas (`/schemas/…`) and the shop front (`/`) are hosted pages too.
const ONLINE_STORE = /^\/((account|cart|schemas)\/|$)/;

/**
 * Which surface and version a request addresses, from the route Fastify matched: its pattern gives the
 * surface and its decoded `version` parameter the version, exactly what the handler will see. A request
 * no route matched is classified by its path (it gets the surface's 401 or 404).
 */
export function requestTarget(request: { url: string; routeOptions?: { url?: string }; params?: unknown }): RouteTarget | null {
  const pattern = request.routeOptions?.url;
  if (pattern === undefined) return routeTarget(request.url);
  const matched = routeTarget(pattern);
  if (!matched) return null;
  if (matched.surface === 'online_store') return matched;
  // Fastify matches an empty segment (`/api//graphql.json`) and decodes escapes (`graphql%2Ejson`), which
  // the raw path does not show; the route's parameter is what the handler serves.
  const version = (request.params as { version?: unknown } | undefined)?.version;
  return { surface: matched.surface, version: typeof version === 'string' ? version : '' };
}

/** Which surface and version a request path addresses, or null for paths outside the APIs (e.g. /healthz). */
export function routeTarget(url: string): RouteTarget | null {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  let m = STOREFRONT.exec(path);
  if (m) return { surface: 'storefront', version: m[1] };
  m = ADMIN_GRAPHQL.exec(path);
  if (m) return { surface: 'admin_graphql', version: m[1] };
  m = ADMIN_REST.exec(path);
  if (m) return { surface: 'admin_rest', version: m[1] };
  if (ONLINE_STORE.test(path)) return { surface: 'online_store', version: '' };
  return null;
}

export function isGraphqlSurface(surface: Surface | 'system' | undefined): boolean {
  return surface === 'storefront' || surface === 'admin_graphql';
}
