import type { EntityManager } from '@mikro-orm/postgresql';
import type { Caller } from '@platform/auth';
import { markTransaction } from '@platform/database';
import type { ShopSnapshot } from '@platform/tenancy';
import type { Surface } from './surface.js';

/**
 * Everything a use case needs to know about the request it serves. Every service method takes it
 * first; nothing reads globals.
 */
export interface RequestContext {
  readonly requestId: string;
  /** The API the request came in on, or `system` for the platform's own work (CLI, seed, jobs). */
  readonly surface: Surface | 'system';
  readonly version: string;
  readonly shop: ShopSnapshot;
  readonly caller: Caller;
  /** The buyer's IP: the connection's address, or Platform-Storefront-Buyer-IP on private-token requests. */
  readonly buyerIp: string;
  /**
   * Scheme and validated Host of the request (`https://shop.example.com`, `requestOrigin`), for the absolute URLs the
   * request is answered with; URLs that leave the request (e-mails, jobs) use `shopOrigin(ctx.shop, ctx.origin)`.
   */
  readonly origin: string;
  /** A fork bound to this shop by the tenant filter; only services use it. */
  readonly em: EntityManager;
  /** The W3C `traceparent` of the request's span, when tracing is on: a job it asks for is linked to it. */
  readonly traceparent?: string;
}

/**
 * The same request with its writes in `em`, the transaction of `ctx.em.transactional(async (em) => …)`: pass it to
 * another service called inside the transaction, so its writes (ORM and raw SQL alike) commit or roll back with the rest.
 */
export function inTransaction(ctx: RequestContext, em: EntityManager): RequestContext {
  const inside = withEntityManager(ctx, () => em);
  markTransaction(inside, em);
  return inside;
}

/** The same request on another EntityManager, which `em` gives on first use (a fork is made only if one is used). */
export function withEntityManager(ctx: RequestContext, em: () => EntityManager): RequestContext {
  return copyOf(ctx, ctx.surface, em);
}

/** The same work on another surface (a job running an API's document): errors take its shape, access its rules. */
export function onSurface(ctx: RequestContext, surface: Surface): RequestContext {
  return copyOf(ctx, surface, () => ctx.em);
}

function copyOf(ctx: RequestContext, surface: RequestContext['surface'], em: () => EntityManager): RequestContext {
  let current: EntityManager | undefined;
  return {
    requestId: ctx.requestId,
    surface,
    version: ctx.version,
    shop: ctx.shop,
    caller: ctx.caller,
    buyerIp: ctx.buyerIp,
    origin: ctx.origin,
    traceparent: ctx.traceparent,
    get em() {
      return (current ??= em());
    },
  };
}
