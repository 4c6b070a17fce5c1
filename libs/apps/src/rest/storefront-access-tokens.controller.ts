import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { AuthService, appIdOf } from '@platform/auth';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import { ADMIN_REST_PREFIX, validBody } from '@platform/rest';
import { CreateStorefrontAccessTokenRequest } from './storefront-access-token.request.js';

// Storefront tokens are only useful to an app that was granted unauthenticated (storefront) scopes.
const STOREFRONT_SCOPE = 'unauthenticated_read_product_listings';

@Controller(ADMIN_REST_PREFIX)
export class StorefrontAccessTokensController {
  constructor(private readonly auth: AuthService) {}

  @Post('storefront_access_tokens.json')
  @HttpCode(200)
  @RequiresScope(STOREFRONT_SCOPE)
  async create(@Ctx() ctx: RequestContext, @Body() body: unknown) {
    const request = validBody(CreateStorefrontAccessTokenRequest, body, 'storefront_access_token');
    const token = await this.auth.createStorefrontAccessToken(ctx.shop.id, appOf(ctx), request.storefront_access_token.title);
    return {
      storefront_access_token: {
        id: token.id,
        access_token: token.accessToken,
        title: request.storefront_access_token.title,
        access_scope: [...ctx.caller.scopes].filter((s) => s.startsWith('unauthenticated_')).join(','),
        created_at: token.createdAt.toISOString(),
        admin_graphql_api_id: `gid://platform/StorefrontAccessToken/${token.id}`,
      },
    };
  }
}

function appOf(ctx: RequestContext): number {
  const appId = appIdOf(ctx.caller);
  if (appId === null) throw new Error('admin routes always have an app caller');
  return appId;
}
