import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PLATFORM_CONFIG, type PlatformConfig } from '@platform/config';
import { SqlPool, installationSecret } from '@platform/database';
import { type MaybePromise, type RequestContext, inContextOf } from '@platform/request';
import { type VisitorConsent, decodeVisitorConsent, encodeVisitorConsent, givesConsent } from './visitor-consent.rules.js';

const SECRET_NAME = 'visitor_consent';
const KEY_BYTES = 32;

/**
 * The visitor consent a checkout URL carries (`_cs`): signed from `@inContext(visitorConsent:)` when a cart is
 * answered, and read back by the checkout, which records it on the order. The key is VISITOR_CONSENT_SECRET, or a
 * random one the installation stores on first use (docs/decisions.md).
 */
@Injectable()
export class VisitorConsentService {
  private key?: Promise<Buffer>;

  constructor(
    private readonly sql: SqlPool,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {}

  /** The `_cs` value for the request's `@inContext(visitorConsent:)` and this cart; null (at once) when it gives none. */
  parameter(ctx: RequestContext, cartToken: string): MaybePromise<string | null> {
    const consent = inContextOf(ctx).visitorConsent;
    if (!givesConsent(consent)) return null;
    return this.signingKey().then((key) => encodeVisitorConsent(consent, cartToken, key));
  }

  /**
   * The consent a checkout URL's `_cs` carries for the cart of that token (the URL's `/cart/c/<token>`), or null
   * when there is none or it was altered, signed for another cart or by another installation.
   */
  async read(ctx: RequestContext, cs: unknown, cartToken: string): Promise<VisitorConsent | null> {
    if (typeof cs !== 'string') return null;
    return decodeVisitorConsent(cs, cartToken, await this.signingKey());
  }

  private signingKey(): Promise<Buffer> {
    // A failed read is tried again by the next request instead of being remembered.
    return (this.key ??= this.loadKey().catch((error: unknown) => {
      this.key = undefined;
      throw error;
    }));
  }

  private async loadKey(): Promise<Buffer> {
    const secret = this.config.visitorConsentSecret;
    if (secret) return createHash('sha256').update(secret).digest();
    return installationSecret(this.sql, SECRET_NAME, KEY_BYTES);
  }
}
