/** The request headers a browser sets to say where a request comes from. */
export interface RequestOrigin {
  origin?: string | string[];
  'sec-fetch-site'?: string | string[];
}

// The pages post only to themselves. `same-site` is refused too: every shop is a subdomain of PLATFORM_DOMAIN, so
// another shop's pages are the same site. `none` is the visitor's own doing (a bookmark, the address bar).
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

/**
 * Whether a hosted page's form was posted from another site (cross-site request forgery), by the browser's own
 * headers: `Sec-Fetch-Site` when the browser sends it, else `Origin` against the request's host. `Origin: null` is
 * let through: the pages' `Referrer-Policy: no-referrer` makes browsers send it on their own same-origin posts
 * where they send no `Sec-Fetch-Site` (plain HTTP, older browsers). Without either header the client is no browser.
 */
export function isCrossSitePost(headers: RequestOrigin, host: string | undefined): boolean {
  const fetchSite = single(headers['sec-fetch-site']);
  if (fetchSite !== undefined) return !OWN_FETCH_SITES.has(fetchSite.trim().toLowerCase());
  const origin = single(headers.origin);
  if (origin === undefined || origin.trim() === 'null') return false;
  return hostOf(origin.trim()) !== hostOf(`http://${host ?? ''}`);
}

// Host and port as URL reads them (lower case, default ports dropped); a value that is no URL is nobody's host.
function hostOf(url: string): string | null {
  try {
    const { protocol, hostname, port } = new URL(url);
    if (protocol !== 'http:' && protocol !== 'https:') return null;
    return `${hostname}:${port || (protocol === 'https:' ? '443' : '80')}`.replace(/:(80|443)$/, '');
  } catch {
    return null;
  }
}

// Node joins a repeated header into one value (no site of ours); the list type is only for the few it keeps apart.
function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
