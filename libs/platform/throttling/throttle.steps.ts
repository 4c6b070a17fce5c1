import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '@platform/errors';
import type { RequestContext, RequestStep } from '@platform/request';
import { CALL_LIMIT_HEADER, MAX_REST_PAGE_OFFSET, ThrottleService } from './throttle.service.js';

const DEFAULT_REST_PAGE_LIMIT = 50;
// What a storefront request reserved, and when (the process' clock) it was authenticated.
const reserved = new WeakMap<FastifyRequest, { seconds: number; at: number }>();

/** Admin REST: request-based bucket per app per shop, call-limit header on every response, deep-page refusal. */
@Injectable()
export class RestThrottleStep implements RequestStep {
  readonly surface = 'admin_rest';

  constructor(private readonly throttle: ThrottleService) {}

  async onAuthenticated(ctx: RequestContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const header = await this.throttle.restRequest(ctx);
    if (header) reply.header(CALL_LIMIT_HEADER, header);
    if (request.method === 'GET') refuseDeepPages(request.query as Record<string, unknown>, header);
  }
}

/**
 * Storefront: time-based bucket per app per buyer IP; reserve before, settle after with the time the request took
 * from its authentication to its response, on the process' clock (the one the buckets leak by).
 */
@Injectable()
export class StorefrontThrottleStep implements RequestStep {
  readonly surface = 'storefront';

  constructor(private readonly throttle: ThrottleService) {}

  async onAuthenticated(ctx: RequestContext, request: FastifyRequest): Promise<void> {
    const at = this.throttle.now();
    reserved.set(request, { seconds: await this.throttle.reserveStorefront(ctx), at });
  }

  async onCompleted(ctx: RequestContext, request: FastifyRequest): Promise<void> {
    const reservation = reserved.get(request);
    if (reservation === undefined) return;
    await this.throttle.settleStorefront(ctx, reservation.seconds, (this.throttle.now() - reservation.at) / 1000);
  }
}

function refuseDeepPages(query: Record<string, unknown>, callLimit: string | undefined): void {
  const page = Number(query.page);
  if (!Number.isFinite(page) || page <= 0) return;
  const limit = Number(query.limit ?? DEFAULT_REST_PAGE_LIMIT);
  const offset = page * (Number.isFinite(limit) && limit > 0 ? limit : DEFAULT_REST_PAGE_LIMIT);
  if (offset > MAX_REST_PAGE_OFFSET) {
    throw new DomainError('THROTTLED', `Page offset ${offset} is above the maximum of ${MAX_REST_PAGE_OFFSET}; use cursor pagination (page_info).`, {
      headers: { 'Retry-After': '2.0', ...(callLimit ? { [CALL_LIMIT_HEADER]: callLimit } : {}) },
    });
  }
}
