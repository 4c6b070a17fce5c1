import { hostileDocuments } from './hostile-documents.js';
import type { AlongsideLoad, LoadRequest } from './load-plan.js';

// The storefront's requests under load. Every scenario is a GraphQL document with variables, sent as
// a client sends it; `body(first)` varies the page size for the statements-per-request check.

export const VERSION = '2026-10';
export const STOREFRONT_PATH = `/api/${VERSION}/graphql.json`;

/** Facts about the seeded catalog the scenarios draw from (read from the bench database). */
export interface CatalogFacts {
  handles: string[];
  words: string[];
  /** Global ids of variants for sale (scenario 4 adds them to carts). */
  variants: string[];
  /** Page size for the page 1 / page 1,000 comparison, and the cursor that starts page 1,000 (a string saying why not, on a shop too small for it). */
  deepPage: { first: number; after: string } | string;
  /** A tracked inventory item and the location it is stocked at (scenario 5b adjusts its stock). */
  stock: { itemId: string; locationId: string };
  /** The seeded shop's storefront tokens and its app's admin token. */
  tokens: { public: string; private: string; admin: string };
  /** Scenario 7a's product and image, made through the platform once it is up (bench-products.ts). */
  listedImages?: ListedImages;
}

/** A product of the bench's images, and the path of one image's variant, served from storage (already made). */
export interface ListedImages {
  productId: number;
  servedPath: string;
}

/**
 * `platform` runs with a plus shop's own rate limits behind a trusted proxy: every request comes from a buyer
 * of its own (X-Forwarded-For, or Platform-Storefront-Buyer-IP with a private token), as a storefront's traffic
 * does, so per-IP buckets are checked and never refuse. `platform-unthrottled` leaves the throttle steps out.
 * `raw-limit` answers scenario 1 only: node:http, the platform's statements, JSON by hand (the second baseline).
 */
export type ServerRole = 'baseline' | 'raw-limit' | 'platform' | 'platform-unthrottled' | 'platform-metrics' | 'platform-traced';

export interface Scenario {
  id: string;
  title: string;
  /** The scenario number, for the table. */
  number: string;
  servers: ServerRole[];
  /** The bodies sent under load (storefront scenarios). */
  bodies?(facts: CatalogFacts): string[];
  /** One storefront request with `first` as its page size (undefined: the scenario has no page size). */
  body?(facts: CatalogFacts, first?: number): string;
  /** One request of any other surface, as `body` is for the storefront (checks and statement counts send it). */
  sample?(facts: CatalogFacts, first?: number): SampleRequest;
  pageSized: boolean;
  /** A write: its speed is reported, the read targets do not apply. */
  writes?: boolean;
  /**
   * How the baseline's answer to the sample must equal the platform's before measuring: `exact` (the same JSON),
   * `data` (the same GraphQL `data`, extensions aside), `shape` (the same keys at every level: a write's ids and
   * dates differ), `data-shape` (the same keys at every level of the GraphQL `data`), `bytes` (the same body and
   * content type: a file). Only scenarios the baseline also serves.
   */
  sameAnswer?: 'exact' | 'data' | 'shape' | 'data-shape' | 'bytes';
  /** Runs at one connection count only (10, or `connections`) instead of the options' list. */
  singleLevel?: boolean;
  connections?: number;
  /** Headers of every request (a token). */
  headers?(facts: CatalogFacts): Record<string, string>;
  /** Every request speaks for a different buyer (Platform-Storefront-Buyer-IP). */
  freshBuyerIp?: boolean;
  /** A request of its own shape (the hostile mix); otherwise one is built from the fields above. */
  request?(facts: CatalogFacts): LoadRequest;
  /** Load from other clients at the same time, reported apart. */
  alongside?(facts: CatalogFacts): AlongsideLoad[];
}

/** One request as the checks and the statement counts send it (not under load). */
export interface SampleRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export const BUYER_IP_HEADER = 'Platform-Storefront-Buyer-IP';
// The client address a trusted proxy reports; the baseline ignores it, so both servers get the same requests.
const FORWARDED_FOR_HEADER = 'X-Forwarded-For';
const HOSTILE_CONNECTIONS = 3;
const HEALTH_PROBES_PER_SECOND = 10;
// The probe starts a second into each measurement, once the buyers' and attackers' connections are open.
const HEALTH_PROBE_START_SECONDS = 1;

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

