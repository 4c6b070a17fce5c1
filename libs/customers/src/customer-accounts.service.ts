import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { CLOCK, type Clock, systemClock } from '@platform/clock';
import { LockMode } from '@mikro-orm/core';
import { type EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { hashToken } from '@platform/auth';
import type { RequestContext } from '@platform/request';
import { ThrottleService } from '@platform/throttling';
import { CustomerAccessToken } from './customer-access-token.entity.js';
import { accessTokenExpiry, accountChanges, accountProblems, consentAfter } from './customer-account.rules.js';
import { hashPassword, verifyPassword } from './customer-password.js';
import type { AccountInput } from './customer.inputs.js';
import type { AccessTokenDeletion, AccessTokenResult, AccountResult, CustomerRecord, IssuedAccessToken } from './customer.records.js';
import { Customer } from './customer.entity.js';
import { normalizeEmail } from '@platform/contact';
import { type CustomerError, accessTokenNotFound, taken, unidentifiedCustomer } from './customers.errors.js';

// Our tokens are 32 hex characters; anything much longer is not worth hashing.
const MAX_TOKEN_LENGTH = 200;

/**
 * Storefront customer accounts: sign-up, profile updates and access tokens (login, renew, logout), and the
 * reads behind the `customer(customerAccessToken:)` query. It writes customer_access_tokens (CustomersService deletes expired ones daily).
 * Problems with the caller's input come back in the result (nothing written); only bugs throw.
 */
@Injectable()
export class CustomerAccountsService {
  constructor(
    private readonly throttle: ThrottleService,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  // The time rules and expiries are judged at (the process' clock: tests move it).
  private now(): Date {
    return new Date(this.clock.now());
  }

  /** customerCreate: an enabled account with a password. */
  async signUp(ctx: RequestContext, input: AccountInput): Promise<AccountResult> {
    const problems = accountProblems(input, 'input', true);
    if (problems.length > 0) return failed(problems);
    const changes = accountChanges(input);
    const clashes = await this.clashes(ctx.em, changes, 'input', null);
    if (clashes.length > 0) return failed(clashes);
    const passwordHash = await hashPassword(changes.password!);
    const now = this.now();
    try {
      const customer = await ctx.em.transactional(async (em) => {
        const row = em.create(Customer, {
          shopId: ctx.shop.id,
          email: changes.email!,
          firstName: changes.firstName ?? null,
          lastName: changes.lastName ?? null,
          phone: changes.phone ?? null,
          state: 'enabled',
          passwordHash,
          emailMarketingConsent: consentAfter({ state: 'not_subscribed', optInLevel: null, consentUpdatedAt: null }, changes.acceptsMarketing ?? false, now),
          currency: ctx.shop.currency,
        });
        await em.flush();
        return row;
      });
      return { customer: customerRecord(customer), accessToken: null, problems: [] };
    } catch (error) {
      // Another sign-up with the same email committed between the check and the insert.
      if (error instanceof UniqueConstraintViolationException) return failed([taken('input', 'email')]);
      throw error;
    }
  }

  /** customerUpdate. A new password revokes every token of the customer and issues a new one. */
  async updateAccount(ctx: RequestContext, token: string, input: AccountInput): Promise<AccountResult> {
    const session = await this.session(ctx.em, token);
    if (!session) return failed([unidentifiedCustomer('customerAccessToken')]);
    const problems = accountProblems(input, 'customer', false);
    if (problems.length > 0) return failed(problems);
    const changes = accountChanges(input);
    const clashes = await this.clashes(ctx.em, changes, 'customer', session.customerId);
    if (clashes.length > 0) return failed(clashes);
    const passwordHash = changes.password === undefined ? undefined : await hashPassword(changes.password);
    const now = this.now();
    try {
      return await ctx.em.transactional(async (em) => {
        const customer = await em.findOneOrFail(Customer, { id: session.customerId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (changes.email !== undefined) customer.email = changes.email;
        if (changes.firstName !== undefined) customer.firstName = changes.firstName;
        if (changes.lastName !== undefined) customer.lastName = changes.lastName;
        if (changes.phone !== undefined) customer.phone = changes.phone;
        if (changes.acceptsMarketing !== undefined) customer.emailMarketingConsent = consentAfter(customer.emailMarketingConsent, changes.acceptsMarketing, now);
        let accessToken: IssuedAccessToken | null = null;
        if (passwordHash !== undefined) {
          customer.passwordHash = passwordHash;
          await em.nativeDelete(CustomerAccessToken, { shopId: ctx.shop.id, customerId: customer.id });
          accessToken = this.issue(em, ctx, customer.id, now);
        }
        await em.flush();
        return { customer: customerRecord(customer), accessToken, problems: [] };
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return failed([taken('customer', 'email')]);
      throw error;
    }
  }

  /**
   * customerAccessTokenCreate: a token for an enabled account whose password matches. Over the login limit
   * (per email, per buyer IP) it throws THROTTLED before looking anything up, whatever the password.
   */
  async logIn(ctx: RequestContext, email: string, password: string): Promise<AccessTokenResult> {
    const normalized = normalizeEmail(email);
    await this.throttle.customerLoginAttempt(ctx, normalized);
    const customer = await ctx.em.findOne(Customer, { email: normalized, state: 'enabled' }, { disableIdentityMap: true });
    // Invited, declined and disabled customers have no account to log in to; all failures look the same, and take
    // as long: without an account's hash the password is checked against a dummy one.
    const matches = await verifyPassword(password, customer?.passwordHash ?? null);
    if (!customer || !matches) return { accessToken: null, problems: [unidentifiedCustomer()] };
    const now = this.now();
    const accessToken = await ctx.em.transactional(async (em) => {
      // Logging in is when a customer's expired tokens are swept.
      await em.nativeDelete(CustomerAccessToken, { shopId: ctx.shop.id, customerId: customer.id, expiresAt: { $lte: now } });
      return this.issue(em, ctx, customer.id, now);
    });
    await this.throttle.customerLoginSucceeded(ctx, normalized);
    return { accessToken, problems: [] };
  }

  /** customerAccessTokenRenew: the same token, valid for a full lifetime from now; an expired token cannot be renewed. */
  async renewAccessToken(ctx: RequestContext, token: string): Promise<AccessTokenResult> {
    const session = await this.session(ctx.em, token);
    if (!session) return { accessToken: null, problems: [accessTokenNotFound()] };
    const expiresAt = accessTokenExpiry(this.now());
    const renewed = await ctx.em.nativeUpdate(CustomerAccessToken, { shopId: ctx.shop.id, id: session.tokenId, expiresAt: { $gt: this.now() } }, { expiresAt, updatedAt: this.now() });
    if (renewed === 0) return { accessToken: null, problems: [accessTokenNotFound()] };
    return { accessToken: { accessToken: token, expiresAt }, problems: [] };
  }

  /** customerAccessTokenDelete (logging out): the token stops working at once, expired or not. */
  async deleteAccessToken(ctx: RequestContext, token: string): Promise<AccessTokenDeletion> {
    const row = isTokenShaped(token) ? await ctx.em.findOne(CustomerAccessToken, { tokenHash: hashToken(token) }, { disableIdentityMap: true }) : null;
    const deleted = row ? await ctx.em.nativeDelete(CustomerAccessToken, { shopId: ctx.shop.id, id: row.id }) : 0;
    if (!row || deleted === 0) return { deletedAccessToken: null, deletedTokenId: null, problems: [accessTokenNotFound()] };
    return { deletedAccessToken: token, deletedTokenId: row.id, problems: [] };
  }

  /** The enabled customer a live token of this shop belongs to; null for an unknown, expired or deleted token. */
  async customerByAccessToken(ctx: RequestContext, token: string): Promise<CustomerRecord | null> {
    const session = await this.session(ctx.em, token);
    return session && customerRecord(session.customer);
  }

  /** The enabled customer of this shop with that id (a cart's buyer, named by a token earlier); null when there is none. */
  async customerById(ctx: RequestContext, id: number): Promise<CustomerRecord | null> {
    const customer = await ctx.em.findOne(Customer, { id, state: 'enabled' }, { disableIdentityMap: true });
    return customer && customerRecord(customer);
  }

  // Email and phone belong to one customer per shop; `self` is the customer being updated.
  private async clashes(em: EntityManager, changes: { email?: string; phone?: string | null }, path: string, self: number | null): Promise<CustomerError[]> {
    const others = self === null ? {} : { id: { $ne: self } };
    const [email, phone] = await Promise.all([
      changes.email === undefined ? 0 : em.count(Customer, { email: changes.email, ...others }),
      changes.phone ? em.count(Customer, { phone: changes.phone, ...others }) : 0,
    ]);
    return [...(email > 0 ? [taken(path, 'email')] : []), ...(phone > 0 ? [taken(path, 'phone')] : [])];
  }

  // A live token and its enabled customer. The tenant filter of ctx.em keeps other shops' tokens unknown.
  private async session(em: EntityManager, token: string): Promise<{ tokenId: number; customerId: number; customer: Customer } | null> {
    if (!isTokenShaped(token)) return null;
    const row = await em.findOne(CustomerAccessToken, { tokenHash: hashToken(token), expiresAt: { $gt: this.now() } }, { disableIdentityMap: true });
    if (!row) return null;
    const customer = await em.findOne(Customer, { id: row.customerId, state: 'enabled' }, { disableIdentityMap: true });
    return customer && { tokenId: row.id, customerId: customer.id, customer };
  }

  private issue(em: EntityManager, ctx: RequestContext, customerId: number, now: Date): IssuedAccessToken {
    const accessToken = randomBytes(16).toString('hex');
    const expiresAt = accessTokenExpiry(now);
    em.create(CustomerAccessToken, { shopId: ctx.shop.id, customerId, tokenHash: hashToken(accessToken), expiresAt });
    return { accessToken, expiresAt };
  }
}

function failed(problems: CustomerError[]): AccountResult {
  return { customer: null, accessToken: null, problems };
}

function isTokenShaped(token: string): boolean {
  return token.length > 0 && token.length <= MAX_TOKEN_LENGTH;
}

function customerRecord(c: Customer): CustomerRecord {
  return {
    id: c.id,
    firstName: c.firstName ?? null,
    lastName: c.lastName ?? null,
    email: c.email ?? null,
    phone: c.phone ?? null,
    acceptsMarketing: c.emailMarketingConsent.state === 'subscribed',
    tags: c.tags,
    ordersCount: c.ordersCount,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}
