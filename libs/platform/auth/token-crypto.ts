import { createHash, hash, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOKEN_KINDS = ['admin', 'storefront_public', 'storefront_private'] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];

// Prefixes make a leaked token recognisable (secret scanners) and show its kind at a glance.
const PREFIX: Record<TokenKind, string> = {
  admin: 'platat_',
  storefront_public: '',
  storefront_private: 'platsp_',
};

/** 128 random bits, hex; returned to the caller once and never stored. */
export function generateToken(kind: TokenKind): string {
  return PREFIX[kind] + randomBytes(16).toString('hex');
}

/** Tokens are high-entropy, so a fast hash is enough (no salt or KDF needed to resist guessing). */
export function hashToken(token: string): string {
  // The one-shot hash: every authenticated request hashes its token, and it is a sixth of createHash's cost.
  return hash('sha256', token, 'hex');
}

export function hashesMatch(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A token reproducible from a secret and a label (demo shop only: its tokens are printed and documented). */
export function deriveToken(kind: TokenKind, secret: string): string {
  return PREFIX[kind] + createHash('sha256').update(`${secret}:${kind}`).digest('hex').slice(0, 32);
}