// Scenario 6: the merchant's customers, on the admin surfaces; the baseline answers each with the same JSON.
export const ADMIN_REST_PATH = `/admin/api/${VERSION}`;
export const ADMIN_GRAPHQL_PATH = `/admin/api/${VERSION}/graphql.json`;
const REST_PAGE = 250;
/** Replaced in each request's body by a value no other request of the run has (unique emails). */
export const UNIQUE = '{{unique}}';

export const ADMIN_CUSTOMERS = `query Customers($first: Int!) {
  customers(first: $first) {
    nodes {
      id firstName lastName email phone state tags numberOfOrders
      amountSpent { amount currencyCode }
      addresses(first: 10) { address1 city provinceCode countryCodeV2 zip }
    }
    pageInfo { hasNextPage }
  }
}`;

// Scenario 5b: the catalog's writes. productSet makes a new 3-variant product by handle (one per request); the
// adjustment moves one tracked item's stock by one, under a new idempotency key each time (required from 2026-04).
export const PRODUCT_SET = `mutation ProductSet($identifier: ProductSetIdentifiers!, $input: ProductSetInput!) {
  productSet(identifier: $identifier, input: $input) {
    product { id handle variants(first: 5) { nodes { id title price } } }
    userErrors { field message code }
  }
}`;
const NEW_PRODUCT_SET = graphql(PRODUCT_SET, {
  identifier: { handle: `bench-${UNIQUE}` },
  input: {
    title: 'Bench Tee',
    productOptions: [{ name: 'Size', values: [{ name: 'S' }, { name: 'M' }, { name: 'L' }] }],
    variants: ['S', 'M', 'L'].map((name, i) => ({ optionValues: [{ optionName: 'Size', name }], price: `${20 + i}.00` })),
  },
});
const inventoryAdjust = (facts: CatalogFacts) =>
  graphql(
    `mutation Adjust($input: InventoryAdjustQuantitiesInput!) {
  inventoryAdjustQuantities(input: $input) @idempotent(key: "${UNIQUE}") {
    inventoryAdjustmentGroup { reason changes { name delta quantityAfterChange } }
    userErrors { field message code }
  }
}`,
    { input: { name: 'available', reason: 'correction', changes: [{ inventoryItemId: facts.stock.itemId, locationId: facts.stock.locationId, delta: 1 }] } },
  );

// The same new customer through admin GraphQL: created with an address, answered with what the merchant's form shows.
export const ADMIN_CUSTOMER_CREATE = `mutation CustomerCreate($input: CustomerInput!) {
  customerCreate(input: $input) {
    customer { id firstName lastName email state tags note defaultAddress { address1 city provinceCode countryCodeV2 zip } }
    userErrors { field message }
  }
}`;

// The orders scenario: the merchant's orders on both admin surfaces, against the baseline's same JSON. The
// selection keeps the query under the 1,000-point single query limit (50 × (3 objects + a 10-line connection)).
export const ADMIN_ORDERS = `query Orders($first: Int!) {
  orders(first: $first) {
    edges {
      node {
        id name email displayFinancialStatus displayFulfillmentStatus
        totalPriceSet { shopMoney { amount currencyCode } }
        lineItems(first: 10) { edges { node { title quantity sku } } }
      }
    }
    pageInfo { hasNextPage }
  }
}`;

// Scenario 5: the merchant's catalog, a page of products in every status with their first variants; the selection
// stays under the 1,000-point single query limit (50 × (1 + a 10-variant connection)).
export const ADMIN_PRODUCTS = `query Products($first: Int!) {
  products(first: $first) {
    edges {
      node {
        id title handle status vendor totalInventory
        variants(first: 10) { edges { node { id title sku price inventoryQuantity } } }
      }
    }
    pageInfo { hasNextPage }
  }
}`;

// Scenario 4: a buyer's cart, created with a line then three more added; the baseline writes the same rows and
// answers the same JSON (but the cart's id and URL, new each time: compared by shape).
const CART = `cart {
    id checkoutUrl totalQuantity
    cost { subtotalAmount { amount currencyCode } totalAmount { amount currencyCode } }
    lines(first: 10) { nodes { quantity merchandise { ... on ProductVariant { id } } cost { totalAmount { amount currencyCode } } } }
  }
  userErrors { code field message }`;
