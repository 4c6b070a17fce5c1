import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthService, appIdOf } from '@platform/auth';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import { ADMIN_REST_PREFIX, validBody } from '@platform/rest';
import { CreateStorefrontAccessTokenRequest } from './storefront-access-token.request.js';
import { StorefrontAccessTokenResponse } from './storefront-access-token.response.js';
import { restStorefrontAccessToken } from './storefront-access-token.serializer.js';

// Storefront tokens are only useful to an app that was granted unauthenticated (storefront) scopes.
const STOREFRONT_SCOPE = 'unauthenticated_read_product_listings';

@ApiTags('storefront_access_tokens')
@Controller(ADMIN_REST_PREFIX)
export class StorefrontAccessTokensController {
  constructor(private readonly auth: AuthService) {}

  @Post('storefront_access_tokens.json')
  @HttpCode(200)
  @RequiresScope(STOREFRONT_SCOPE)
  @ApiOperation({ summary: "Creates a public storefront access token for the calling app (at most 100 active per app)" })
  @ApiBody({ type: CreateStorefrontAccessTokenRequest })
  @ApiOkResponse({ type: StorefrontAccessTokenResponse })
  async create(@Ctx() ctx: RequestContext, @Body() body: unknown) {
    const request = validBody(CreateStorefrontAccessTokenRequest, body, 'storefront_access_token');
    const { title } = request.storefront_access_token;
    const token = await this.auth.createStorefrontAccessToken(ctx.shop.id, appOf(ctx), title);
    return { storefront_access_token: restStorefrontAccessToken(token, title, ctx.caller.scopes) };
  }
}

function appOf(ctx: RequestContext): number {
  const appId = appIdOf(ctx.caller);
  if (appId === null) throw new Error('admin routes always have an app caller');
  return appId;
}
