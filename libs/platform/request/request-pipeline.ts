import { isIP } from 'node:net';
import { inSpan, traceIdsOf, traceparentOf } from '@platform/tracing';
import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AuthService, type Caller } from '@platform/auth';
import { PLATFORM_CONFIG, type PlatformConfig } from '@platform/config';
import { forkForShop } from '@platform/database';
import { DomainError, invalidAccessToken, notFound } from '@platform/errors';
import { LOGGER, type Logger } from '@platform/logging';
import { ShopService, type ShopSnapshot, inactiveShopError, parseHost } from '@platform/tenancy';
import { SUPPORTED_VERSIONS, isSupportedVersion, unsupportedVersionMessage } from '@platform/versioning';
import { isCrossSitePost } from './cross-site.js';
import { errorResponse } from './error-response.js';
import { requestOrigin, requestScheme } from './origin.js';
import { replyStatus } from './reply-status.js';
import { restInputError } from './rest-input.js';
import type { RequestContext } from './request-context.js';
import { type RouteTarget, type Surface, isGraphqlSurface, requestTarget } from './surface.js';

export const API_VERSION_HEADER = 'X-Platform-API-Version';
export const ADMIN_TOKEN_HEADER = 'x-platform-access-token';
export const STOREFRONT_PUBLIC_TOKEN_HEADER = 'x-platform-storefront-access-token';
export const STOREFRONT_PRIVATE_TOKEN_HEADER = 'platform-storefront-private-token';
export const BUYER_IP_HEADER = 'platform-storefront-buyer-ip';

/** Extra per-request steps (throttling) that run after authentication, in order, on the requests of their surface. */
export interface RequestStep {
  readonly surface: Surface;
  onAuthenticated?(ctx: RequestContext, request: FastifyRequest, reply: FastifyReply): Promise<void>;
  onCompleted?(ctx: RequestContext, request: FastifyRequest, reply: FastifyReply): Promise<void> | void;
}

export const REQUEST_STEPS = Symbol('REQUEST_STEPS');
const NO_STEPS: readonly RequestStep[] = [];

// A visitor of a hosted page: no token, no scopes; the page's own secret (a one-time link) is its credential.
const VISITOR: Caller = Object.freeze({ kind: 'tokenless', scopes: new Set<string>() });
// Hosted pages name no version; their use cases run as of the newest stable one, like the platform's own work.
const PAGE_VERSION = SUPPORTED_VERSIONS.at(-2)!;

/**
 * Runs once for every API route, before the body is read: shop from Host, version, method,
 * shop state, credentials; then builds the RequestContext. Routes only see authenticated requests.
 */
@Injectable()
export class RequestPipeline {
  // Each surface's steps, found once: a request meets only its own (no call, no span for the others).
  private readonly stepsOf = new Map<RequestContext['surface'], RequestStep[]>();

  constructor(
    private readonly shops: ShopService,
    private readonly auth: AuthService,
    private readonly em: EntityManager,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(REQUEST_STEPS) steps: RequestStep[],
    @Inject(PLATFORM_CONFIG) private readonly config: Pick<PlatformConfig, 'graphiql'>,
  ) {
    for (const step of steps) this.stepsOf.set(step.surface, [...(this.stepsOf.get(step.surface) ?? []), step]);
  }

  install(fastify: FastifyInstance): void {
    fastify.addHook('onRequest', async (request, reply) => {
      const target = requestTarget(request);
      if (!target) return;
      try {
        const traced = request.trace?.context;
        const ctx = await inSpan('request.context', traced, () => this.contextFor(request, reply, target));
        request.platform = ctx;
        // Every hosted page's form, in one place: a post from another site is refused before any handler runs.
        if (target.surface === 'online_store' && !READS.has(request.method) && isCrossSitePost(request.headers, request.headers.host)) throw crossSitePost();
        for (const step of this.stepsOf.get(ctx.surface) ?? NO_STEPS) await inSpan(`request.${step.constructor.name}`, traced, async () => step.onAuthenticated?.(ctx, request, reply));
      } catch (error) {
        return this.reject(reply, error, target.surface, request.id);
      }
    });
    fastify.addHook('preHandler', async (request, reply) => {
      const ctx = request.platform;
      if (ctx?.surface !== 'admin_rest') return;
      const refused = restInputError(request);
      if (refused) return this.reject(reply, refused, ctx.surface, request.id);
    });
    fastify.addHook('onResponse', async (request, reply) => {
      const ctx = request.platform;
      if (ctx) for (const step of this.stepsOf.get(ctx.surface) ?? NO_STEPS) await step.onCompleted?.(ctx, request, reply);
      this.logger.info(
        {
          requestId: request.id,
          method: request.method,
          url: loggedUrl(request),
          surface: ctx?.surface ?? requestTarget(request)?.surface,
          shop: ctx?.shop.handle,
          status: reply.statusCode,
          durationMs: Math.round(reply.elapsedTime * 10) / 10,
          ...(request.trace ? traceIdsOf(request.trace) : {}),
        },
        'request',
      );
    });
  }