export const CART_CREATE = `mutation CartCreate($input: CartInput!) { cartCreate(input: $input) { ${CART} } }`;
export const CART_LINES_ADD = `mutation CartLinesAdd($cartId: ID!, $lines: [CartLineInput!]!) { cartLinesAdd(cartId: $cartId, lines: $lines) { ${CART} } }`;
/** Replaced in a journey's later bodies by the cart id its first answer gave. */
export const CART_ID = '{{cartId}}';
const CART_ADDS = 3;
const cartCreateBody = (variant: string) => graphql(CART_CREATE, { input: { lines: [{ merchandiseId: variant, quantity: 1 }] } });
const cartLinesAddBody = (variant: string) => graphql(CART_LINES_ADD, { cartId: CART_ID, lines: [{ merchandiseId: variant, quantity: 2 }] });

const NEW_CUSTOMER = JSON.stringify({
  customer: {
    first_name: 'Bench',
    last_name: 'Buyer',
    email: `bench.${UNIQUE}@example.com`,
    tags: 'bench, load',
    note: 'Created under load',
    addresses: [{ address1: '1 Bench Street', city: 'Ottawa', province: 'Ontario', province_code: 'ON', country: 'Canada', country_code: 'CA', zip: 'K1A 0B1', first_name: 'Bench', last_name: 'Buyer' }],
  },
});

const adminHeaders = (facts: CatalogFacts, json: boolean): Record<string, string> => ({
  'X-Platform-Access-Token': facts.tokens.admin,
  ...(json ? { 'content-type': 'application/json' } : {}),
});

function graphql(query: string, variables: Record<string, unknown>): string {
  return JSON.stringify({ query, variables });
}

const NEW_CUSTOMER_INPUT = graphql(ADMIN_CUSTOMER_CREATE, {
  input: {
    firstName: 'Bench',
    lastName: 'Buyer',
    email: `bench.${UNIQUE}@example.com`,
    tags: ['bench', 'load'],
    note: 'Created under load',
    addresses: [{ address1: '1 Bench Street', city: 'Ottawa', provinceCode: 'ON', countryCode: 'CA', zip: 'K1A 0B1', firstName: 'Bench', lastName: 'Buyer' }],
  },
});

function listedImages(facts: CatalogFacts): ListedImages {
  if (!facts.listedImages) throw new Error('bench: scenario 7a has no images; they are made once the platform is up');
  return facts.listedImages;
}
const imageListPath = (facts: CatalogFacts) => `${ADMIN_REST_PATH}/products/${listedImages(facts).productId}/images.json`;

// The keyset scenarios need 1,000 pages; other scenarios (a soak) run on smaller shops.
function deepPage(facts: CatalogFacts): { first: number; after: string } {
  if (typeof facts.deepPage === 'string') throw new Error(facts.deepPage);
  return facts.deepPage;
}
const pick = <T>(items: T[], i: number) => items[i % items.length]!;
/** Scenario 1's request. */
const listingBody = (first = 20) => graphql(PRODUCT_LISTING, { first });
const POOL = 500;

