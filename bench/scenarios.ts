import type { LoadRequest } from './load-plan.js';

// The storefront's requests under load. Every scenario is a GraphQL document with variables, sent as
// a client sends it; `body(first)` varies the page size for the statements-per-request check.

export const VERSION = '2026-10';
export const STOREFRONT_PATH = `/api/${VERSION}/graphql.json`;

/** Facts about the seeded catalog the scenarios draw from (read from the bench database). */
export interface CatalogFacts {
  handles: string[];
  words: string[];
  /** Page size for the page 1 / page 1,000 comparison, and the cursor that starts page 1,000. */
  deepPage: { first: number; after: string };
}

export type ServerRole = 'baseline' | 'platform' | 'platform-unthrottled';

export interface Scenario {
  id: string;
  title: string;
  /** The scenario number, for the table. */
  number: string;
  servers: ServerRole[];
  /** The bodies sent under load. */
  bodies(facts: CatalogFacts): string[];
  /** One request with `first` as its page size (undefined: the scenario has no page size). */
  body(facts: CatalogFacts, first?: number): string;
  pageSized: boolean;
  /** Runs at one connection count only (10) instead of the options' list. */
  singleLevel?: boolean;
}

// Scenario 1: the listing page of a storefront. The baseline answers exactly this document.
export const PRODUCT_LISTING = `query ProductListing($first: Int!, $after: String) {
  products(first: $first, after: $after) {
    nodes {
      title
      handle
      priceRange { minVariantPrice { amount currencyCode } maxVariantPrice { amount currencyCode } }
      featuredImage { url altText }
      variants(first: 3) { nodes { price { amount currencyCode } availableForSale } }
    }
    pageInfo { hasNextPage endCursor }
  }
}`;

const PRODUCT_PAGE = `query ProductPage($handle: String!) {
  product(handle: $handle) {
    id title handle descriptionHtml vendor
    options { name values }
    variants(first: 20) { nodes { id title availableForSale price { amount currencyCode } selectedOptions { name value } } }
    images(first: 10) { nodes { url altText width height } }
    collections(first: 5) { nodes { handle title } }
  }
}`;

const SEARCH = `query Search($query: String!, $first: Int!) {
  search(query: $query, first: $first, types: [PRODUCT]) {
    totalCount
    nodes { ... on Product { title handle priceRange { minVariantPrice { amount currencyCode } } } }
  }
}`;

const graphql = (query: string, variables: Record<string, unknown>) => JSON.stringify({ query, variables });
const pick = <T>(items: T[], i: number) => items[i % items.length]!;
const POOL = 500;

export const SCENARIOS: Scenario[] = [
  {
    id: 'products',
    number: '1',
    title: 'products(first: 20), tokenless',
    servers: ['baseline', 'platform'],
    pageSized: true,
    body: (_facts, first = 20) => graphql(PRODUCT_LISTING, { first }),
    bodies: (facts) => [SCENARIOS[0]!.body(facts)],
  },
  {
    id: 'product-by-handle',
    number: '2',
    title: 'product(handle) with options, variants, images, collections',
    servers: ['platform'],
    pageSized: false,
    body: (facts) => graphql(PRODUCT_PAGE, { handle: pick(facts.handles, 0) }),
    bodies: (facts) => Array.from({ length: POOL }, (_, i) => graphql(PRODUCT_PAGE, { handle: pick(facts.handles, i) })),
  },
  {
    id: 'search',
    number: '3',
    title: 'search(query, first: 20) of random catalog words',
    servers: ['platform'],
    pageSized: true,
    body: (facts, first = 20) => graphql(SEARCH, { query: pick(facts.words, 0), first }),
    bodies: (facts) => Array.from({ length: POOL }, (_, i) => graphql(SEARCH, { query: pick(facts.words, i), first: 20 })),
  },
  {
    id: 'page-1',
    number: 'keyset',
    title: 'products page 1',
    servers: ['platform'],
    pageSized: false,
    singleLevel: true,
    body: (facts) => graphql(PRODUCT_LISTING, { first: facts.deepPage.first }),
    bodies: (facts) => [graphql(PRODUCT_LISTING, { first: facts.deepPage.first })],
  },
  {
    id: 'page-1000',
    number: 'keyset',
    title: 'products page 1,000',
    servers: ['platform'],
    pageSized: false,
    singleLevel: true,
    body: (facts) => graphql(PRODUCT_LISTING, facts.deepPage),
    bodies: (facts) => [graphql(PRODUCT_LISTING, facts.deepPage)],
  },
  {
    id: 'throttle-off',
    number: '8',
    title: 'products(first: 20), throttle steps left out',
    servers: ['platform-unthrottled'],
    pageSized: false,
    body: (facts) => SCENARIOS[0]!.body(facts),
    bodies: (facts) => SCENARIOS[0]!.bodies(facts),
  },
];

/** Scenarios of the issue whose features have not landed; each lands with its feature. */
export const PENDING = [
  { number: '4', title: 'cart: cartCreate then 3 × cartLinesAdd by many buyers', waitsFor: 'cart and checkout' },
  { number: '5', title: 'admin GraphQL products(first: 50) with variants, by cursor', waitsFor: 'admin GraphQL catalog' },
  { number: '6', title: 'admin REST customers: GET by Link pages, POST', waitsFor: 'REST customers' },
  { number: '7', title: 'bulk export of 10k and 100k products: wall time, worker peak RSS', waitsFor: 'bulk operations' },
];

export function storefrontRequest(bodies: string[]): LoadRequest {
  return { method: 'POST', path: STOREFRONT_PATH, headers: { 'content-type': 'application/json' }, bodies };
}
