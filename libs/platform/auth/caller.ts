/** Who is calling: a buyer without a token, or an installed app through one of its tokens. */
export type Caller =
  | { readonly kind: 'tokenless'; readonly scopes: ReadonlySet<string> }
  | {
      readonly kind: 'admin' | 'storefront_public' | 'storefront_private';
      readonly appId: number;
      readonly tokenId: number;
      readonly scopes: ReadonlySet<string>;
    };

export function callerHasScope(caller: Caller, scope: string): boolean {
  return caller.scopes.has(scope);
}
