import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { METADATA_HOSTS, forbiddenAddress, hostOf, literalAddress, outboundUrl } from './address.rules.js';
import { boundedBody } from './bounded-body.js';
import { CallDeadline } from './call-deadline.js';
import { type ResolvedAddress, type Resolver, systemResolver } from './dns-resolver.js';
import { OutboundRefusedError } from './outbound.errors.js';
import { sendPinned } from './pinned-request.js';
import { type Hop, callerHeaders, hopAfterRedirect, redirectLocation } from './redirect.rules.js';

/** The most redirects a call follows; a caller may allow fewer, never more. */
export const MAX_REDIRECTS = 5;

export interface OutboundLimits {
  /** Each connection's, until its TLS handshake is done. */
  connectTimeoutMs: number;
  /** The whole call: resolution, redirects and the body. */
  timeoutMs: number;
  /** The most body bytes read; more is TOO_LARGE. */
  maxBytes: number;
  maxRedirects: number;
}

export const DEFAULT_OUTBOUND_LIMITS: Readonly<OutboundLimits> = Object.freeze({ connectTimeoutMs: 5_000, timeoutMs: 30_000, maxBytes: 20 * 1024 * 1024, maxRedirects: MAX_REDIRECTS });

export interface OutboundHttpOptions {
  /** Host names that may resolve to private or loopback addresses (OUTBOUND_ALLOWED_PRIVATE_HOSTS). */
  allowedPrivateHosts?: readonly string[];
  /** The system's resolver unless given. */
  resolver?: Resolver;
}

export interface OutboundRequest extends Partial<OutboundLimits> {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Host, User-Agent, Content-Length and hop-by-hop headers are the client's own and ignored here. */
  headers?: Record<string, string>;
  body?: string | Buffer;
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
 * The one way the platform calls out (image downloads, webhook deliveries, key directories). A URL's host is resolved
 * once, every address it resolves to is checked (public unicast only: address.rules.ts), and the connection goes to a
 * checked address, so a DNS answer that changes after the check cannot send it elsewhere. Redirects are followed
 * here, each hop checked again. Connection time, the call's time, body size and redirects are capped.
 */
export class OutboundHttp {
  private readonly allowed: ReadonlySet<string>;
  private readonly resolve: Resolver;

  constructor(options: OutboundHttpOptions = {}) {
    this.allowed = new Set((options.allowedPrivateHosts ?? []).map((host) => host.trim().toLowerCase().replace(/\.$/, '')));
    this.resolve = options.resolver ?? systemResolver;
  }

  /**
   * Refuses `url` as a call to it would, without connecting (a webhook address or image URL checked when it is given,
   * so its author hears why at once). A later call checks again: names resolve differently over time.
   */
  async check(url: string): Promise<void> {
    const target = outboundUrl(url);
    await this.checkedAddresses(target, new CallDeadline(DEFAULT_OUTBOUND_LIMITS.timeoutMs));
  }

  /** The response with its whole body (at most `maxBytes`). */
  async request(url: string, options: OutboundRequest = {}): Promise<OutboundResponse<Buffer>> {
    const response = await this.stream(url, options);
    return { ...response, body: await buffer(response.body) };
  }

  /**
   * The response with its body as a stream (into file storage without holding it), which fails with TOO_LARGE past
   * `maxBytes` and TIMEOUT past the call's time. A Content-Length over `maxBytes` is refused before any body is read.
   */
  async stream(url: string, options: OutboundRequest = {}): Promise<OutboundResponse<Readable>> {
    const limits = limitsOf(options);
    const deadline = new CallDeadline(limits.timeoutMs, options.signal);
    let target = outboundUrl(url);
    let hop: Hop = { method: options.method ?? 'GET', headers: callerHeaders(options.headers), body: options.body };
    for (let redirects = 0; ; redirects++) {
      const addresses = await this.checkedAddresses(target, deadline);
      const response = await sendPinned(target, addresses, hop, limits.connectTimeoutMs, deadline);
      const status = response.statusCode ?? 0;
      const location = redirectLocation(status, response.headers.location);
      if (location === null) {
        const declared = Number(response.headers['content-length']);
        if (declared > limits.maxBytes) {
          response.destroy();
          throw new OutboundRefusedError('TOO_LARGE', `The response from ${target.origin} is ${declared} bytes, over the ${limits.maxBytes} allowed`);
        }
        return { status, headers: response.headers, url: target.href, redirects, body: boundedBody(response, target, limits.maxBytes, deadline) };
      }
      // A redirect's body is never read, and its connection serves nothing else.
      response.destroy();
      if (redirects >= limits.maxRedirects) throw new OutboundRefusedError('TOO_MANY_REDIRECTS', `${url} redirected more than ${limits.maxRedirects} times`);
      const next = outboundUrl(location, target);
      hop = hopAfterRedirect(status, hop, target, next);
      target = next;
    }
  }

  // The addresses a call to `url` may connect to: all that its host resolves to, each public unless the host is allowed.
  private async checkedAddresses(url: URL, deadline: CallDeadline): Promise<ResolvedAddress[]> {
    const host = hostOf(url);
    if (METADATA_HOSTS.has(host)) throw new OutboundRefusedError('PRIVATE_ADDRESS', `${url.origin} is a cloud metadata service, which outbound calls may not reach`);
    const literal = literalAddress(url.hostname);
    const addresses: ResolvedAddress[] = literal ? [{ address: literal, family: literal.includes(':') ? 6 : 4 }] : await this.resolved(host, url, deadline);
    if (this.allowed.has(host)) return addresses;
    for (const { address } of addresses) {
      const range = forbiddenAddress(address);
      if (range) throw new OutboundRefusedError('PRIVATE_ADDRESS', `${url.origin} ${literal ? 'is' : 'resolves to'} a ${range} address, which outbound calls may not reach`);
    }
    return addresses;
  }

  private async resolved(host: string, url: URL, deadline: CallDeadline): Promise<ResolvedAddress[]> {
    let addresses: ResolvedAddress[];
    try {
      addresses = await deadline.within(this.resolve(host), url);
    } catch (error) {
      if (deadline.signal.aborted) throw error;
      throw new OutboundRefusedError('DNS', `${host} could not be resolved`, { cause: error });
    }
    // An answer that is no address would be resolved again by the connection: none is taken.
    if (addresses.length === 0 || addresses.some(({ address }) => literalAddress(address) === null)) throw new OutboundRefusedError('DNS', `${host} has no address`);
    return addresses;
  }
}

// The call's limits: the defaults with the caller's, each a number of at least 0 (timeouts above 0), redirects at most MAX_REDIRECTS.
function limitsOf(options: OutboundRequest): OutboundLimits {
  const limits = { ...DEFAULT_OUTBOUND_LIMITS };
  for (const key of ['connectTimeoutMs', 'timeoutMs', 'maxBytes', 'maxRedirects'] as const) {
    const value = options[key];
    if (value === undefined) continue;
    const least = key.endsWith('Ms') ? 1 : 0;
    if (!Number.isFinite(value) || value < least) throw new RangeError(`${key} must be a number of at least ${least}, not ${value}`);
    limits[key] = value;
  }
  limits.maxRedirects = Math.min(Math.floor(limits.maxRedirects), MAX_REDIRECTS);
  return limits;
}
