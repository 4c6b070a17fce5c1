import type { ServerOptions } from 'node:http';

/** How long a client may take to send a request (docs/security.md, Limits). */
export interface HttpTimeouts {
  /** The whole request, headers and body (Node's `requestTimeout`): a body sent slowly is cut here with a 408. */
  requestMs: number;
  /** The headers alone (Node's `headersTimeout`); at most `requestMs`. */
  headersMs: number;
  /** How often Node looks for requests past those bounds: its default, 30 s, lets one overstay by as much. */
  checkEveryMs: number;
}

// 30 s lets a 2 MiB body (the body limit) arrive at 70 KB/s; real bodies are a few KB. Fastify's default was no
// bound at all. Keep-alive between requests stays Fastify's 72 s.
export const HTTP_TIMEOUTS: Readonly<HttpTimeouts> = Object.freeze({ requestMs: 30_000, headersMs: 20_000, checkEveryMs: 1_000 });

/** The Fastify server options that apply them (Fastify sets `requestTimeout` on the server it creates). */
export function httpTimeoutOptions(timeouts: HttpTimeouts): { requestTimeout: number; http: ServerOptions } {
  return {
    requestTimeout: timeouts.requestMs,
    http: { requestTimeout: timeouts.requestMs, headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkEveryMs },
  };
}
