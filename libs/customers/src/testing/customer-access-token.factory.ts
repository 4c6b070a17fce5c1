import { randomBytes } from 'node:crypto';
import { hashToken } from '@platform/auth';
import type { RequestContext } from '@platform/request';
import { CustomerAccessToken } from '../customer-access-token.entity.js';
import { accessTokenExpiry } from '../customer-account.rules.js';

export interface CreatedAccessToken {
  id: number;
  /** The token the buyer would send as `customerAccessToken`. */
  accessToken: string;
  expiresAt: Date;
}

/** A token of `customerId` as logging in issues it; an `expiresAt` in the past makes an expired one. */
export async function createCustomerAccessToken(ctx: RequestContext, customerId: number, options: { expiresAt?: Date } = {}): Promise<CreatedAccessToken> {
  const accessToken = randomBytes(16).toString('hex');
  const expiresAt = options.expiresAt ?? accessTokenExpiry(new Date());
  const row = ctx.em.create(CustomerAccessToken, { shopId: ctx.shop.id, customerId, tokenHash: hashToken(accessToken), expiresAt });
  await ctx.em.flush();
  return { id: row.id, accessToken, expiresAt };
}
