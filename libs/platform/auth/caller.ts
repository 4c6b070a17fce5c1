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
