import type { NestFastifyApplication } from '@nestjs/platform-fastify';

export interface Sent {
  status: number;
  /** The status line's reason phrase. */
  statusMessage: string;
  headers: Record<string, string | string[] | number | undefined>;
  body: any;
  text: string;
}

/** Sends a request through Fastify's inject (no socket) and parses a JSON body when there is one. */
export async function send(
  app: NestFastifyApplication,
  options: { method?: string; url: string; host: string; headers?: Record<string, string>; body?: unknown; rawBody?: string },
): Promise<Sent> {
  const headers: Record<string, string> = { host: options.host, ...options.headers };
  let payload: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    payload = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await app.inject({ method: (options.method ?? 'GET') as 'GET', url: options.url, headers, payload });
  let body: unknown;
  try {
    body = response.body ? JSON.parse(response.body) : undefined;
  } catch {
    body = undefined;
  }
  return { status: response.statusCode, statusMessage: response.statusMessage, headers: response.headers, body, text: response.body };
}

export const VERSION = '2026-10';

export function storefrontQuery(app: NestFastifyApplication, host: string, query: string, headers: Record<string, string> = {}, extra: Record<string, unknown> = {}) {
  return send(app, { method: 'POST', url: `/api/${VERSION}/graphql.json`, host, headers, body: { query, ...extra } });
}

export function adminQuery(app: NestFastifyApplication, host: string, token: string | undefined, query: string, extra: Record<string, unknown> = {}) {
  const headers: Record<string, string> = token ? { 'x-platform-access-token': token } : {};
  return send(app, { method: 'POST', url: `/admin/api/${VERSION}/graphql.json`, host, headers, body: { query, ...extra } });
}
