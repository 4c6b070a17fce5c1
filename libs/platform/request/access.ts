import { SetMetadata, applyDecorators } from '@nestjs/common';
import { Extensions } from '@nestjs/graphql';
import { type Caller, type Scope, callerHasScope } from '@platform/auth';
import { DomainError, accessDenied } from '@platform/errors';
import type { RequestContext } from './request-context.js';

/**
 * What a GraphQL field, a mutation or a REST route asks of its caller. Declared on the resolver or handler
 * with one of the decorators below and enforced once for the whole surface (docs/architecture.md).
 */
export interface Access {
  /** The scope the caller must hold; tokenless callers hold the public ones (`TOKENLESS_SCOPES`). */
  readonly scope?: Scope;
  /**
   * `refused`: a tokenless caller is refused even where it holds the scope (the spec's "token required"
   * areas); `allowed`: a tokenless caller passes without the scope, a token must hold it.
   */
  readonly tokenless?: 'refused' | 'allowed';
  /**
   * The scope depends on the type of the object the argument of this name gives by global id (`tagsAdd(id:)`
   * needs `write_orders` for an order): the field's platform resolver checks it with `requireAccess` once it knows
   * the type, from the registry the type's context registered in.
   */
  readonly scopeOf?: string;
}

/** Where the declaration is kept: Nest metadata for REST guards, the schema field's extensions for GraphQL. */
export const ACCESS_KEY = 'platform:access';

/** The caller must hold `scope` (`read_customers`, `unauthenticated_read_product_listings`, …). */
export function RequiresScope(scope: Scope, options: Pick<Access, 'tokenless'> = {}): MethodDecorator & ClassDecorator {
  return declareAccess({ scope, ...options });
}

/** A storefront token is required (and `scope`, when named): the access table's "token required" column. */
export function RequiresToken(scope?: Scope): MethodDecorator & ClassDecorator {
  return declareAccess({ ...(scope ? { scope } : {}), tokenless: 'refused' });
}

/**
 * The caller must hold the scope of the object the argument `argument` names, which its type decides (the
 * type's write scope for `tagsAdd(id:)`): declared, so the schema says who may call it; the platform resolver
 * behind the field checks it for the type it finds (`requireAccess`).
 */
export function RequiresScopeOf(argument: string): MethodDecorator & ClassDecorator {
  return declareAccess({ scopeOf: argument });
}

/** Open to every caller the pipeline admitted (e.g. `shop`): declared, so a missing declaration stays visible. */
export function OpenAccess(): MethodDecorator & ClassDecorator {
  return declareAccess({});
}

function declareAccess(access: Access): MethodDecorator & ClassDecorator {
  return applyDecorators(SetMetadata(ACCESS_KEY, access), Extensions({ [ACCESS_KEY]: access })) as MethodDecorator & ClassDecorator;
}

/** The refusal of `caller` for `field` under `access`, or null when it may proceed. */
export function accessDenial(caller: Caller, access: Access, field: string): DomainError | null {
  if (access.tokenless === 'refused' && caller.kind === 'tokenless') return tokenRequired(field, access.scope);
  if (access.tokenless === 'allowed' && caller.kind === 'tokenless') return null;
  if (access.scope && !callerHasScope(caller, access.scope)) return accessDenied(field, access.scope);
  return null;
}

/** Throws ACCESS_DENIED for `field` unless the request's caller may proceed (for access that depends on data, e.g. a node's type). */
export function requireAccess(ctx: RequestContext, access: Access, field: string): void {
  const denial = accessDenial(ctx.caller, access, field);
  if (denial) throw denial;
}

/**
 * The check of a field declared `@RequiresScopeOf(argument)` whose argument names many objects (`metafieldsSet`'s
 * owners): the scope each one's type asks, as the registry of those types answers it (undefined where a type asks
 * none, or for an id of no type it knows: an input problem the field answers itself). Throws ACCESS_DENIED for the
 * first scope the caller lacks. The field's resolver calls it before it reads anything, so a refusal says nothing of
 * the objects.
 */
export function requireScopesOf(ctx: RequestContext, field: string, scopes: Iterable<Scope | undefined>): void {
  for (const scope of new Set(scopes)) if (scope) requireAccess(ctx, { scope }, field);
}

// The access table's "token required" areas, in the wording of the hosted platform's scope refusals.
function tokenRequired(field: string, scope: string | undefined): DomainError {
  const required = scope ? `a storefront access token with \`${scope}\` access scope` : 'a storefront access token';
  return new DomainError('FORBIDDEN', `Access denied for ${field} field. Required access: ${required}.`, {
    code: 'ACCESS_DENIED',
    extensions: { requiredAccess: scope ?? 'storefront_access_token' },
  });
}