  private async contextFor(request: FastifyRequest, reply: FastifyReply, target: RouteTarget): Promise<RequestContext> {
    // The Host header, never X-Forwarded-Host: the shop and every URL come from one host. The scheme is
    // X-Forwarded-Proto's only under TRUST_PROXY. Anything invalid names no shop, before a URL could be built from it.
    const host = parseHost(request.headers.host);
    const scheme = requestScheme(request.protocol);
    if (!host || !scheme) throw notFound();
    const shop = await this.shops.findByHost(host);
    if (!shop) throw notFound();
    const page = target.surface === 'online_store';
    if (!page) {
      if (!isSupportedVersion(target.version)) throw new DomainError('NOT_FOUND', unsupportedVersionMessage(target.version));
      reply.header(API_VERSION_HEADER, target.version);
    }
    if (isGraphqlSurface(target.surface) && request.method !== 'POST') {
      throw methodNotAllowed(this.config.graphiql ? graphiqlUrl(requestOrigin(scheme, host), target) : undefined);
    }
    const inactive = inactiveShopError(shop.state);
    if (inactive) throw new DomainError(inactive.kind, inactive.message);
    const caller = page ? VISITOR : await this.authenticate(shop, target, request);
    const root = this.em;
    let em: EntityManager | undefined;
    return {
      requestId: request.id,
      surface: target.surface,
      version: page ? PAGE_VERSION : target.version,
      shop,
      caller,
      buyerIp: buyerIp(request, caller),
      origin: requestOrigin(scheme, host),
      ...(request.trace ? { traceparent: traceparentOf(request.trace.context) } : {}),
      // Forked on first use: hot reads go through SqlPool and never need one.
      get em() {
        return (em ??= forkForShop(root, shop.id));
      },
    };
  }

  // A token header that is present counts, even empty: a client that meant to send a token must not be
  // served as tokenless (a wrong token is ACCESS_DENIED, so an empty one is too).
  private async authenticate(shop: ShopSnapshot, target: RouteTarget, request: FastifyRequest): Promise<Caller> {
    const headers = request.headers;
    if (target.surface !== 'storefront') {
      const token = header(headers[ADMIN_TOKEN_HEADER]);
      const caller = token ? await this.auth.authenticate(shop.id, 'admin', token) : null;
      if (!caller) throw invalidAccessToken();
      return caller;
    }
    const privateToken = header(headers[STOREFRONT_PRIVATE_TOKEN_HEADER]);
    const publicToken = header(headers[STOREFRONT_PUBLIC_TOKEN_HEADER]);
    if (privateToken === undefined && publicToken === undefined) return this.auth.tokenless();
    if (privateToken !== undefined && publicToken !== undefined) throw bothStorefrontTokens();
    const caller =
      privateToken !== undefined
        ? await this.auth.authenticate(shop.id, 'storefront_private', privateToken)
        : await this.auth.authenticate(shop.id, 'storefront_public', publicToken!);
    if (!caller) throw invalidAccessToken();
    return caller;
  }

  private reject(reply: FastifyReply, error: unknown, surface: RequestContext['surface'], requestId: string): FastifyReply {
    const response = errorResponse(error, surface, requestId);
    if (response.unexpected) this.logger.error({ err: error, requestId }, 'request pipeline failed');
    return replyStatus(reply, response.status).headers(response.headers).send(response.body);
  }
}

// A hosted page's URL carries a one-time token (`/account/activate/:id/:token`): its route is logged, never the URL.
// A stored file's may carry a signature (`/files/…?expires=…&signature=…`): its path is logged, never its query.
function loggedUrl(request: FastifyRequest): string {
  if (request.url.startsWith('/files/')) return request.url.split('?')[0]!;
  if (requestTarget(request)?.surface !== 'online_store') return request.url;
  return request.routeOptions?.url ?? '/account/…';
}

function header(value: string | string[] | undefined): string | undefined {
  return (Array.isArray(value) ? value[0] : value)?.trim();
}

const READS = new Set(['GET', 'HEAD']);

// A GraphQL endpoint opened in a browser: still 405 (clients rely on it), but saying where to explore the API.
function methodNotAllowed(graphiql: string | undefined): DomainError {
  const message = graphiql ? `Method Not Allowed: send queries with POST, or open GraphiQL at ${graphiql}` : 'Method Not Allowed';
  return new DomainError('METHOD_NOT_ALLOWED', message, { headers: { Allow: 'POST' } });
}

function graphiqlUrl(origin: string, target: RouteTarget): string {
  const surface = target.surface === 'admin_graphql' ? 'admin' : 'storefront';
  return `${origin}/graphiql?${new URLSearchParams({ surface, version: target.version })}`;
}

function crossSitePost(): DomainError {
  return new DomainError('FORBIDDEN', 'This form was sent from another site. Open the page from its link and send the form again.');
}

// The spec allows no token or exactly one storefront token header; guessing which one was meant would
// serve one app's request under another's scopes.
function bothStorefrontTokens(): DomainError {
  return new DomainError(
    'UNAUTHORIZED',
    'Send exactly one of X-Platform-Storefront-Access-Token (public) or Platform-Storefront-Private-Token (private), not both.',
  );
}

// Private-token requests speak for a buyer through Platform-Storefront-Buyer-IP; everyone else is
// the connection's address (which honours proxy headers only when TRUST_PROXY is set).
function buyerIp(request: FastifyRequest, caller: Caller): string {
  if (caller.kind === 'storefront_private') {
    const claimed = header(request.headers[BUYER_IP_HEADER]);
    if (claimed && isIP(claimed)) return claimed;
  }
  return request.ip;
}
