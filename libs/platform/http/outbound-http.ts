import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Readable, Transform } from 'node:stream';
import { METADATA_HOSTS, forbiddenAddress, literalAddress } from './address.rules.js';
import { OutboundRefusedError } from './outbound.errors.js';

/** Sent on every outbound call: whoever receives it can tell what called. */
export const PLATFORM_USER_AGENT = 'Platform/0.1 (self-hosted commerce platform; outbound)';

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** The most redirects a call follows (a caller may allow fewer). */
export const MAX_REDIRECTS = 5;
export interface OutboundLimits {
  connectTimeoutMs: number;
  timeoutMs: number;
  maxBytes: number;
}
export const DEFAULT_OUTBOUND_LIMITS: Readonly<OutboundLimits> = Object.freeze({ connectTimeoutMs: 5_000, timeoutMs: 30_000, maxBytes: 20 * 1024 * 1024 });

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Names to addresses; the system's resolver unless one is given (tests give answers of their own). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface OutboundHttpOptions {
  /** Host names that may resolve to private or loopback addresses (OUTBOUND_ALLOWED_PRIVATE_HOSTS). */
  allowedPrivateHosts?: readonly string[];
  resolver?: Resolver;
}

export interface OutboundRequest {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The most response body bytes read; more is TOO_LARGE. */
  maxBytes?: number;
  /** The whole call, redirects and body included. */
  timeoutMs?: number;
  /** Each connection's. */
  connectTimeoutMs?: number;
  /** At most MAX_REDIRECTS. */
  maxRedirects?: number;
  signal?: AbortSignal;
}

export interface OutboundResponse<Body> {
  status: number;
  headers: IncomingHttpHeaders;
  /** The URL that answered, after redirects. */
  url: string;
  redirects: number;
  body: Body;
}

/**
 * The one way the platform calls out (image downloads, webhook deliveries, key directories). A URL's host is
 * resolved once, every address it resolved to is checked (public unicast only: address.rules.ts), and the
 * connection goes to that checked address, so a DNS answer that changes after the check cannot send it elsewhere.
 * Redirects are followed here, each hop checked again. Time, connection time, body size and redirects are capped.
 */
export class OutboundHttp {
  private readonly allowed: ReadonlySet<string>;
  private readonly resolve: Resolver;

  constructor(options: OutboundHttpOptions = {}) {
    this.allowed = new Set((options.allowedPrivateHosts ?? []).map((host) => host.toLowerCase().replace(/\.$/, '')));
    this.resolve = options.resolver ?? systemResolver;
  }

  /** The response with its whole body (at most `maxBytes`). */
  async request(url: string, options: OutboundRequest = {}): Promise<OutboundResponse<Buffer>> {
    const response = await this.stream(url, options);
    const chunks: Buffer[] = [];
    for await (const chunk of response.body) chunks.push(chunk as Buffer);
    return { ...response, body: Buffer.concat(chunks) };
  }

  /** The response with its body as a stream, which fails with TOO_LARGE past `maxBytes` and TIMEOUT past the call's time. */
  async stream(url: string, options: OutboundRequest = {}): Promise<OutboundResponse<Readable>> {
    const limits = { ...DEFAULT_OUTBOUND_LIMITS, ...definedOf(options) };
    const maxRedirects = Math.min(Math.max(0, options.maxRedirects ?? MAX_REDIRECTS), MAX_REDIRECTS);
    const timeout = AbortSignal.timeout(limits.timeoutMs);
    const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
    let target = parseUrl(url);
    let method = options.method ?? 'GET';
    let body = options.body;
    for (let redirects = 0; ; redirects++) {
      const address = await this.checkedAddress(target);
      const response = await send(target, address, { method, headers: options.headers ?? {}, body, connectTimeoutMs: limits.connectTimeoutMs, signal, timeoutMs: limits.timeoutMs });
      const location = response.headers.location;
      if (!REDIRECTS.has(response.statusCode ?? 0) || !location) {
        return { status: response.statusCode!, headers: response.headers, url: target.href, redirects, body: bounded(response, target, limits.maxBytes, signal, limits.timeoutMs) };
      }
      response.resume();
      if (redirects >= maxRedirects) throw new OutboundRefusedError('TOO_MANY_REDIRECTS', `${url} redirected more than ${maxRedirects} times`);
      target = parseUrl(location, target);
      // As browsers do: 303 turns any method into GET, 301 and 302 turn POST into GET; 307 and 308 keep both.
      if (response.statusCode === 303 || ((response.statusCode === 301 || response.statusCode === 302) && method === 'POST')) {
        method = method === 'HEAD' ? 'HEAD' : 'GET';
        body = undefined;
      }
    }
  }

