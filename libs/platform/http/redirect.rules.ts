/** One request of a call: the first, or the one a redirect asked for. */
export interface Hop {
  method: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  body?: string | Buffer;
}

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
// What a body's headers say about the body, dropped with it.
const BODY_HEADERS = ['content-type', 'content-encoding', 'content-language', 'content-location'];
// Credentials for one origin are not handed to another (fetch drops Authorization the same way).
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];
// Set by the client alone: Host and the body's length must be what is sent, and the User-Agent names the platform.
const CLIENT_HEADERS = ['host', 'user-agent', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'te', 'trailer'];

/** The caller's headers with lower-case names, without those the client sets itself. */
export function callerHeaders(headers: Record<string, string> = {}): Record<string, string> {
  return without(Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value])), CLIENT_HEADERS);
}

/** Where a response redirects to, or null when it is no redirect (another status, or no Location). */
export function redirectLocation(status: number, location: string | undefined): string | null {
  return REDIRECT_STATUSES.has(status) && location ? location : null;
}

/**
 * The request a redirect asks for. As fetch does: 303 turns any method but HEAD into a GET and 301/302 turn a POST into
 * one, without the body; 307 and 308 keep both. Another origin (scheme, host or port) gets no credentials.
 */
export function hopAfterRedirect(status: number, hop: Hop, from: URL, to: URL): Hop {
  let next = hop;
  if ((status === 303 && hop.method !== 'GET' && hop.method !== 'HEAD') || ((status === 301 || status === 302) && hop.method === 'POST')) {
    next = { method: 'GET', headers: without(hop.headers, BODY_HEADERS) };
  }
  if (from.origin !== to.origin) next = { ...next, headers: without(next.headers, CREDENTIAL_HEADERS) };
  return next;
}

function without(headers: Record<string, string>, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !names.includes(name)));
}
