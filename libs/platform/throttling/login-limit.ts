import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { BucketStore } from './bucket-store.js';
import type { CustomerLoginLimit } from './limits.js';

/** The hosted platform's words for a refused customer login (a top-level error on the field, data null). */
export const LOGIN_LIMIT_MESSAGE = 'Login attempt limit exceeded. Please try again later.';

/**
 * The bucket of one email on one shop. The email is hashed so that the store (Redis) never holds it in
 * clear; the caller normalises it first (trimmed, lower-case) so every spelling shares one bucket.
 */
export function loginEmailKey(shopId: number, normalizedEmail: string): string {
  const digest = createHash('sha256').update(`${shopId}\n${normalizedEmail}`).digest('base64url');
  return `login:email:${digest}`;
}

/**
 * The bucket of one buyer address, on every shop (the limit follows the buyer). An IPv6 buyer is one /64:
 * a single host usually holds a whole /64 and could otherwise try from 2^64 addresses.
 */
export function loginIpKey(buyerIp: string): string {
  return `login:ip:${addressBlock(buyerIp)}`;
}

function addressBlock(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const groups = expandIpv6(ip);
  // IPv4-mapped (::ffff:a.b.c.d) is the IPv4 buyer.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  }
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

// Eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 part converted).
function expandIpv6(ip: string): number[] {
  let text = ip.split('%')[0];
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted && isIPv4(dotted[1])) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  return tail === undefined ? left : [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * Brute-force limit on customer logins: an attempt takes one unit from its email's bucket and one from its
 * address's bucket, all or nothing (a refused attempt charges neither), before any password is checked.
 */
export class LoginAttemptLimiter {
  private readonly store: BucketStore;
  private readonly limit: CustomerLoginLimit;

  constructor(store: BucketStore, limit: CustomerLoginLimit) {
    this.store = store;
    this.limit = limit;
  }

  /** Whether the attempt may go on to the password check. */
  async attempt(emailKey: string, ipKey: string): Promise<boolean> {
    if (!(await this.store.take(ipKey, this.limit.perIp, 1)).allowed) return false;
    let email;
    try {
      email = await this.store.take(emailKey, this.limit.perEmail, 1);
    } catch (error) {
      await this.store.refund(ipKey, this.limit.perIp, 1).catch(() => undefined);
      throw error;
    }
    if (!email.allowed) await this.store.refund(ipKey, this.limit.perIp, 1);
    return email.allowed;
  }

  /** Gives an attempt back to both buckets (a successful login does not count). */
  async giveBack(emailKey: string, ipKey: string): Promise<void> {
    await Promise.all([this.store.refund(emailKey, this.limit.perEmail, 1), this.store.refund(ipKey, this.limit.perIp, 1)]);
  }
}