export const SCENARIOS: Scenario[] = [
  {
    id: 'products',
    number: '1',
    title: 'products(first: 20), tokenless',
    servers: ['baseline', 'raw-limit', 'platform'],
    pageSized: true,
    body: (_facts, first) => listingBody(first),
    bodies: () => [listingBody()],
  },
  {
    id: 'products-public',
    number: '1',
    title: 'products(first: 20), public token',
    servers: ['platform'],
    pageSized: false,
    headers: (facts) => ({ 'X-Platform-Storefront-Access-Token': facts.tokens.public }),
    body: () => listingBody(),
    bodies: () => [listingBody()],
  },
  {
    id: 'products-private',
    number: '1',
    title: 'products(first: 20), private token, the buyer IP in Platform-Storefront-Buyer-IP',
    servers: ['platform'],
    pageSized: false,
    headers: (facts) => ({ 'Platform-Storefront-Private-Token': facts.tokens.private }),
    freshBuyerIp: true,
    body: () => listingBody(),
    bodies: () => [listingBody()],
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
    body: (facts) => graphql(PRODUCT_LISTING, { first: deepPage(facts).first }),
    bodies: (facts) => [graphql(PRODUCT_LISTING, { first: deepPage(facts).first })],
  },
  {
    id: 'page-1000',
    number: 'keyset',
    title: 'products page 1,000',
    servers: ['platform'],
    pageSized: false,
    singleLevel: true,
    body: (facts) => graphql(PRODUCT_LISTING, deepPage(facts)),
    bodies: (facts) => [graphql(PRODUCT_LISTING, deepPage(facts))],
  },
  {
    id: 'cart',
    number: '4',
    title: `cartCreate with a line, then ${CART_ADDS} × cartLinesAdd, tokenless, each cart a buyer IP of its own (req/s counts mutations)`,
    servers: ['baseline', 'platform'],
    pageSized: false,
    writes: true,
    sameAnswer: 'shape',
    sample: (facts) => ({ method: 'POST', path: STOREFRONT_PATH, headers: { 'content-type': 'application/json' }, body: cartCreateBody(pick(facts.variants, 0)) }),
    request: (facts) => ({
      ...storefrontRequest([]),
      journey: {
        bodies: [cartCreateBody(pick(facts.variants, 0)), ...Array.from({ length: CART_ADDS }, (_, i) => cartLinesAddBody(pick(facts.variants, i + 1)))],
        placeholder: CART_ID,
        capture: '"id":"(gid://platform/Cart/[^"]+)"',
        steps: ['cartCreate', ...Array.from({ length: CART_ADDS }, () => 'cartLinesAdd')],
      },
      freshIpHeader: FORWARDED_FOR_HEADER,
    }),
  },
  {
    id: 'rest-customers',
    number: '6',
    title: `REST GET customers.json?limit=${REST_PAGE}, each page followed by its Link header`,
    servers: ['baseline', 'platform'],
    pageSized: true,
    sameAnswer: 'exact',
    sample: (facts, first = REST_PAGE) => ({ method: 'GET', path: `${ADMIN_REST_PATH}/customers.json?limit=${first}`, headers: adminHeaders(facts, false) }),
    request: (facts) => ({ method: 'GET', path: `${ADMIN_REST_PATH}/customers.json?limit=${REST_PAGE}`, headers: adminHeaders(facts, false), followLink: true }),
  },
  {
    id: 'rest-customer-create',
    number: '6',
    title: 'REST POST customers.json, a new email each request, with an address',
    servers: ['baseline', 'platform'],
    pageSized: false,
    writes: true,
    sameAnswer: 'shape',
    sample: (facts) => ({ method: 'POST', path: `${ADMIN_REST_PATH}/customers.json`, headers: adminHeaders(facts, true), body: NEW_CUSTOMER.replace(UNIQUE, `sample-${Date.now()}-${Math.random()}`) }),
    request: (facts) => ({ method: 'POST', path: `${ADMIN_REST_PATH}/customers.json`, headers: adminHeaders(facts, true), bodies: [NEW_CUSTOMER], unique: UNIQUE }),
  },
  {
    id: 'admin-customer-create',
    number: '6',
    title: 'admin GraphQL customerCreate, a new email each request, with an address',
    servers: ['baseline', 'platform'],
    pageSized: false,
    writes: true,
    sameAnswer: 'data-shape',
    sample: (facts) => ({ method: 'POST', path: ADMIN_GRAPHQL_PATH, headers: adminHeaders(facts, true), body: NEW_CUSTOMER_INPUT.replace(UNIQUE, `sample-${Date.now()}-${Math.random()}`) }),
    request: (facts) => ({ method: 'POST', path: ADMIN_GRAPHQL_PATH, headers: adminHeaders(facts, true), bodies: [NEW_CUSTOMER_INPUT], unique: UNIQUE }),
  },
  {
    id: 'admin-customers',
    number: '6',
    title: 'admin GraphQL customers(first: 50) with addresses',
    servers: ['baseline', 'platform'],
    pageSized: true,
    sameAnswer: 'data',
    sample: (facts, first = 50) => ({ method: 'POST', path: ADMIN_GRAPHQL_PATH, headers: adminHeaders(facts, true), body: graphql(ADMIN_CUSTOMERS, { first }) }),
    request: (facts) => ({ method: 'POST', path: ADMIN_GRAPHQL_PATH, headers: adminHeaders(facts, true), bodies: [graphql(ADMIN_CUSTOMERS, { first: 50 })] }),
  },
  {
    id: 'admin-products',
    number: '5',
    title: 'admin GraphQL products(first: 50) with variants(first: 10), every status',
    servers: ['baseline', 'platform'],
    pageSized: true,
    sameAnswer: 'data',
    sample: (facts, first = 50) => ({ method: 'POST', path: ADMIN_GRAPHQL_PATH, headers: adminHeaders(facts, true), body: graphql(ADMIN_PRODUCTS, { first }) }),
    request: (facts) => ({ method: 'POST', path: ADMIN_GRAPHQL_PATH, headers: adminHeaders(facts, true), bodies: [graphql(ADMIN_PRODUCTS, { first: 50 })] }),
  },
  {
    id: 'catalog-write-product-set',
    number: '5b',
    title: 'admin GraphQL productSet of a new 3-variant product by handle',
    servers: ['baseline', 'platform'],
    pageSized: false,
    writes: true,
    sameAnswer: 'data-shape',
    sample: (facts) => ({ method: 'POST', path: ADMIN_GRAPHQL_PATH, headers: adminHeaders(facts, true), body: NEW_PRODUCT_SET.replace(UNIQUE, `sample-${Date.now()}-${Math.random()}`.replace('.', '')) }),
    request: (facts) => ({ method: 'POST', path: ADMIN_GRAPHQL_PATH, headers: adminHeaders(facts, true), bodies: [NEW_PRODUCT_SET], unique: UNIQUE }),
  },
  {
    id: 'catalog-write-inventory',
    number: '5b',
    title: 'admin GraphQL inventoryAdjustQuantities of one item by one, a new idempotency key each request',
    servers: ['baseline', 'platform'],
    pageSized: false,
    writes: true,
    sameAnswer: 'data-shape',
    sample: (facts) => ({ method: 'POST', path: ADMIN_GRAPHQL_PATH, headers: adminHeaders(facts, true), body: inventoryAdjust(facts).replace(UNIQUE, `sample-${Date.now()}-${Math.random()}`) }),
    request: (facts) => ({ method: 'POST', path: ADMIN_GRAPHQL_PATH, headers: adminHeaders(facts, true), bodies: [inventoryAdjust(facts)], unique: UNIQUE }),
  },
  {
    id: 'listing-under-writes',
    number: '5b',
    title: 'products(first: 20), tokenless, while 2 clients each run productSet and inventoryAdjustQuantities',
    servers: ['platform'],
    pageSized: false,
    body: () => listingBody(),
    bodies: () => [listingBody()],
    alongside: (facts) => [
      { name: 'productSet', connections: 2, request: { method: 'POST', path: ADMIN_GRAPHQL_PATH, headers: adminHeaders(facts, true), bodies: [NEW_PRODUCT_SET], unique: UNIQUE } },
      { name: 'inventoryAdjustQuantities', connections: 2, request: { method: 'POST', path: ADMIN_GRAPHQL_PATH, headers: adminHeaders(facts, true), bodies: [inventoryAdjust(facts)], unique: UNIQUE } },
    ],
  },
  {
    id: 'rest-orders',
    number: '9',
    title: `REST GET orders.json?limit=${REST_PAGE} (open orders with lines, refunds, fulfillments and customer), each page followed by its Link header`,
    servers: ['baseline', 'platform'],
    pageSized: true,
    sameAnswer: 'exact',
    sample: (facts, first = REST_PAGE) => ({ method: 'GET', path: `${ADMIN_REST_PATH}/orders.json?limit=${first}`, headers: adminHeaders(facts, false) }),
    request: (facts) => ({ method: 'GET', path: `${ADMIN_REST_PATH}/orders.json?limit=${REST_PAGE}`, headers: adminHeaders(facts, false), followLink: true }),
  },
  {
    id: 'admin-orders',
    number: '9',
    title: 'admin GraphQL orders(first: 50) with lineItems(first: 10)',
    servers: ['baseline', 'platform'],
    pageSized: true,
    sameAnswer: 'data',
    sample: (facts, first = 50) => ({ method: 'POST', path: ADMIN_GRAPHQL_PATH, headers: adminHeaders(facts, true), body: graphql(ADMIN_ORDERS, { first }) }),
    request: (facts) => ({ method: 'POST', path: ADMIN_GRAPHQL_PATH, headers: adminHeaders(facts, true), bodies: [graphql(ADMIN_ORDERS, { first: 50 })] }),
  },
  {
    id: 'image-list',
    number: '7a',
    title: "REST GET products/{id}/images.json of a product's 10 images (1000 × 1000 JPEGs)",
    servers: ['baseline', 'platform'],
    pageSized: false,
    sameAnswer: 'exact',
    sample: (facts) => ({ method: 'GET', path: imageListPath(facts), headers: adminHeaders(facts, false) }),
    request: (facts) => ({ method: 'GET', path: imageListPath(facts), headers: adminHeaders(facts, false) }),
  },
  {
    id: 'image-served',
    number: '7a',
    title: 'GET of a kept 1000 × 1000 JPEG at width=400, its variant made before',
    servers: ['baseline', 'platform'],
    pageSized: false,
    sameAnswer: 'bytes',
    sample: (facts) => ({ method: 'GET', path: listedImages(facts).servedPath, headers: {} }),
    request: (facts) => ({ method: 'GET', path: listedImages(facts).servedPath, headers: {} }),
  },
  {
    id: 'throttle-off',
    number: '8',
    title: 'products(first: 20), throttle steps left out',
    servers: ['platform-unthrottled'],
    pageSized: false,
    body: () => listingBody(),
    bodies: () => [listingBody()],
  },
  {
    id: 'metrics-on',
    number: '8',
    title: 'products(first: 20), metrics on (METRICS_TOKEN set: every answer counted)',
    servers: ['platform-metrics'],
    pageSized: false,
    body: () => listingBody(),
    bodies: () => [listingBody()],
  },
  {
    id: 'tracing-on',
    number: '8',
    title: 'products(first: 20), tracing on (OTEL_EXPORTER_OTLP_ENDPOINT: spans exported to a loopback collector)',
    servers: ['platform-traced'],
    pageSized: false,
    body: () => listingBody(),
    bodies: () => [listingBody()],
  },
  {
    id: 'refusals',
    number: 'hostile',
    title: `hostile documents alone from ${HOSTILE_CONNECTIONS} clients, every one refused (server CPU per refusal)`,
    servers: ['platform'],
    pageSized: false,
    singleLevel: true,
    connections: HOSTILE_CONNECTIONS,
    body: (facts) => hostileRequest(facts).bodies![0]!,
    bodies: (facts) => hostileRequest(facts).bodies!,
    request: hostileRequest,
  },
  {
    id: 'under-attack',
    number: 'hostile',
    title: `products(first: 20), tokenless, while ${HOSTILE_CONNECTIONS} clients send hostile documents and /healthz is probed`,
    servers: ['platform'],
    pageSized: false,
    body: () => listingBody(),
    bodies: () => [listingBody()],
    alongside: (facts) => [
      { name: 'hostile', connections: HOSTILE_CONNECTIONS, request: hostileRequest(facts) },
      { name: '/healthz', connections: 1, rate: HEALTH_PROBES_PER_SECOND, startAfter: HEALTH_PROBE_START_SECONDS, request: { method: 'GET', path: '/healthz', headers: {} } },
    ],
  },
];

