// Access scopes as the hosted platform names them. Admin: read_X / write_X (write implies read).
const ADMIN_RESOURCES = ['products', 'customers', 'orders', 'content', 'inventory', 'locations', 'platform_payments', 'platform_payments_payouts'] as const;

type AdminResource = (typeof ADMIN_RESOURCES)[number];
export type AdminScope = `read_${AdminResource}` | `write_${AdminResource}`;

export const ADMIN_SCOPES: readonly AdminScope[] = ADMIN_RESOURCES.flatMap((r) => [`read_${r}` as const, `write_${r}` as const]);

export const STOREFRONT_SCOPES = [
  'unauthenticated_read_product_listings',
  'unauthenticated_read_product_inventory',
  'unauthenticated_read_product_tags',
  'unauthenticated_read_collection_listings',
  'unauthenticated_read_selling_plans',
  'unauthenticated_read_content',
  'unauthenticated_read_metaobjects',
  'unauthenticated_read_customers',
  'unauthenticated_write_customers',
  'unauthenticated_read_customer_tags',
  'unauthenticated_read_checkouts',
  'unauthenticated_write_checkouts',
] as const;
export type StorefrontScope = (typeof STOREFRONT_SCOPES)[number];

/** Every scope a declaration may name (`@RequiresScope`): a typo does not compile. */
export type Scope = AdminScope | StorefrontScope;

/** What a tokenless storefront request may do: the spec's "without a token" column. */
export const TOKENLESS_SCOPES: readonly StorefrontScope[] = [
  'unauthenticated_read_product_listings',
  'unauthenticated_read_product_inventory',
  'unauthenticated_read_collection_listings',
  'unauthenticated_read_selling_plans',
  'unauthenticated_read_content',
  'unauthenticated_read_checkouts',
  'unauthenticated_write_checkouts',
];

export const ALL_SCOPES: readonly Scope[] = [...ADMIN_SCOPES, ...STOREFRONT_SCOPES];
const KNOWN = new Set<string>(ALL_SCOPES);

/** Parses `all` or a comma list; returns the unknown names separately so callers can refuse them. */
export function parseScopes(input: string): { scopes: string[]; unknown: string[] } {
  const names = input.trim() === 'all' ? [...ALL_SCOPES] : input.split(',').map((s) => s.trim()).filter(Boolean);
  const unique = [...new Set(names)];
  return { scopes: unique.filter((s) => KNOWN.has(s)), unknown: unique.filter((s) => !KNOWN.has(s)) };
}

/** The granted scopes plus what they imply (write_X grants read_X). */
export function expandScopes(granted: Iterable<string>): ReadonlySet<string> {
  const out = new Set<string>();
  for (const scope of granted) {
    out.add(scope);
    if (scope.startsWith('write_')) out.add(`read_${scope.slice('write_'.length)}`);
    if (scope.startsWith('unauthenticated_write_')) out.add(`unauthenticated_read_${scope.slice('unauthenticated_write_'.length)}`);
  }
  return out;
}
