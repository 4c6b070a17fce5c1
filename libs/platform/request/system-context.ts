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
// The platform's scheduled maintenance calls services, never an API: it holds no API scope.
const SCHEDULED: Caller = Object.freeze({ kind: 'system', scopes: new Set<string>() });

/**
 * The context of work the platform does for a shop outside an HTTP request: the CLI, the seed, background
 * jobs. Services take it first like any request's; it holds every scope and no app, and its EntityManager is
 * bound to the shop like a request's.
 */
@Injectable()
export class SystemContexts {
  constructor(private readonly em: EntityManager) {}

  /** `origin` is where its URLs point; by default the shop's. */
  forShop(shop: ShopSnapshot, origin = shopOrigin(shop)): RequestContext {
    return this.context(shop, { requestId: `system-${randomUUID()}`, caller: SYSTEM, version: SUPPORTED_VERSIONS.at(-2)!, origin });
  }

  /** A scheduled run of the platform's own (a daily sweep): the shop's origin, a system caller without API scopes. */
  forScheduledJob(shop: ShopSnapshot): RequestContext {
    return this.context(shop, { requestId: `job-${randomUUID()}`, caller: SCHEDULED, version: SUPPORTED_VERSIONS.at(-2)!, origin: shopOrigin(shop) });
  }

  /** The context a background job runs in: as the request that enqueued it (`jobOrigin` of its context). */
  forJob(shop: ShopSnapshot, origin: JobOrigin): RequestContext {
    return this.context(shop, { requestId: origin.requestId, caller: callerOf(origin.caller), version: origin.version, origin: origin.origin });
  }

  private context(shop: ShopSnapshot, made: Pick<RequestContext, 'requestId' | 'caller' | 'version' | 'origin'>): RequestContext {
    const root = this.em;
    let em: EntityManager | undefined;
    return {
      ...made,
      surface: 'system',
      shop,
      buyerIp: '127.0.0.1',
      get em() {
        return (em ??= forkForShop(root, shop.id));
      },
    };
  }
}

/** What a job keeps of the request that enqueued it (JSON): who asked, with which scopes, version and origin. */
export interface JobOrigin {
  requestId: string;
  version: string;
  /** The request's scheme and Host (`ctx.origin`): the job's URLs are that request's. */
  origin: string;
  caller: { kind: Caller['kind']; appId: number | null; tokenId: number | null; scopes: string[] };
  /** The request's span, when tracing was on: the job's span is linked to it. */
  traceparent?: string;
}

/** `ctx` as a job keeps it. */
export function jobOrigin(ctx: RequestContext): JobOrigin {
  const { caller } = ctx;
  return {
    requestId: ctx.requestId,
    version: ctx.version,
    origin: ctx.origin,
    caller: {
      kind: caller.kind,
      appId: 'appId' in caller ? caller.appId : null,
      tokenId: 'tokenId' in caller ? caller.tokenId : null,
      scopes: [...caller.scopes].sort(),
    },
    ...(ctx.traceparent ? { traceparent: ctx.traceparent } : {}),
  };
}

function callerOf(kept: JobOrigin['caller']): Caller {
  const scopes: ReadonlySet<string> = new Set(kept.scopes);
  if (kept.kind === 'tokenless' || kept.kind === 'system') return { kind: kept.kind, scopes };
  return { kind: kept.kind, appId: kept.appId ?? 0, tokenId: kept.tokenId ?? 0, scopes };
}

/** Import it where work runs outside requests (CLI, seed, job processors). */
@Module({ providers: [SystemContexts], exports: [SystemContexts] })
export class SystemContextModule {}
