import { parseHost } from './host.rules.js';
import { inactiveShopError, shopLookupForHost } from './shop.rules.js';

describe('shopLookupForHost', () => {
  const lookup = (header: string | undefined) => {
    const host = parseHost(header);
    return host && shopLookupForHost(host, 'myplatform.localhost', 'demo');
  };

  it('takes the handle from <handle>.<PLATFORM_DOMAIN>, ignoring the port and case', () => {
    expect(lookup('acme.myplatform.localhost')).toEqual({ handle: 'acme' });
    expect(lookup('Acme.MyPlatform.localhost:3000')).toEqual({ handle: 'acme' });
  });

  it('serves the default shop on loopback hosts', () => {
    expect(lookup('localhost:3000')).toEqual({ handle: 'demo' });
    expect(lookup('127.0.0.1')).toEqual({ handle: 'demo' });
    expect(lookup('[::1]:3000')).toEqual({ handle: 'demo' });
  });

  it('treats any other host as a custom domain', () => {
    expect(lookup('shop.example.com')).toEqual({ domain: 'shop.example.com' });
  });

  it('finds nothing for a missing host or a nested subdomain', () => {
    expect(lookup(undefined)).toBeNull();
    expect(lookup('a.b.myplatform.localhost')).toBeNull();
  });

  it('finds nothing for a Host that is not a valid host and port', () => {
    expect(lookup('localhost:4700@evil.example.com')).toBeNull();
    expect(lookup('acme.myplatform.localhost/evil')).toBeNull();
    expect(lookup('::1')).toBeNull();
  });
});

describe('inactiveShopError', () => {
  it('maps each state to the spec answer', () => {
    expect(inactiveShopError('active')).toBeNull();
    expect(inactiveShopError('frozen')?.kind).toBe('SHOP_FROZEN');
    expect(inactiveShopError('fraudulent')?.kind).toBe('SHOP_FRAUDULENT');
    expect(inactiveShopError('locked')?.kind).toBe('SHOP_LOCKED');
  });
});
