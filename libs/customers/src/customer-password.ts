import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// Interactive-login cost (about 50 ms, 16 MiB); stored with the hash so it can be raised later.
const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, n: number, r: number, p: number, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, length, { N: n, r, p, maxmem: 256 * n * r }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** A salted scrypt hash: `scrypt$N$r$p$<salt>$<hash>` (base64url), for Customer.passwordHash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P, KEY_LENGTH);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

// Checked in place of the hash of an account that does not exist (an unknown email): made by hashPassword, with
// hashPassword's parameters (a test keeps them equal), from a random password nobody kept.
export const NO_ACCOUNT_HASH = 'scrypt$16384$8$1$DTFEX5x5DMDJtqvkkNo1vQ$50gZm7wXuYFBNLVkPL97dErhh0LJP8K8A4KBHcLzH4Q';

/**
 * Whether `password` matches a hash made by hashPassword (false for any malformed hash). Without a hash (no such
 * account) the password is still checked, against NO_ACCOUNT_HASH, and the answer is false: a login for an unknown
 * email costs the same key derivation as a wrong password, so its timing does not tell which emails have accounts.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (stored === null) {
    await matchesHash(password, NO_ACCOUNT_HASH);
    return false;
  }
  return matchesHash(password, stored);
}

async function matchesHash(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  if (![n, r, p].every((x) => Number.isSafeInteger(x) && x > 0) || n > 2 ** 20 || r > 32 || p > 16) return false;
  const salt = Buffer.from(parts[4], 'base64url');
  const expected = Buffer.from(parts[5], 'base64url');
  if (salt.length === 0 || expected.length === 0) return false;
  const key = await derive(password, salt, n, r, p, expected.length);
  return timingSafeEqual(key, expected);
}

export function isPasswordHash(value: string): boolean {
  return /^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/.test(value);
}
