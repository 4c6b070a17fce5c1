import { Inject, Injectable, Optional } from '@nestjs/common';
import { CLOCK, type Clock, systemClock } from '@platform/clock';
import { LockMode } from '@mikro-orm/core';
import { type EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { SqlPool, insertRows } from '@platform/database';
import { MAX_TAGS } from '@platform/errors';
import { JobsAfterCommit } from '@platform/events';
import { MetafieldsService } from '@platform/metafields';
import { Decimal, parseMoney } from '@platform/money';
import { type RequestContext, inTransaction, shopOrigin } from '@platform/request';
import { checkedTags, tagsAfter, tooManyTags } from '@platform/tags';
import { activationUrl, inviteRecord, newActivationLink } from './activation-link.rules.js';
import { CustomerAccessToken } from './customer-access-token.entity.js';
import { CustomerActivationService } from './customer-activation.service.js';
import { CustomerAddress } from './customer-address.entity.js';
import { CustomerDirectoryService } from './customer-directory.service.js';
import {
  type AddressChange,
  type MetafieldChange,
  checkAddressChange,
  checkCustomerInput,
  consentNeedsEmail,
  consentNeedsPhone,
  contactProblems,
  emailConsent,
  smsConsent,
} from './customer-input.rules.js';
import { hashPassword } from './customer-password.js';
import { type CustomerEmailData, SendCustomerEmailJob } from './jobs/send-customer-email.job.js';
import { type CreatedCustomerRow, Refused, applyFields, clashes, createdCustomer, newCustomerValues, replaceAddresses, takenBy } from './customer-writes.js';
import { isRecordId } from '@platform/ids';
import type { CustomerInput, CustomerInviteInput, CustomerOrderStats, MarketingConsentInput, NewCustomer, SmsMarketingConsentInput } from './customer.inputs.js';
import type { ActivationUrlResult, CustomerDeletion, CustomerDetailRecord, CustomerInviteResult, CustomerRef, CustomerWriteResult, ImportedCustomer } from './customer.records.js';
import { Customer } from './customer.entity.js';
import { normalizeEmail } from '@platform/contact';
import { customerRows } from './customer.rules.js';
import { ADD_ORDER_STATS, CREATE_CUSTOMER, CUSTOMER_ORDERS_FOR_DELETE } from './customer.sql.js';
import { type CustomerError, CustomerErrors, customerNotFound } from './customers.errors.js';


/**
 * Customers' writes: the merchant's use cases (REST and admin GraphQL), activation, bulk imports and seeding, and
 * the order totals kept on each customer. Reads for the merchant are CustomerDirectoryService's.
 */
@Injectable()
export class CustomersService {
  constructor(
    private readonly directory: CustomerDirectoryService,
    private readonly activation: CustomerActivationService,
    private readonly metafields: MetafieldsService,
    private readonly jobs: JobsAfterCommit,
    private readonly sql: SqlPool,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  // The time rules and expiries are judged at (the process' clock: tests move it).
  private now(): Date {
    return new Date(this.clock.now());
  }

  /** Creates customers with their addresses in one transaction, with multi-row inserts (bulk import and seeding). */
  async importCustomers(ctx: RequestContext, customers: NewCustomer[]): Promise<ImportedCustomer[]> {
    if (customers.length === 0) return [];
    const shopId = ctx.shop.id;
    const prepared = customers.map((c, i) => customerRows(c, `customers[${i}]`));
    try {
      return await ctx.em.transactional(async (em) => {
        const ids = await insertRows(em, Customer, prepared.map((c) => ({ shopId, ...c.customer })));
        const addressIds = await insertRows(
          em,
          CustomerAddress,
          prepared.flatMap((c, i) => c.addresses.map((a) => ({ shopId, customerId: ids[i], ...a }))),
        );
        let a = 0;
        return prepared.map((c, i) => ({ id: ids[i], email: c.customer.email, addressIds: c.addresses.map(() => addressIds[a++]) }));
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        throw CustomerErrors.TAKEN('has already been taken', { field: 'email' });
      }
      throw error;
    }
  }

  // ---- The merchant's use cases (REST and admin GraphQL). Input problems come back as `problems` (nothing written);
  // fields are named as in CustomerInput (`email`, `addresses[1].countryCode`, `base`). Each write is one
  // transaction; the customer it answers is read after the commit, as the directory shows it.

  /**
   * Creates a customer: with password + passwordConfirmation `enabled` (a welcome email unless sendEmailWelcome is
   * false), without `disabled` (sendEmailInvite: an invite email, state `invited`). Emails are jobs asked for in the
   * create's transaction (JobsAfterCommit).
   */
  async create(ctx: RequestContext, input: CustomerInput): Promise<CustomerWriteResult> {
    const now = this.now();
    const { problems, changes } = checkCustomerInput(input, true, now);
    const contact = { email: changes.email ?? null, phone: changes.phone ?? null, firstName: changes.firstName ?? null, lastName: changes.lastName ?? null };
    problems.push(...contactProblems(contact, changes, problems));
    const inviting = input?.sendEmailInvite === true && changes.password === undefined;
    if (inviting && !contact.email && !problems.some((p) => p.field === 'email')) {
      problems.push(CustomerErrors.BLANK("Email can't be blank when an account invite is sent", { field: 'email' }));
    }
    if (problems.length > 0) return failed(problems);
    const passwordHash = changes.password === undefined ? null : await hashPassword(changes.password);
    const link = inviting ? newActivationLink(now) : null;
    const state = passwordHash ? 'enabled' : inviting ? 'invited' : 'disabled';
    const values = newCustomerValues(ctx.shop.id, { state, passwordHash, currency: ctx.shop.currency, activation: link }, changes);

    // Invited: the invite carries the new link; with a password: a welcome (unless declined).
    const email = link
      ? (id: number): CustomerEmailData => ({
          template: 'customer_account_invite',
          customerId: id,
          activationUrl: activationUrl(shopOrigin(ctx.shop, ctx.origin), id, link.token),
          invite: inviteRecord({}, contact.email, ctx.shop.domain).invite!,
        })
      : passwordHash && contact.email && input.sendEmailWelcome !== false
        ? (id: number): CustomerEmailData => ({ template: 'customer_account_welcome', customerId: id })
        : null;
    try {
      return { customer: await this.insertCustomer(ctx, values, changes.metafields ?? [], email), problems: [] };
    } catch (error) {
      const taken = takenBy(error) ?? rethrow(error);
      // The unique index names one clash; the answer names every field another customer has.
      const clashing = await clashes(ctx.em, contact, null);
      return failed(clashing.length > 0 ? clashing : taken);
    }
  }

  // One statement, atomic on its own, answering the customer; metafields and an email join it in a transaction.
  private async insertCustomer(
    ctx: RequestContext,
    values: unknown[],
    metafields: MetafieldChange[],
    email: ((id: number) => CustomerEmailData) | null,
  ): Promise<CustomerDetailRecord> {
    if (metafields.length === 0 && !email) return createdCustomer((await this.sql.rows<CreatedCustomerRow>(ctx, CREATE_CUSTOMER, values))[0]!);
    return ctx.em.transactional(async (em) => {
      const tx = inTransaction(ctx, em);
      const [row] = await this.sql.rows<CreatedCustomerRow>(tx, CREATE_CUSTOMER, values);
      await this.metafields.setMetafields(tx, 'CUSTOMER', row!.id, metafields);
      if (email) this.jobs.enqueue(tx, SendCustomerEmailJob, email(row!.id));
      return createdCustomer(row!);
    });
  }

  /**
   * Changes the fields the input sets; an unknown id is a NOT_FOUND problem. A list of addresses replaces the
   * customer's: those with an id change, the others are added, and addresses it does not name are removed.
   */
  async update(ctx: RequestContext, id: number, input: CustomerInput): Promise<CustomerWriteResult> {
    const current = isRecordId(id) ? await ctx.em.findOne(Customer, { id, shopId: ctx.shop.id }, { disableIdentityMap: true }) : null;
    if (!current) return failed([customerNotFound()]);
    const now = this.now();
    const { problems, changes } = checkCustomerInput(input, false, now);
    problems.push(...(await this.addressesOfCustomer(ctx, id, changes.addresses ?? [])));
    const contact = {
      email: changes.email !== undefined ? changes.email : (current.email ?? null),
      phone: changes.phone !== undefined ? changes.phone : (current.phone ?? null),
      firstName: changes.firstName !== undefined ? changes.firstName : (current.firstName ?? null),
      lastName: changes.lastName !== undefined ? changes.lastName : (current.lastName ?? null),
    };
    problems.push(...contactProblems(contact, changes, problems));
    if (problems.length > 0) return failed(problems);
    const clashing = await clashes(ctx.em, { email: changes.email, phone: changes.phone }, id);
    if (clashing.length > 0) return failed(clashing);
    const passwordHash = changes.password === undefined ? undefined : await hashPassword(changes.password);

    return this.write(ctx, id, async (customer, em) => {
      applyFields(customer, changes);
      if (passwordHash !== undefined) {
        // A password makes an account; an activation link still out there has nothing left to do.
        customer.passwordHash = passwordHash;
        customer.state = 'enabled';
        customer.activationTokenHash = null;
        customer.activationExpiresAt = null;
      }
      if (changes.addresses) {
        const existing = await em.find(CustomerAddress, { shopId: ctx.shop.id, customerId: id }, { orderBy: { id: 'asc' } });
        await replaceAddresses(em, ctx.shop.id, id, existing, changes.addresses);
      }
      await this.metafields.setMetafields(inTransaction(ctx, em), 'CUSTOMER', id, changes.metafields ?? []);
      customer.updatedAt = now;
    });
  }

  /** Deletes a customer without orders (HAS_ORDERS otherwise; NOT_FOUND for an unknown id), its addresses and metafields. */
  async delete(ctx: RequestContext, id: number): Promise<CustomerDeletion> {
    if (!isRecordId(id)) return { deletedId: null, problems: [customerNotFound()] };
    return ctx.em.transactional(async (em) => {
      // The order count kept here, and any order row still naming the customer (orders imported without their
      // totals): deleting would leave those orders without their customer.
      const [row] = await this.sql.rows<{ orders_count: number; has_orders: boolean }>(inTransaction(ctx, em), CUSTOMER_ORDERS_FOR_DELETE, [ctx.shop.id, id]);
      if (!row) return { deletedId: null, problems: [customerNotFound()] };
      if (row.orders_count > 0 || row.has_orders) {
        return { deletedId: null, problems: [CustomerErrors.HAS_ORDERS("Customer can't be deleted because they have orders", { field: 'base' })] };
      }
      await this.metafields.deleteMetafields(inTransaction(ctx, em), 'CUSTOMER', id);
      // Addresses and access tokens go with the customer (on delete cascade).
      await em.nativeDelete(Customer, { shopId: ctx.shop.id, id });
      return { deletedId: id, problems: [] };
    });
  }

  /** tagsAdd / tagsRemove on a customer (the Customer registration of the TaggableRegistry): the tags after the change. */
  async changeTags(ctx: RequestContext, id: number, add: readonly string[], remove: readonly string[]): Promise<CustomerWriteResult> {
    const problems: CustomerError[] = [];
    const adding = checkedTags(problems, 'tags', add);
    const removing = checkedTags(problems, 'tags', remove);
    return this.write(ctx, id, (customer) => {
      if (problems.length > 0) throw new Refused(problems);
      const tags = tagsAfter(customer.tags, adding!, removing!);
      if (tags.length > MAX_TAGS) throw new Refused([tooManyTags()]);
      customer.tags = tags;
      customer.updatedAt = this.now();
    });
  }

  async updateEmailMarketingConsent(ctx: RequestContext, id: number, consent: MarketingConsentInput): Promise<CustomerWriteResult> {
    const problems: CustomerError[] = [];
    const now = this.now();
    const value = emailConsent(problems, 'emailMarketingConsent', consent, now);
    return this.write(ctx, id, (customer) => {
      if (!customer.email) problems.push(consentNeedsEmail());
      if (problems.length > 0) throw new Refused(problems);
      customer.emailMarketingConsent = value!;
      customer.updatedAt = now;
    });
  }

  async updateSmsMarketingConsent(ctx: RequestContext, id: number, consent: SmsMarketingConsentInput): Promise<CustomerWriteResult> {
    const problems: CustomerError[] = [];
    const now = this.now();
    const value = smsConsent(problems, 'smsMarketingConsent', consent, now);
    return this.write(ctx, id, (customer) => {
      if (!customer.phone) problems.push(consentNeedsPhone());
      if (problems.length > 0) throw new Refused(problems);
      customer.smsMarketingConsent = value;
      customer.updatedAt = now;
    });
  }

  /**
   * A new one-time activation URL on `ctx.origin` (`/account/activate/<id>/<token>`), valid 30 days; it replaces the
   * previous one. ALREADY_ENABLED for an enabled customer, NOT_FOUND for an unknown id.
   */
  activationUrl(ctx: RequestContext, id: number): Promise<ActivationUrlResult> {
    return this.activation.activationUrl(ctx, id);
  }

  /** Queues an account invite email (a job) with a new activation URL; the customer becomes `invited`. */
  sendInvite(ctx: RequestContext, id: number, invite: CustomerInviteInput): Promise<CustomerInviteResult> {
    return this.activation.sendInvite(ctx, id, invite);
  }

  /**
   * The hosted activation page's form: with the live token of the customer's link and a valid password (twice), the
   * customer becomes `enabled` and the link dies. EXPIRED for a replaced, used or old link.
   */
  activate(ctx: RequestContext, id: number, token: string, password: string, passwordConfirmation: string): Promise<CustomerWriteResult> {
    return this.activation.activate(ctx, id, token, password, passwordConfirmation);
  }

  // One write on a customer: locked in a transaction that commits what `change` did, then the customer as it now
  // is. NOT_FOUND for an id the shop does not have; `change` throws Refused to roll back and answer problems.
  private async write(ctx: RequestContext, id: number, change: (customer: Customer, em: EntityManager) => unknown): Promise<CustomerWriteResult> {
    if (!isRecordId(id)) return failed([customerNotFound()]);
    try {
      await ctx.em.transactional(async (em) => {
        const customer = await em.findOne(Customer, { id, shopId: ctx.shop.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (!customer) throw new Refused([customerNotFound()]);
        await change(customer, em);
        await em.flush();
      });
    } catch (error) {
      if (error instanceof Refused) return failed(error.problems);
      return failed(takenBy(error) ?? rethrow(error));
    }
    return this.answer(ctx, id);
  }

  private async answer(ctx: RequestContext, id: number): Promise<CustomerWriteResult> {
    return { customer: await this.directory.customer(ctx, id), problems: [] };
  }

  // Addresses of the input that name an id this customer does not have (another customer's, another shop's, none),
  // and the provinces the input sets on its addresses without their country, completed from the address' country.
  private async addressesOfCustomer(ctx: RequestContext, customerId: number, changes: AddressChange[]): Promise<CustomerError[]> {
    const ids = changes.flatMap((c) => (c.id === undefined ? [] : [c.id]));
    if (ids.length === 0) return [];
    const own = await ctx.em.find(CustomerAddress, { shopId: ctx.shop.id, customerId, id: { $in: ids } }, { fields: ['id', 'countryCode'], disableIdentityMap: true });
    const countries = new Map(own.map((a) => [a.id, a.countryCode ?? null]));
    const problems: CustomerError[] = [];
    changes.forEach((c, i) => {
      if (c.id === undefined) return;
      if (!countries.has(c.id)) {
        problems.push(CustomerErrors.INVALID('Address does not exist', { field: `addresses[${i}].id` }));
        return;
      }
      // A province set without its country is one of the address' country.
      const setsCountry = c.set.country !== undefined || c.set.countryCode !== undefined;
      if (!setsCountry && (c.set.province !== undefined || c.set.provinceCode !== undefined)) checkAddressChange(problems, `addresses[${i}]`, c, countries.get(c.id));
    });
    return problems;
  }

  /** Deletes the shop's customer access tokens that have expired (the daily job; logging in sweeps one customer's). */
  async deleteExpiredAccessTokens(ctx: RequestContext): Promise<number> {
    return ctx.em.nativeDelete(CustomerAccessToken, { shopId: ctx.shop.id, expiresAt: { $lte: this.now() } });
  }

  /** Customers of this shop with the given emails (case-insensitive). */
  async findByEmails(ctx: RequestContext, emails: string[]): Promise<CustomerRef[]> {
    if (emails.length === 0) return [];
    const rows = await ctx.em.find(
      Customer,
      { email: { $in: [...new Set(emails.map(normalizeEmail))] } },
      { fields: ['id', 'email'], orderBy: { id: 'asc' }, disableIdentityMap: true },
    );
    return rows.map((r) => ({ id: r.id, email: r.email! }));
  }

  /**
   * Adds orders to customers' ordersCount and totalSpent (e.g. after importing their orders). With `lastOrder` (the
   * newest of the orders added), lastOrderId/Name/At follow it unless a later order is already recorded, and a paid
   * one sets the customer's currency (the last paid order's).
   */
  async addOrderStats(ctx: RequestContext, stats: CustomerOrderStats[]): Promise<void> {
    stats.forEach((s, i) => {
      if (!Number.isSafeInteger(s.ordersCount) || s.ordersCount < 0 || parseMoney(s.amountSpent) === null) {
        throw CustomerErrors.INVALID('needs a non-negative count and amount', { field: `stats[${i}]` });
      }
      if (s.lastOrder !== undefined && !validLastOrder(s.lastOrder)) {
        throw CustomerErrors.INVALID('needs an id, a name, a processedAt date, an ISO 4217 currency and paid', { field: `stats[${i}].lastOrder` });
      }
    });
    await this.sql.run(ctx, ADD_ORDER_STATS, [
      ctx.shop.id,
      stats.map((s) => s.customerId),
      stats.map((s) => s.ordersCount),
      stats.map((s) => new Decimal(s.amountSpent).toFixed(2)),
      stats.map((s) => s.lastOrder?.id ?? null),
      stats.map((s) => s.lastOrder?.name ?? null),
      stats.map((s) => s.lastOrder?.processedAt.toISOString() ?? null),
      stats.map((s) => s.lastOrder?.currency ?? null),
      stats.map((s) => s.lastOrder?.paid ?? false),
    ]);
  }
}

function validLastOrder(o: NonNullable<CustomerOrderStats['lastOrder']>): boolean {
  return (
    Number.isSafeInteger(o.id) && o.id > 0 && typeof o.name === 'string' && o.name.length <= 255 && !o.name.includes('\0') &&
    o.processedAt instanceof Date && !Number.isNaN(o.processedAt.getTime()) && /^[A-Z]{3}$/.test(o.currency) && typeof o.paid === 'boolean'
  );
}

function failed(problems: CustomerError[]): CustomerWriteResult {
  return { customer: null, problems };
}

function rethrow(error: unknown): never {
  throw error;
}
