import type { ShopState } from './shop.entity.js';
import type { ErrorKind } from '@platform/errors';
import type { RequestHost } from './host.rules.js';

export const HANDLE_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/;

export type HostLookup = { handle: string } | { domain: string };

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Which shop a valid Host names: `<handle>.<platformDomain>`, a loopback host (the default shop) or a custom domain. */
export function shopLookupForHost(host: RequestHost, platformDomain: string, defaultShop: string): HostLookup | null {
  if (LOOPBACK_HOSTS.has(host.name)) return { handle: defaultShop };
  const suffix = `.${platformDomain}`;
  if (host.name.endsWith(suffix)) {
    const handle = host.name.slice(0, -suffix.length);
    return HANDLE_PATTERN.test(handle) ? { handle } : null;
  }
  return { domain: host.name };
}

/** The answer an inactive shop gives (null when it serves). */
export function inactiveShopError(state: ShopState): { kind: ErrorKind; message: string } | null {
  switch (state) {
    case 'active':
      return null;
    case 'frozen':
      return { kind: 'SHOP_FROZEN', message: 'Unavailable Shop: this shop is frozen until its balance is paid.' };
    case 'fraudulent':
      return { kind: 'SHOP_FRAUDULENT', message: 'Forbidden: this shop is marked as fraudulent.' };
    case 'locked':
      return { kind: 'SHOP_LOCKED', message: 'Unavailable Shop: this shop is locked.' };
  }
}

export function defaultDomain(handle: string, platformDomain: string): string {
  return `${handle}.${platformDomain}`;
}
