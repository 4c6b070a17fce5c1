import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { insertRows } from '@platform/database';
import { Decimal, parseMoney } from '@platform/money';
import type { RequestContext } from '@platform/request';
import { CustomerAccessToken } from './customer-access-token.entity.js';
import { CustomerAddress } from './customer-address.entity.js';
import type { CustomerInput, CustomerInviteInput, CustomerOrderStats, MarketingConsentInput, NewCustomer, SmsMarketingConsentInput } from './customer.inputs.js';
import type { ActivationUrlResult, CustomerDeletion, CustomerInviteResult, CustomerRef, CustomerWriteResult, ImportedCustomer } from './customer.records.js';
import { Customer } from './customer.entity.js';
import { customerRows, normalizeEmail } from './customer.rules.js';
import { CustomerErrors } from './customers.errors.js';

// Rows per UPDATE … FROM (VALUES …) statement (three parameters a row).
const STATS_PER_STATEMENT = 5_000;

/**
 * Customers' writes: the merchant's use cases (REST and admin GraphQL), activation, bulk imports and seeding, and
 * the order totals kept on each customer. Reads for the merchant are CustomerDirectoryService's.
 */
@Injectable()
export class CustomersService {
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
  // fields are named as in CustomerInput (`email`, `addresses[1].countryCode`, `base`).

  /**
   * Creates a customer: with password + passwordConfirmation `enabled` (a welcome email unless sendEmailWelcome is
   * false), without `disabled` (sendEmailInvite: an invite email, state `invited`). Emails are jobs enqueued after commit.
   */
  async create(ctx: RequestContext, input: CustomerInput): Promise<CustomerWriteResult> {
    throw new Error(`not built yet: create ${ctx.shop.id} ${Object.keys(input).length}`);
  }

  /** Changes the fields the input sets; an unknown id is a NOT_FOUND problem. */
  async update(ctx: RequestContext, id: number, input: CustomerInput): Promise<CustomerWriteResult> {
    throw new Error(`not built yet: update ${ctx.shop.id} ${id} ${Object.keys(input).length}`);
  }

  /** Deletes a customer without orders (HAS_ORDERS otherwise; NOT_FOUND for an unknown id). */
  async delete(ctx: RequestContext, id: number): Promise<CustomerDeletion> {
    throw new Error(`not built yet: delete ${ctx.shop.id} ${id}`);
  }

  /** tagsAdd / tagsRemove on a customer: the tags after the change. */
  async changeTags(ctx: RequestContext, id: number, add: string[], remove: string[]): Promise<CustomerWriteResult> {
    throw new Error(`not built yet: tags ${ctx.shop.id} ${id} ${add.length} ${remove.length}`);
  }

  async updateEmailMarketingConsent(ctx: RequestContext, id: number, consent: MarketingConsentInput): Promise<CustomerWriteResult> {
    throw new Error(`not built yet: consent ${ctx.shop.id} ${id} ${consent.state}`);
  }

  async updateSmsMarketingConsent(ctx: RequestContext, id: number, consent: SmsMarketingConsentInput): Promise<CustomerWriteResult> {
    throw new Error(`not built yet: sms consent ${ctx.shop.id} ${id} ${consent.state}`);
  }

  /**
   * A new one-time activation URL on `ctx.origin` (`/account/activate/<id>/<token>`), valid 30 days; it replaces the
   * previous one. ALREADY_ENABLED for an enabled customer, NOT_FOUND for an unknown id.
   */
  async activationUrl(ctx: RequestContext, id: number): Promise<ActivationUrlResult> {
    throw new Error(`not built yet: activation ${ctx.shop.id} ${id}`);
  }

  /** Queues an account invite email (a job) with a new activation URL; the customer becomes `invited`. */
  async sendInvite(ctx: RequestContext, id: number, invite: CustomerInviteInput): Promise<CustomerInviteResult> {
    throw new Error(`not built yet: invite ${ctx.shop.id} ${id} ${Object.keys(invite).length}`);
  }

  /**
   * The hosted activation page's form: with the live token of the customer's link and a valid password (twice), the
   * customer becomes `enabled` and the link dies. EXPIRED for a replaced, used or old link.
   */
  async activate(ctx: RequestContext, id: number, token: string, password: string, passwordConfirmation: string): Promise<CustomerWriteResult> {
    throw new Error(`not built yet: activate ${ctx.shop.id} ${id} ${token.length} ${password.length} ${passwordConfirmation.length}`);
  }

  /** Deletes the shop's customer access tokens that have expired (the daily job; logging in sweeps one customer's). */
  async deleteExpiredAccessTokens(ctx: RequestContext): Promise<number> {
    return ctx.em.nativeDelete(CustomerAccessToken, { shopId: ctx.shop.id, expiresAt: { $lte: new Date() } });
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

  /** Adds orders to customers' ordersCount and totalSpent (e.g. after importing their orders). */
  async addOrderStats(ctx: RequestContext, stats: CustomerOrderStats[]): Promise<void> {
    stats.forEach((s, i) => {
      if (!Number.isSafeInteger(s.ordersCount) || s.ordersCount < 0 || parseMoney(s.amountSpent) === null) {
        throw CustomerErrors.INVALID('needs a non-negative count and amount', { field: `stats[${i}]` });
      }
    });
    await ctx.em.transactional(async (em) => {
      for (let start = 0; start < stats.length; start += STATS_PER_STATEMENT) {
        const chunk = stats.slice(start, start + STATS_PER_STATEMENT);
        // One statement per chunk; shop_id in the WHERE keeps another shop's customers out of reach.
        await em.getConnection().execute(
          `update customers c
              set orders_count = c.orders_count + v.orders_count, total_spent = c.total_spent + v.amount, updated_at = now()
             from (values ${chunk.map(() => '(?::bigint, ?::integer, ?::numeric)').join(', ')}) as v (id, orders_count, amount)
            where c.id = v.id and c.shop_id = ?`,
          [...chunk.flatMap((s) => [s.customerId, s.ordersCount, new Decimal(s.amountSpent).toFixed(2)]), ctx.shop.id],
          'run',
          em.getTransactionContext(),
        );
      }
    });
  }
}