  // The one address to connect to: every address the host resolves to must be public, unless the host is allowed.
  private async checkedAddress(url: URL): Promise<ResolvedAddress> {
    const host = url.hostname.toLowerCase().replace(/\.$/, '');
    if (METADATA_HOSTS.has(host)) throw new OutboundRefusedError('PRIVATE_ADDRESS', `${url.origin} is a metadata service`);
    const literal = literalAddress(host);
    let addresses: ResolvedAddress[];
    if (literal) addresses = [{ address: literal, family: literal.includes(':') ? 6 : 4 }];
    else {
      try {
        addresses = await this.resolve(host);
      } catch (error) {
        throw new OutboundRefusedError('DNS', `${host} could not be resolved`, { cause: error });
      }
      if (addresses.length === 0) throw new OutboundRefusedError('DNS', `${host} has no address`);
    }
    if (!this.allowed.has(host)) {
      for (const { address } of addresses) {
        const why = forbiddenAddress(address);
        if (why) throw new OutboundRefusedError('PRIVATE_ADDRESS', `${url.origin} resolves to a ${why}, which outbound calls may not reach`);
      }
    }
    return addresses[0]!;
  }
}

async function systemResolver(hostname: string): Promise<ResolvedAddress[]> {
  const found = await dnsLookup(hostname, { all: true, verbatim: true });
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
}

function parseUrl(value: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    throw new OutboundRefusedError('BAD_URL', `${base ? 'A redirect' : 'The URL'} is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefusedError('BAD_SCHEME', `${url.protocol} URLs are not fetched: only http and https`);
  return url;
}

interface Sent {
  method: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  connectTimeoutMs: number;
  timeoutMs: number;
  signal: AbortSignal;
}

// One request to `address`, whatever `url`'s host resolves to now: the name stays in Host and in TLS (SNI and the
// certificate check), the connection goes to the address checked.
function send(url: URL, address: ResolvedAddress, sent: Sent): Promise<IncomingMessage> {
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (e: null, all: ResolvedAddress[]) => void)(null, [address]);
    else callback(null, address.address, address.family);
  };
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: sent.method,
      headers: { ...sent.headers, 'user-agent': PLATFORM_USER_AGENT, ...(sent.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(sent.body)) }) },
      lookup: pinned,
      // Pinned connections are never pooled: a pooled one could carry a later call to another address's name.
      agent: false,
      signal: sent.signal,
    });
    const connecting = setTimeout(() => request.destroy(new OutboundRefusedError('TIMEOUT', `${url.origin} did not accept a connection within ${sent.connectTimeoutMs} ms`)), sent.connectTimeoutMs);
    request.once('socket', (socket) => socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => clearTimeout(connecting)));
    request.once('response', (response) => {
      clearTimeout(connecting);
      resolve(response);
    });
    request.once('error', (error) => {
      clearTimeout(connecting);
      reject(outboundError(error, url, sent));
    });
    request.end(sent.body);
  });
}

function outboundError(error: unknown, url: URL, sent: Pick<Sent, 'signal' | 'timeoutMs'>): Error {
  if (error instanceof OutboundRefusedError) return error;
  if (sent.signal.aborted) return aborted(sent.signal, url, sent.timeoutMs);
  return new OutboundRefusedError('CONNECT', `${url.origin} could not be reached: ${(error as Error).message}`, { cause: error });
}

function aborted(signal: AbortSignal, url: URL, timeoutMs: number): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof DOMException && reason.name === 'TimeoutError') return new OutboundRefusedError('TIMEOUT', `${url.origin} took longer than ${timeoutMs} ms`);
  return reason instanceof Error ? reason : new Error(String(reason));
}

// The body, failing past `maxBytes` (at once when its Content-Length says so) or when the call's time is over.
function bounded(response: IncomingMessage, url: URL, maxBytes: number, signal: AbortSignal, timeoutMs: number): Readable {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    return Readable.from((async function* () {
      throw new OutboundRefusedError('TOO_LARGE', `The response is ${declared} bytes, over the ${maxBytes} allowed`);
    })());
  }
  let seen = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) return done(new OutboundRefusedError('TOO_LARGE', `The response is over the ${maxBytes} bytes allowed`));
      done(null, chunk);
    },
  });
  response.once('error', (error) => limit.destroy(signal.aborted ? aborted(signal, url, timeoutMs) : error));
  response.once('aborted', () => limit.destroy(signal.aborted ? aborted(signal, url, timeoutMs) : new Error('The response was cut short')));
  limit.once('close', () => response.destroy());
  return response.pipe(limit);
}

function definedOf(options: OutboundRequest): Partial<OutboundLimits> {
  const limits: Partial<OutboundLimits> = {};
  for (const key of ['connectTimeoutMs', 'timeoutMs', 'maxBytes'] as const) if (options[key] !== undefined) limits[key] = options[key];
  return limits;
}
