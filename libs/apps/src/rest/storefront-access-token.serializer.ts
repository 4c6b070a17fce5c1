/** REST `storefront_access_token`: its scopes are the calling app's storefront (unauthenticated) ones. */
export function restStorefrontAccessToken(token: { id: number; accessToken: string; createdAt: Date }, title: string, appScopes: Iterable<string>) {
  return {
    id: token.id,
    access_token: token.accessToken,
    title,
    access_scope: [...appScopes].filter((s) => s.startsWith('unauthenticated_')).join(','),
    created_at: token.createdAt.toISOString(),
    admin_graphql_api_id: `gid://platform/StorefrontAccessToken/${token.id}`,
  };
}
