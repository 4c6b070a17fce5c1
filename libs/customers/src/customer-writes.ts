import type { EntityManager } from '@mikro-orm/postgresql';
import { ADDRESS_FIELDS, blankAddress } from '@platform/contact';
import { uniqueViolation } from '@platform/database';
import type { AddressChange, CustomerChanges } from './customer-input.rules.js';
import { CustomerAddress } from './customer-address.entity.js';
import type { AddressRecord, CustomerDetailRecord, CustomerSummaryRecord } from './customer.records.js';
import { Customer, type CustomerState } from './customer.entity.js';
import { type CustomerError, taken } from './customers.errors.js';

// The pieces of the merchant's writes that touch rows: the customer's own fields, its addresses, and the unique
// violations a concurrent write can still cause. The use cases (customers.service.ts) hold the transaction.

/** A write that found problems inside its transaction: thrown to roll it back, answered as `problems`. */
export class Refused extends Error {
  constructor(readonly problems: CustomerError[]) {
    super('refused');
  }
}


/** Sets the customer's fields that `changes` names (not password, addresses or metafields). */
export function applyFields(customer: Customer, changes: CustomerChanges): void {
  const keys = [
    'firstName', 'lastName', 'email', 'phone', 'note', 'tags', 'taxExempt', 'taxExemptions', 'multipassIdentifier', 'verifiedEmail',
    'emailMarketingConsent', 'smsMarketingConsent',
  ] as const;
  for (const key of keys) {
    if (changes[key] !== undefined) (customer as unknown as Record<string, unknown>)[key] = changes[key];
  }
}

/**
 * Replaces a customer's addresses with `changes` (an update's address list): addresses it names by id change, the
 * others are added, and the customer's addresses it does not name are deleted. A deleted default passes to the
 * first address left, as when a default is unmarked.
 */
export async function replaceAddresses(em: EntityManager, shopId: number, customerId: number, existing: CustomerAddress[], changes: AddressChange[]): Promise<void> {
  const named = new Set(changes.flatMap((c) => (c.id === undefined ? [] : [c.id])));
  const removed = existing.filter((a) => !named.has(a.id)).map((a) => a.id);
  if (removed.length > 0) await em.nativeDelete(CustomerAddress, { shopId, customerId, id: { $in: removed } });
  await writeAddresses(em, shopId, customerId, existing.filter((a) => named.has(a.id)), changes);
}

/**
 * Changes and adds a customer's addresses (`existing` are all of them, oldest first; ids in `changes` are theirs)
 * and keeps exactly one default while it has any: the one marked, else the current one unless unmarked, else the
 * first. The old default is cleared first, as the one-default index does not wait for the end of the statement.
 */
async function writeAddresses(em: EntityManager, shopId: number, customerId: number, existing: CustomerAddress[], changes: AddressChange[]): Promise<void> {
  if (changes.length === 0) return;
  const byId = new Map(existing.map((a) => [a.id, a]));
  const unmarked = new Set<CustomerAddress>();
  let marked: CustomerAddress | undefined;
  const added: CustomerAddress[] = [];
  for (const change of changes) {
    const row = change.id === undefined
      ? em.create(CustomerAddress, { shopId, customerId, ...blankAddress(), ...change.set, isDefault: false })
      : Object.assign(byId.get(change.id)!, change.set);
    if (change.id === undefined) added.push(row);
    if (change.isDefault === true) marked = row;
    if (change.isDefault === false) unmarked.add(row);
  }
  const all = [...existing, ...added];
  const current = existing.find((a) => a.isDefault);
  const target = marked ?? (current && !unmarked.has(current) ? current : (all.find((a) => !unmarked.has(a)) ?? all[0]));
  if (current && current !== target) {
    await em.nativeUpdate(CustomerAddress, { shopId, customerId, isDefault: true }, { isDefault: false });
  }
  for (const row of all) row.isDefault = row === target;
  await em.flush();
}

/** The TAKEN problems a unique violation stands for (another customer has the email or phone), or null. */
export function takenBy(error: unknown): CustomerError[] | null {
  const constraint = uniqueViolation(error);
  if (constraint === 'customers_shop_id_email_unique') return [taken('', 'email')];
  if (constraint === 'customers_shop_id_phone_unique') return [taken('', 'phone')];
  return null;
}

/** What a new customer starts with besides the input's fields. */
export interface NewCustomerStart {
  state: CustomerState;
  passwordHash: string | null;
  currency: string;
  activation: { hash: string; expiresAt: Date } | null;
}

/**
 * The values of CREATE_CUSTOMER (customer.sql.ts) for a checked create: a column's default where the input leaves
 * it, and the addresses one array per column with the default chosen as an update would choose it.
 */
export function newCustomerValues(shopId: number, start: NewCustomerStart, changes: CustomerChanges): unknown[] {
  const addresses = (changes.addresses ?? []).map((change) => ({ ...blankAddress(), ...change.set }));
  const defaultAt = newDefaultAddress(changes.addresses ?? []);
  return [
    shopId, start.state, start.passwordHash, start.currency, changes.firstName ?? null, changes.lastName ?? null, changes.email ?? null,
    changes.phone ?? null, changes.note ?? null, changes.tags ?? [], changes.taxExempt ?? false, changes.taxExemptions ?? [],
    changes.multipassIdentifier ?? null, changes.verifiedEmail ?? false,
    changes.emailMarketingConsent ?? { state: 'not_subscribed', optInLevel: null, consentUpdatedAt: null }, changes.smsMarketingConsent ?? null,
    start.activation?.hash ?? null, start.activation?.expiresAt ?? null,
    ...ADDRESS_FIELDS.map((field) => addresses.map((address) => address[field])),
    addresses.map((_, i) => i === defaultAt),
  ];
}

// Which of a new customer's addresses is the default: the one marked, else the first not unmarked, else the first.
function newDefaultAddress(changes: AddressChange[]): number {
  const marked = changes.findLastIndex((c) => c.isDefault === true);
  if (marked >= 0) return marked;
  const first = changes.findIndex((c) => c.isDefault !== false);
  return first >= 0 ? first : 0;
}

/** The row CREATE_CUSTOMER answers. */
export type CreatedCustomerRow = CustomerSummaryRecord & { addresses: AddressRecord[] };

/**
 * The customer CREATE_CUSTOMER answers, as the directory shows it: the ten newest addresses (all of one instant, so
 * the highest ids; the statement lists them so) and the default wherever it ranks.
 */
export function createdCustomer(row: CreatedCustomerRow): CustomerDetailRecord {
  const { addresses, ...customer } = row;
  return { ...customer, addresses: addresses.slice(0, 10), defaultAddress: addresses.find((a) => a.isDefault) ?? null };
}

/** Email and phone belong to one customer of the shop: the TAKEN problems of `contact` (`self` excluded). */
export async function clashes(em: EntityManager, contact: { email?: string | null; phone?: string | null }, self: number | null): Promise<CustomerError[]> {
  const others = self === null ? {} : { id: { $ne: self } };
  const [email, phone] = await Promise.all([
    contact.email ? em.count(Customer, { email: contact.email, ...others }) : 0,
    contact.phone ? em.count(Customer, { phone: contact.phone, ...others }) : 0,
  ]);
  return [...(email > 0 ? [taken('', 'email')] : []), ...(phone > 0 ? [taken('', 'phone')] : [])];
}
