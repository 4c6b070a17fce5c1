import type { FastifyReply } from 'fastify';
import type { RequestContext } from '@platform/request';
import { DEPRECATED_REASON_HEADER, type Deprecation, isDeprecatedIn } from '@platform/versioning';

/**
 * Marks the answer of a deprecated REST route with `X-Platform-API-Deprecated-Reason` when the request's version
 * is one the deprecation applies to. Call it first in the handler, so refusals carry the header too.
 */
export function markDeprecated(reply: FastifyReply, ctx: RequestContext, ...deprecations: Deprecation[]): void {
  const applying = deprecations.find((deprecation) => isDeprecatedIn(deprecation, ctx.version));
  if (applying) reply.header(DEPRECATED_REASON_HEADER, applying.reason);
}
