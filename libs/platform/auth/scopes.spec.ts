import { ALL_SCOPES, expandScopes, parseScopes } from './scopes.js';
import { generateToken, hashToken, hashesMatch } from './token-crypto.js';

describe('scopes', () => {
  it('write implies read', () => {
    const scopes = expandScopes(['write_products', 'unauthenticated_write_customers']);
    expect(scopes.has('read_products')).toBe(true);
    expect(scopes.has('unauthenticated_read_customers')).toBe(true);
    expect(scopes.has('read_orders')).toBe(false);
  });

  it('parses all and comma lists, reporting unknown names', () => {
    expect(parseScopes('all').scopes).toEqual(ALL_SCOPES);
    expect(parseScopes('read_products, write_orders,bogus')).toEqual({ scopes: ['read_products', 'write_orders'], unknown: ['bogus'] });
  });
});

describe('token crypto', () => {
  it('makes distinct random tokens with a kind prefix', () => {
    const a = generateToken('admin');
    expect(a).toMatch(/^platat_[0-9a-f]{32}$/);
    expect(generateToken('storefront_public')).toMatch(/^[0-9a-f]{32}$/);
    expect(generateToken('storefront_private')).toMatch(/^platsp_[0-9a-f]{32}$/);
    expect(generateToken('admin')).not.toBe(a);
  });

  it('compares hashes, not tokens', () => {
    const token = generateToken('admin');
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashesMatch(hashToken(token), hashToken(token))).toBe(true);
    expect(hashesMatch(hashToken(token), hashToken(`${token}x`))).toBe(false);
  });
});
