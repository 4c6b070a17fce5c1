import type { SeededShop } from '@platform/seed';

export interface StartFacts {
  host: string;
  port: number;
  role: string;
  /** The API version the URLs name. */
  version: string;
  defaultShop: string;
  demo: SeededShop | null;
  customer: { email: string; password: string };
}

/** Where a person on this machine reaches the server: a wildcard listen address is not one to browse to. */
export function baseUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** The URLs the start log gives, by name (the JSON log's fields). */
export function startUrls(facts: Pick<StartFacts, 'host' | 'port' | 'version'>) {
  const base = baseUrl(facts.host, facts.port);
  return {
    storefront: `${base}/api/${facts.version}/graphql.json`,
    adminGraphql: `${base}/admin/api/${facts.version}/graphql.json`,
    adminRest: `${base}/admin/api/${facts.version}/shop.json`,
    graphiql: `${base}/graphiql`,
    health: `${base}/healthz`,
  };
}

/** The start as a person reads it at a terminal: where the APIs are, then the demo shop's tokens, a block each. */
export function startBanner(facts: StartFacts): string[] {
  const urls = startUrls(facts);
  const blocks = [
    lines(`Platform is listening on ${facts.host}:${facts.port} (role ${facts.role}, shop ${facts.defaultShop} on localhost)`, [
      ['Storefront GraphQL', `POST ${urls.storefront}`],
      ['Admin GraphQL', `POST ${urls.adminGraphql}`],
      ['Admin REST', `GET  ${urls.adminRest}`],
      ['GraphiQL', urls.graphiql],
      ['Health', urls.health],
    ]),
  ];
  const { demo } = facts;
  if (demo?.tokens) {
    const seeded = demo.counts ? `, seeded with ${demo.counts.products} products, ${demo.counts.customers} customers and ${demo.counts.orders} orders` : '';
    blocks.push(
      lines(`Demo shop ${demo.shop.handle} (${demo.shop.domain})${demo.created ? ' created' : ''}${seeded}`, [
        ['Admin token', `X-Platform-Access-Token: ${demo.tokens.adminAccessToken}`],
        ['Storefront token', `X-Platform-Storefront-Access-Token: ${demo.tokens.storefrontAccessToken}`],
        ['Private storefront', `Platform-Storefront-Private-Token: ${demo.tokens.storefrontPrivateToken}`],
        ['Customer', `${facts.customer.email} / ${facts.customer.password}`],
      ]),
    );
  }
  return blocks;
}

function lines(title: string, rows: Array<[string, string]>): string {
  const width = Math.max(...rows.map(([label]) => label.length));
  return [title, ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`)].join('\n');
}
