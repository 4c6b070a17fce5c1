import { DomainError } from '@platform/errors';
import { type RequestContext, requireScope } from '@platform/request';

// Storefront scopes of online store content and custom data, as the hosted platform names them.
export const CONTENT = 'unauthenticated_read_content';
export const METAOBJECTS = 'unauthenticated_read_metaobjects';

/**
 * The "token required" areas of the access table (menus, metaobjects, metafields): a tokenless caller is
 * refused even where it holds the scope, a token must hold `scope` when one is named. ACCESS_DENIED names
 * the field; the rest of the query still answers.
 */
export function requireToken(ctx: RequestContext, field: string, scope?: string): void {
  if (ctx.caller.kind === 'tokenless') throw tokenRequired(field, scope);
  if (scope) requireScope(ctx, scope, field);
}

export function tokenRequired(field: string, scope?: string): DomainError {
  const access = scope ? `a storefront access token with \`${scope}\` access scope` : 'a storefront access token';
  return new DomainError('FORBIDDEN', `Access denied for ${field} field. Required access: ${access}.`, {
    code: 'ACCESS_DENIED',
    extensions: { requiredAccess: scope ?? 'storefront_access_token' },
  });
}
