import type { RequestContext } from '@platform/request';
import { CustomerAddress } from '../customer-address.entity.js';
import type { NewCustomer } from '../customer.inputs.js';
import type { ImportedCustomer } from '../customer.records.js';
import { hashPassword } from '../customer-password.js';
import { Customer } from '../customer.entity.js';
import { customerRows } from '../customer.rules.js';

/** What a test says about the customer it needs; the rest gets valid defaults (a unique email, one address). */
export interface CustomerTraits extends Omit<NewCustomer, 'passwordHash'> {
  /** An enabled account that logs in with this password (unless `state` says otherwise). */
  password?: string;
  /** A field of the merchant's customer that imports do not take. */
  multipassIdentifier?: string | null;
}

let made = 0;

/** A customer of ctx's shop with its addresses, validated by the same rules as an import. */
export async function createCustomer(ctx: RequestContext, traits: CustomerTraits = {}): Promise<ImportedCustomer> {
  made += 1;
  const { password, multipassIdentifier, ...customer } = traits;
  const rows = customerRows({
    email: `customer-${made}@factory.example`,
    firstName: 'Ada',
    lastName: `Tester ${made}`,
    addresses: [{ address1: `${made} Test Street`, city: 'Ottawa', province: 'Ontario', provinceCode: 'ON', country: 'Canada', countryCode: 'CA', zip: 'K1A 0B1' }],
    currency: ctx.shop.currency,
    ...customer,
    passwordHash: password === undefined ? null : await hashPassword(password),
  });
  return ctx.em.transactional(async (em) => {
    const row = em.create(Customer, { shopId: ctx.shop.id, ...rows.customer, multipassIdentifier: multipassIdentifier ?? null });
    await em.flush();
    const addresses = rows.addresses.map((a) => em.create(CustomerAddress, { shopId: ctx.shop.id, customerId: row.id, ...a }));
    await em.flush();
    return { id: row.id, email: row.email ?? null, addressIds: addresses.map((a) => a.id) };
  });
}
