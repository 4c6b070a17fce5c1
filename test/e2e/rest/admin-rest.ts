import pg from 'pg';
import { AuthService } from '@platform/auth';
import { type RequestContext, SystemContexts } from '@platform/request';
import { VERSION, type Sent, send } from '../../support/http.js';
import type { TestApp, TestShop } from '../../support/test-app.js';

// What the admin REST suites share: calls with a shop's admin token, tokens of narrower apps, a context for the
// factories and a Postgres client to read what a call wrote.

export type RestCall = (method: string, path: string, body?: unknown, options?: { token?: string | null; rawBody?: string }) => Promise<Sent>;

/** Calls `/admin/api/{VERSION}/<path>` on `shop` with its app's admin token (another token, or none with null). */
export function restClient(t: TestApp, shop: TestShop): RestCall {
  return (method, path, body, options = {}) => {
    const token = options.token === undefined ? shop.tokens.adminAccessToken : options.token;
    const headers: Record<string, string> = token === null ? {} : { 'x-platform-access-token': token };
    if (options.rawBody !== undefined) headers['content-type'] = 'application/json';
    return send(t.app, { method, url: path.startsWith('/') ? path : `/admin/api/${VERSION}/${path}`, host: shop.host, headers, body, rawBody: options.rawBody });
  };
}

/** The admin token of another app on `shop` holding only `scopes`. */
export async function adminTokenWith(t: TestApp, shop: TestShop, scopes: string): Promise<string> {
  return (await t.app.get(AuthService).installApp(shop.shop.id, `app with ${scopes}`, scopes)).adminAccessToken;
}

/** A context of `shop` for the test data factories. */
export function contextOf(t: TestApp, shop: TestShop): RequestContext {
  return t.app.get(SystemContexts).forShop(shop.shop);
}

export async function openDatabase(t: TestApp): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
  return client;
}

/** The `<url>` of a Link header's `rel`, as a path and query to send again, or undefined. */
export function linkTo(link: unknown, rel: 'next' | 'previous'): string | undefined {
  const target = new RegExp(`<([^>]+)>; rel="${rel}"`).exec(typeof link === 'string' ? link : '')?.[1];
  if (!target) return undefined;
  const url = new URL(target);
  return `${url.pathname}${url.search}`;
}

export const REST_LIMITS = { rest: { capacity: 100_000, leakPerSecond: 10_000 } };
