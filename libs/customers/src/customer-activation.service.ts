import { Inject, Injectable, Optional } from '@nestjs/common';
import { CLOCK, type Clock, systemClock } from '@platform/clock';
import { JobsAfterCommit } from '@platform/events';
import { LockMode } from '@mikro-orm/core';
import { type RequestContext, shopOrigin } from '@platform/request';
import { activationTokenIsLive, activationUrl, alreadyEnabled, inviteRecord, linkExpired, newActivationLink } from './activation-link.rules.js';
import { accountProblems } from './customer-account.rules.js';
import { CustomerDirectoryService } from './customer-directory.service.js';
import { confirmationMismatch } from './customer-input.rules.js';
import { hashPassword } from './customer-password.js';
import { SendCustomerEmailJob } from './jobs/send-customer-email.job.js';
import { isRecordId } from '@platform/ids';
import { Refused } from './customer-writes.js';
import type { CustomerInviteInput } from './customer.inputs.js';
import type { ActivationUrlResult, CustomerInviteResult, CustomerWriteResult } from './customer.records.js';
import { Customer } from './customer.entity.js';
import { type CustomerError, customerNotFound } from './customers.errors.js';

/**
 * Account activation: the one live link of a customer (a new one replaces it), the invite email that carries it, and
 * the hosted page's form that uses it up. CustomersService answers for these; the link's rules are activation-link.rules.ts.
 */
@Injectable()
export class CustomerActivationService {
  constructor(
    private readonly directory: CustomerDirectoryService,
    private readonly jobs: JobsAfterCommit,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  // The time rules and expiries are judged at (the process' clock: tests move it).
  private now(): Date {
    return new Date(this.clock.now());
  }

  /** Gives the customer a new link (replacing the old one) and returns its token; the caller flushes. */
  issueLink(ctx: RequestContext, customer: Customer, now: Date): string {
    const link = newActivationLink(now);
    customer.activationTokenHash = link.hash;
    customer.activationExpiresAt = link.expiresAt;
    customer.updatedAt = now;
    return link.token;
  }

  async activationUrl(ctx: RequestContext, id: number): Promise<ActivationUrlResult> {
    try {
      const token = await this.withCustomer(ctx, id, (customer) => {
        if (customer.state === 'enabled') throw new Refused([alreadyEnabled()]);
        // A disabled customer stays disabled until the link is used (the hosted platform's behaviour).
        return this.issueLink(ctx, customer, this.now());
      });
      return { url: activationUrl(ctx.origin, id, token), problems: [] };
    } catch (error) {
      if (error instanceof Refused) return { url: null, problems: error.problems };
      throw error;
    }
  }

  /** Queues the invite email with a new link; the customer becomes `invited`. */
  async sendInvite(ctx: RequestContext, id: number, invite: CustomerInviteInput): Promise<CustomerInviteResult> {
    try {
      const sent = await this.withCustomer(ctx, id, (customer) => {
        if (customer.state === 'enabled') throw new Refused([alreadyEnabled()]);
        const { invite: record, problems } = inviteRecord(invite ?? {}, customer.email ?? null, ctx.shop.domain);
        if (!record) throw new Refused(problems);
        const token = this.issueLink(ctx, customer, this.now());
        customer.state = 'invited';
        // The link is e-mailed: on the shop's domain, never on a Host the caller sent.
        const url = activationUrl(shopOrigin(ctx.shop, ctx.origin), id, token);
        this.jobs.enqueue(ctx, SendCustomerEmailJob, { template: 'customer_account_invite', customerId: id, activationUrl: url, invite: record });
        return { record };
      });
      return { invite: sent.record, customer: await this.directory.customer(ctx, id), problems: [] };
    } catch (error) {
      if (error instanceof Refused) return { invite: null, customer: null, problems: error.problems };
      throw error;
    }
  }

  /**
   * The hosted page's form. A dead link (unknown customer, replaced, used, expired) is EXPIRED whatever the password;
   * with the live one, the password rules apply and the link stays live until a valid password is set.
   */
  async activate(ctx: RequestContext, id: number, token: string, password: string, passwordConfirmation: string): Promise<CustomerWriteResult> {
    const live = (customer: Customer | null) =>
      customer !== null && activationTokenIsLive(token, { hash: customer.activationTokenHash ?? null, expiresAt: customer.activationExpiresAt ?? null }, this.now());
    const found = isRecordId(id) ? await ctx.em.findOne(Customer, { id, shopId: ctx.shop.id }, { disableIdentityMap: true }) : null;
    if (!live(found)) return failed([linkExpired()]);
    const problems: CustomerError[] = accountProblems({ password: typeof password === 'string' ? password : '' }, '', false);
    if (password !== passwordConfirmation) problems.push(confirmationMismatch());
    if (problems.length > 0) return failed(problems);
    const passwordHash = await hashPassword(password);
    try {
      await this.withCustomer(ctx, id, (customer) => {
        // Checked again under the lock: two submissions of one link enable the account once.
        if (!live(customer)) throw new Refused([linkExpired()]);
        customer.state = 'enabled';
        customer.passwordHash = passwordHash;
        customer.activationTokenHash = null;
        customer.activationExpiresAt = null;
        customer.verifiedEmail = true;
        customer.updatedAt = this.now();
      });
    } catch (error) {
      if (error instanceof Refused) return failed(error.problems);
      throw error;
    }
    return { customer: await this.directory.customer(ctx, id), problems: [] };
  }

  // Runs `change` on the customer, locked, in a transaction that commits what it changed; NOT_FOUND when the shop
  // has no such customer. `change` throws Refused to roll back and answer problems.
  private async withCustomer<T>(ctx: RequestContext, id: number, change: (customer: Customer) => T): Promise<T> {
    if (!isRecordId(id)) throw new Refused([customerNotFound()]);
    return ctx.em.transactional(async (em) => {
      const customer = await em.findOne(Customer, { id, shopId: ctx.shop.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!customer) throw new Refused([customerNotFound()]);
      const result = change(customer);
      await em.flush();
      return result;
    });
  }
}

function failed(problems: CustomerError[]): CustomerWriteResult {
  return { customer: null, problems };
}
