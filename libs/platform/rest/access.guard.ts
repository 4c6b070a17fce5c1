import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { missingScope } from '@platform/errors';
import { ACCESS_KEY, type Access, type RequestContext, accessDenial } from '@platform/request';

/**
 * Global guard of the REST surface: a route whose declared access (`@RequiresScope` from `@platform/request`)
 * the token does not grant answers 403 naming the scope, in the hosted platform's words.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(execution: ExecutionContext): boolean {
    if (execution.getType() !== 'http') return true;
    const access = this.reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [execution.getHandler(), execution.getClass()]);
    const ctx = execution.switchToHttp().getRequest<{ platform?: RequestContext }>().platform;
    if (!access || !ctx) return true;
    if (accessDenial(ctx.caller, access, execution.getHandler().name)) throw missingScope(access.scope ?? 'a storefront access token');
    return true;
  }
}