/** Scenarios of the issue whose features have not landed; each lands with its feature. */
export const PENDING = [
  { number: '7', title: 'bulk export of 10k and 100k products: wall time, worker peak RSS', waitsFor: 'bulk operations' },
];

export function storefrontRequest(bodies: string[], headers: Record<string, string> = {}): LoadRequest {
  return { method: 'POST', path: STOREFRONT_PATH, headers: { 'content-type': 'application/json', ...headers }, bodies };
}

/** What the load generator sends for a scenario. */
export function loadRequest(scenario: Scenario, facts: CatalogFacts): LoadRequest {
  if (scenario.request) return scenario.request(facts);
  const request = storefrontRequest(scenario.bodies!(facts), scenario.headers?.(facts));
  return { ...request, freshIpHeader: scenario.freshBuyerIp ? BUYER_IP_HEADER : FORWARDED_FOR_HEADER };
}

/** One request of a scenario, `first` its page size: what the checks and the statement counts send. */
export function sampleRequest(scenario: Scenario, facts: CatalogFacts, first?: number): SampleRequest {
  if (scenario.sample) return scenario.sample(facts, first);
  const request = loadRequest(scenario, facts);
  return { method: 'POST', path: STOREFRONT_PATH, headers: { ...request.headers, ...request.bodyHeaders?.[0] }, body: scenario.body!(facts, first) };
}

function hostileRequest(facts: CatalogFacts): LoadRequest {
  const documents = hostileDocuments();
  const token = { 'X-Platform-Storefront-Access-Token': facts.tokens.public };
  // From a new address every time: a distributed attack, which per-IP buckets cannot slow down.
  return {
    ...storefrontRequest(documents.map((d) => d.body)),
    bodyHeaders: documents.map((d) => (d.withToken ? token : undefined)),
    freshIpHeader: FORWARDED_FOR_HEADER,
    expect: 'refused',
  };
}
