import { parseHost } from '@platform/tenancy';
import { requestOrigin, requestScheme, shopOrigin } from './origin.js';

describe('requestScheme', () => {
  it('is http or https, nothing else', () => {
    expect(requestScheme('http')).toBe('http');
    expect(requestScheme('HTTPS')).toBe('https');
    for (const protocol of [undefined, '', 'ftp', 'javascript', 'https://evil.example.com', 'http\r\n', 'https ']) expect(requestScheme(protocol)).toBeNull();
  });
});

describe('requestOrigin', () => {
  const origin = (scheme: 'http' | 'https', header: string) => requestOrigin(scheme, parseHost(header)!);

  it('keeps the port of a development host', () => {
    expect(origin('http', 'localhost:3000')).toBe('http://localhost:3000');
    expect(origin('http', '127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(origin('http', '[::1]:3000')).toBe('http://[::1]:3000');
    expect(origin('http', 'Acme.MyPlatform.localhost:3000')).toBe('http://acme.myplatform.localhost:3000');
  });

  it("answers a shop's domain with the port the client addressed (validated digits), lower-cased", () => {
    expect(origin('https', 'shop.example.com')).toBe('https://shop.example.com');
    expect(origin('https', 'Shop.Example.com:8443')).toBe('https://shop.example.com:8443');
  });
});

describe('shopOrigin', () => {
  it("is the shop's configured domain over https, whatever the request's origin", () => {
    expect(shopOrigin({ domain: 'shop.example.com' })).toBe('https://shop.example.com');
    expect(shopOrigin({ domain: 'shop.example.com' }, 'http://localhost:3000')).toBe('https://shop.example.com');
    expect(shopOrigin({ domain: 'acme.myplatform.com' }, 'http://other.example.com')).toBe('https://acme.myplatform.com');
  });

  it("takes the request's scheme and port for a development domain", () => {
    expect(shopOrigin({ domain: 'demo.myplatform.localhost' }, 'http://localhost:3000')).toBe('http://demo.myplatform.localhost:3000');
    expect(shopOrigin({ domain: 'acme.myplatform.localhost' }, 'http://acme.myplatform.localhost:4700')).toBe('http://acme.myplatform.localhost:4700');
    expect(shopOrigin({ domain: 'acme.myplatform.localhost' }, 'https://shop.example.com')).toBe('https://acme.myplatform.localhost');
    expect(shopOrigin({ domain: 'acme.myplatform.localhost' })).toBe('https://acme.myplatform.localhost');
  });

  it('gives the same origin when applied again (a job enqueued by a job)', () => {
    const first = shopOrigin({ domain: 'acme.myplatform.localhost' }, 'http://localhost:3000');
    expect(shopOrigin({ domain: 'acme.myplatform.localhost' }, first)).toBe(first);
  });
});
