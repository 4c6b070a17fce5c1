import { hashPassword, isPasswordHash, verifyPassword } from './customer-password.js';
import { customerRows } from './customer.rules.js';

describe('customer passwords', () => {
  it('hashes with scrypt and a random salt, and verifies', async () => {
    const [a, b] = await Promise.all([hashPassword('s3cret!'), hashPassword('s3cret!')]);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b);
    expect(isPasswordHash(a)).toBe(true);
    expect(await verifyPassword('s3cret!', a)).toBe(true);
    expect(await verifyPassword('s3cret?', a)).toBe(false);
    expect(await verifyPassword('s3cret!', 'scrypt$16384$8$1$$')).toBe(false);
    expect(await verifyPassword('s3cret!', 'bcrypt$whatever')).toBe(false);
  });
});

describe('customerRows', () => {
  it('lowercases the email, derives the state and makes the first address the default', () => {
    const rows = customerRows({ email: ' Ada@Example.COM ', addresses: [{ city: 'Paris', countryCode: 'fr' }, { city: 'Lyon' }] });
    expect(rows.customer).toMatchObject({ email: 'ada@example.com', state: 'disabled', verifiedEmail: false });
    expect(rows.customer.emailMarketingConsent).toEqual({ state: 'not_subscribed', optInLevel: null, consentUpdatedAt: null });
    expect(rows.addresses.map((a) => [a.city, a.countryCode, a.isDefault])).toEqual([
      ['Paris', 'FR', true],
      ['Lyon', null, false],
    ]);
  });

  it('refuses a bad email, no contact at all, two default addresses and a password that is not a hash', () => {
    expect(() => customerRows({ email: 'not-an-email' })).toThrow(expect.objectContaining({ field: 'customer.email', code: 'INVALID' }));
    expect(() => customerRows({})).toThrow(expect.objectContaining({ field: 'customer.email', code: 'BLANK' }));
    expect(() => customerRows({ email: 'a@b.co', addresses: [{ isDefault: true }, { isDefault: true }] })).toThrow(
      expect.objectContaining({ field: 'customer.addresses' }),
    );
    expect(() => customerRows({ email: 'a@b.co', passwordHash: 'hunter2' })).toThrow(expect.objectContaining({ field: 'customer.passwordHash' }));
  });

  it('checks and completes each address as every address is (@platform/contact), refusing the first problem', () => {
    const [address] = customerRows({ email: 'a@b.co', addresses: [{ country: 'United States', province: 'new york', zip: ' 10001 ' }] }).addresses;
    expect(address).toEqual({
      firstName: null, lastName: null, company: null, address1: null, address2: null, city: null, province: 'New York', provinceCode: 'NY',
      country: 'United States', countryCode: 'US', zip: '10001', phone: null, isDefault: true,
    });
    expect(() => customerRows({ email: 'a@b.co', addresses: [{ city: 'Paris' }, { countryCode: 'ZZ' }] })).toThrow(
      expect.objectContaining({ field: 'customer.addresses[1].countryCode', code: 'INVALID' }),
    );
  });
});
