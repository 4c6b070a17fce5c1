/**
 * Who is calling: a buyer without a token, an installed app through one of its tokens, or the platform itself
 * (the CLI, the seed, background jobs), which acts for a shop with every scope and no app.
 */
export type Caller =
  | { readonly kind: 'tokenless'; readonly scopes: ReadonlySet<string> }
  | { readonly kind: 'system'; readonly scopes: ReadonlySet<string> }
  | {
      readonly kind: 'admin' | 'storefront_public' | 'storefront_private';
      readonly appId: number;
      readonly tokenId: number;
      readonly scopes: ReadonlySet<string>;
    };

export function callerHasScope(caller: Caller, scope: string): boolean {
  return caller.scopes.has(scope);
}

/** The app behind the caller, or null for tokenless callers and the platform itself. */
export function appIdOf(caller: Caller): number | null {
  return 'appId' in caller ? caller.appId : null;
}

/**
 * Whether the caller may change or delete what an app made (`madeBy`; null when no app made it): that app itself,
 * or the platform (the CLI, the seed, jobs); never another app, nor a buyer (an order's risks).
 */
export function callerMayChange(caller: Caller, madeBy: number | null): boolean {
  return caller.kind === 'system' || (madeBy !== null && appIdOf(caller) === madeBy);
}
