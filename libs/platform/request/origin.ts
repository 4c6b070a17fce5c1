import { type RequestHost, hostText, isDevelopmentHost } from '@platform/tenancy';

export type Scheme = 'http' | 'https';

/** The request's scheme (`request.protocol`: X-Forwarded-Proto's last entry under TRUST_PROXY), or null unless http(s). */
export function requestScheme(protocol: string | undefined): Scheme | null {
  const scheme = protocol?.toLowerCase();
  return scheme === 'http' || scheme === 'https' ? scheme : null;
}

/**
 * The origin of the absolute URLs a request is answered with (`RequestContext.origin`), from its validated Host (a
 * name that resolved to the shop: its subdomain, its custom domain or a loopback host, and a port of digits), so
 * they work for the address the client used (ARCHITECTURE.md), and never carry text the header had besides.
 */
export function requestOrigin(scheme: Scheme, host: RequestHost): string {
  return `${scheme}://${hostText(host)}`;
}

/**
 * The origin of URLs that leave the request (e-mails, background jobs, events delivered later): the shop's configured
 * domain over https, whatever Host the request named. A development domain (`acme.myplatform.localhost`) takes the
 * scheme and port of `origin` (the request's), since no proxy serves it on the default one.
 */
export function shopOrigin(shop: { readonly domain: string }, origin?: string): string {
  if (!origin || !isDevelopmentHost(shop.domain)) return `https://${shop.domain}`;
  const { protocol, port } = new URL(origin);
  return `${protocol}//${shop.domain}${port ? `:${port}` : ''}`;
}
