import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { insertRows } from '@platform/database';
import { Decimal, parseMoney } from '@platform/money';
import type { RequestContext } from '@platform/request';
import { CustomerAccessToken } from './customer-access-token.entity.js';
import { CustomerAddress } from './customer-address.entity.js';
import type { CustomerOrderStats, NewCustomer } from './customer.inputs.js';
import type { CustomerRef, ImportedCustomer } from './customer.records.js';
import { Customer } from './customer.entity.js';
import { customerRows, normalizeEmail } from './customer.rules.js';
import { CustomerErrors } from './customers.errors.js';

// Rows per UPDATE … FROM (VALUES …) statement (three parameters a row).
const STATS_PER_STATEMENT = 5_000;

/** Customers written and found in bulk: imports and seeding, and the order totals kept on each customer. */
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
