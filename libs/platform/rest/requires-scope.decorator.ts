import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { callerHasScope } from '@platform/auth';
import { missingScope } from '@platform/errors';
import type { RequestContext } from '@platform/request';

const SCOPE_KEY = 'platform:requiredScope';

/** The access scope a REST route needs, e.g. `@RequiresScope('read_customers')`. */
export const RequiresScope = (scope: string) => SetMetadata(SCOPE_KEY, scope);

/** Global guard: a route with a required scope answers 403 naming it when the token lacks it. */
@Injectable()
export class ScopeGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(execution: ExecutionContext): boolean {
    const scope = this.reflector.getAllAndOverride<string | undefined>(SCOPE_KEY, [execution.getHandler(), execution.getClass()]);
    if (!scope || execution.getType() !== 'http') return true;
    const ctx = execution.switchToHttp().getRequest<{ platform?: RequestContext }>().platform;
    if (!ctx || !callerHasScope(ctx.caller, scope)) throw missingScope(scope);
    return true;
  }
}
