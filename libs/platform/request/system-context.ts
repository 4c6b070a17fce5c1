import { randomUUID } from 'node:crypto';
import { Injectable, Module } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ALL_SCOPES, type Caller, expandScopes } from '@platform/auth';
import { forkForShop } from '@platform/database';
import type { ShopSnapshot } from '@platform/tenancy';
import { SUPPORTED_VERSIONS } from '@platform/versioning';
import { shopOrigin } from './origin.js';
import type { RequestContext } from './request-context.js';

const SYSTEM: Caller = Object.freeze({ kind: 'system', scopes: expandScopes(ALL_SCOPES) });

/**
 * The context of work the platform does for a shop outside an HTTP request: the CLI, the seed, background
 * jobs. Services take it first like any request's; it holds every scope and no app, and its EntityManager is
 * bound to the shop like a request's.
 */
@Injectable()
export class SystemContexts {
  constructor(private readonly em: EntityManager) {}

  /** `origin` is where its URLs point (for a job: the `shopOrigin` of the request that started it); by default the shop's. */
  forShop(shop: ShopSnapshot, origin = shopOrigin(shop)): RequestContext {
    const root = this.em;
    let em: EntityManager | undefined;
    return {
      requestId: `system-${randomUUID()}`,
      surface: 'system',
      version: SUPPORTED_VERSIONS.at(-2)!,
      shop,
      caller: SYSTEM,
      buyerIp: '127.0.0.1',
      origin,
      get em() {
        return (em ??= forkForShop(root, shop.id));
      },
    };
  }
}

/** Import it where work runs outside requests (CLI, seed, job processors). */
@Module({ providers: [SystemContexts], exports: [SystemContexts] })
export class SystemContextModule {}
