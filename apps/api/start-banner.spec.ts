import type { SeededShop } from '@platform/seed';
import { baseUrl, startBanner, startUrls } from './start-banner.js';

const demo = {
  shop: { handle: 'demo', domain: 'demo.myplatform.localhost' },
  created: true,
  tokens: { adminAccessToken: 'platat_a', storefrontAccessToken: 'b', storefrontPrivateToken: 'platsp_c' },
  counts: { products: 60, customers: 60, orders: 40 },
} as unknown as SeededShop;
const facts = { host: '0.0.0.0', port: 3000, role: 'all', version: '2026-10', defaultShop: 'demo', demo, customer: { email: 'buyer@example.com', password: 'secret' } };

describe('the start banner', () => {
  it('names a browsable host: localhost for a wildcard address, brackets for IPv6', () => {
    expect(baseUrl('0.0.0.0', 3000)).toBe('http://localhost:3000');
    expect(baseUrl('::', 8080)).toBe('http://localhost:8080');
    expect(baseUrl('127.0.0.1', 3000)).toBe('http://127.0.0.1:3000');
    expect(baseUrl('::1', 3000)).toBe('http://[::1]:3000');
  });

  it('gives the URLs of the three APIs, GraphiQL and health', () => {
    expect(startUrls(facts)).toEqual({
      storefront: 'http://localhost:3000/api/2026-10/graphql.json',
      adminGraphql: 'http://localhost:3000/admin/api/2026-10/graphql.json',
      adminRest: 'http://localhost:3000/admin/api/2026-10/shop.json',
      graphiql: 'http://localhost:3000/graphiql',
      health: 'http://localhost:3000/healthz',
    });
  });

  it('is two short blocks: the URLs, then the demo shop with its tokens as the headers to send', () => {
    const [urls, shop] = startBanner(facts);
    expect(urls!.split('\n')).toEqual([
      'Platform is listening on 0.0.0.0:3000 (role all, shop demo on localhost)',
      '  Storefront GraphQL  POST http://localhost:3000/api/2026-10/graphql.json',
      '  Admin GraphQL       POST http://localhost:3000/admin/api/2026-10/graphql.json',
      '  Admin REST          GET  http://localhost:3000/admin/api/2026-10/shop.json',
      '  GraphiQL            http://localhost:3000/graphiql',
      '  Health              http://localhost:3000/healthz',
    ]);
    expect(shop!.split('\n')).toEqual([
      'Demo shop demo (demo.myplatform.localhost) created, seeded with 60 products, 60 customers and 40 orders',
      '  Admin token         X-Platform-Access-Token: platat_a',
      '  Storefront token    X-Platform-Storefront-Access-Token: b',
      '  Private storefront  Platform-Storefront-Private-Token: platsp_c',
      '  Customer            buyer@example.com / secret',
    ]);
  });

  it('leaves the demo block out when there is no demo shop', () => {
    expect(startBanner({ ...facts, demo: null })).toHaveLength(1);
  });
});
