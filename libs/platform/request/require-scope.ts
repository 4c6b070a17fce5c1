import { callerHasScope } from '@platform/auth';
import { accessDenied } from '@platform/errors';
import type { RequestContext } from './request-context.js';

/** Throws ACCESS_DENIED for `field` unless the caller holds `scope` (tokenless callers hold the public ones). */
export function requireScope(ctx: RequestContext, scope: string, field: string): void {
  if (!callerHasScope(ctx.caller, scope)) throw accessDenied(field, scope);
}
