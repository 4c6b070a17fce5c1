import { Inject, Injectable, Optional } from '@nestjs/common';
import { CLOCK, type Clock, systemClock } from '@platform/clock';
import { READ_CACHE_TTL_MS, ReadThroughCache, SqlPool, preparedSql } from '@platform/database';
import { CALLER_BY_TOKEN, type CallerRow } from './auth.sql.js';
import type { Caller } from './caller.js';
import { STOREFRONT_SCOPES, expandScopes } from './scopes.js';
import { type TokenKind, hashToken, hashesMatch } from './token-crypto.js';

/**
 * How long a process may keep answering for a token after another process revoked it or changed its
 * app's scopes (the writing process forgets at once). Unknown tokens are remembered as long.
 */
export const TOKEN_CACHE_TTL_MS = READ_CACHE_TTL_MS;

/** Longer values are never tokens of ours; they are refused without hashing or a lookup. */
export const MAX_TOKEN_LENGTH = 200;

const STATEMENT = preparedSql(CALLER_BY_TOKEN);
const STOREFRONT_SCOPE_SET = new Set<string>(STOREFRONT_SCOPES);

/**
 * The caller behind a token, without the ORM: one prepared statement on the SqlPool pool, cached per
 * process (ReadThroughCache: bounded entries, "unknown" answers in their own pool). Keys are
 * shop:kind:SHA-256, so an entry's size does not depend on what a client sends and no token sits in
 * memory in clear; a lookup by hash also reveals nothing through timing that a client could use.
 */
@Injectable()
export class TokenLookup {
  private readonly cache: ReadThroughCache<string, Caller | null>;

  constructor(
    private readonly sql: SqlPool,
    @Optional() @Inject(CLOCK) clock: Clock = systemClock,
  ) {
    this.cache = new ReadThroughCache(TOKEN_CACHE_TTL_MS, undefined, clock);
  }

  callerFor(shopId: number, kind: TokenKind, token: string): Caller | null | Promise<Caller | null> {
    if (!token || token.length > MAX_TOKEN_LENGTH) return null;
    const hash = hashToken(token);
    return this.cache.get(`${shopId}:${kind}:${hash}`, () => this.load(shopId, kind, hash));
  }

  /** Writers of tokens and installations call this so their own process never answers from before the write. */
  forget(): void {
    this.cache.invalidate();
  }

  private async load(shopId: number, kind: TokenKind, hash: string): Promise<Caller | null> {
    const [row] = await this.sql.unscoped<CallerRow>(STATEMENT, [shopId, hash, kind]);
    if (!row || !hashesMatch(row.tokenHash, hash)) return null;
    const granted = kind === 'admin' ? row.scopes : row.scopes.filter((s) => STOREFRONT_SCOPE_SET.has(s));
    return Object.freeze({ kind, appId: row.appId, tokenId: row.tokenId, scopes: expandScopes(granted) });
  }
}
