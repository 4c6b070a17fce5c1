import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { forkForShop } from '@platform/database';
import { DomainError } from '@platform/errors';
import { AccessToken } from './access-token.entity.js';
import { AppInstallation } from './app-installation.entity.js';
import { App } from './app.entity.js';
import type { Caller } from './caller.js';
import { TOKENLESS_SCOPES, expandScopes, parseScopes } from './scopes.js';
import { type TokenKind, generateToken, hashToken } from './token-crypto.js';
import { TokenLookup } from './token-lookup.js';

export const MAX_PUBLIC_STOREFRONT_TOKENS = 100;

export interface InstalledApp {
  appId: number;
  adminAccessToken: string;
  storefrontAccessToken: string;
  storefrontPrivateToken: string;
}

const TOKENLESS: Caller = Object.freeze({ kind: 'tokenless', scopes: expandScopes(TOKENLESS_SCOPES) });

@Injectable()
export class AuthService {
  constructor(
    private readonly em: EntityManager,
    private readonly tokens: TokenLookup,
  ) {}

  /**
   * Creates an app, installs it on the shop with `scopes` (`all` or a comma list) and issues its three
   * tokens. `presetTokens` is for the demo shop only, whose tokens are reproducible from its seed.
   */
  async installApp(shopId: number, name: string, scopes: string, presetTokens?: Partial<Record<TokenKind, string>>): Promise<InstalledApp> {
    const parsed = parseScopes(scopes);
    if (parsed.unknown.length > 0) {
      throw new DomainError('UNPROCESSABLE', `unknown scopes: ${parsed.unknown.join(', ')}`, { field: 'scopes', code: 'INVALID' });
    }
    if (!name.trim()) throw new DomainError('UNPROCESSABLE', "can't be blank", { field: 'name', code: 'BLANK' });
    const installed = await this.forShop(shopId).transactional(async (em) => {
      const app = em.create(App, { name: name.trim() });
      await em.flush();
      em.create(AppInstallation, { shopId, appId: app.id, scopes: parsed.scopes });
      const tokens = {
        adminAccessToken: this.issue(em, shopId, app.id, 'admin', 'Admin API', presetTokens?.admin),
        storefrontAccessToken: this.issue(em, shopId, app.id, 'storefront_public', 'Storefront', presetTokens?.storefront_public),
        storefrontPrivateToken: this.issue(em, shopId, app.id, 'storefront_private', 'Storefront (private)', presetTokens?.storefront_private),
      };
      return { appId: app.id, ...tokens };
    });
    // A preset token may have been asked for (and remembered as unknown) before it existed.
    this.tokens.forget();
    return installed;
  }

  /** A new public storefront token; at most 100 active ones per app per shop. */
  async createStorefrontAccessToken(shopId: number, appId: number, title: string): Promise<{ id: number; accessToken: string; createdAt: Date }> {
    const created = await this.forShop(shopId).transactional(async (em) => {
      // Lock the installation row so concurrent creations cannot both pass the count.
      const installation = await em.findOne(AppInstallation, { appId }, { lockMode: 4 /* PESSIMISTIC_WRITE */ });
      if (!installation) throw new DomainError('NOT_FOUND', 'App is not installed on this shop');
      const active = await em.count(AccessToken, { appId, kind: 'storefront_public', revokedAt: null });
      if (active >= MAX_PUBLIC_STOREFRONT_TOKENS) {
        throw new DomainError(
          'UNPROCESSABLE',
          `An app can have at most ${MAX_PUBLIC_STOREFRONT_TOKENS} active storefront access tokens per shop.`,
          { field: 'storefront_access_token', code: 'TOO_MANY_TOKENS' },
        );
      }
      const accessToken = generateToken('storefront_public');
      const row = em.create(AccessToken, { shopId, appId, kind: 'storefront_public', tokenHash: hashToken(accessToken), title });
      await em.flush();
      return { id: row.id, accessToken, createdAt: row.createdAt };
    });
    this.tokens.forget();
    return created;
  }

  /**
   * The caller behind a token of `kind` on this shop, or null when it is unknown, revoked or of another
   * shop. A hit answers at once from the process's cache; a revocation elsewhere holds within TOKEN_CACHE_TTL_MS.
   */
  authenticate(shopId: number, kind: TokenKind, token: string): Caller | null | Promise<Caller | null> {
    return this.tokens.callerFor(shopId, kind, token);
  }

  tokenless(): Caller {
    return TOKENLESS;
  }

  private issue(em: EntityManager, shopId: number, appId: number, kind: TokenKind, title: string, preset?: string): string {
    const token = preset ?? generateToken(kind);
    em.create(AccessToken, { shopId, appId, kind, tokenHash: hashToken(token), title });
    return token;
  }

  private forShop(shopId: number): EntityManager {
    return forkForShop(this.em, shopId);
  }
}
