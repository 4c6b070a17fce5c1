import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx, OpenAccess, type RequestContext } from '@platform/request';
import { ADMIN_REST_PREFIX } from '@platform/rest';
import { ShopResponse } from './shop.response.js';
import { restShop } from './shop.serializer.js';

@ApiTags('shop')
@Controller(ADMIN_REST_PREFIX)
export class ShopController {
  /** Needs only a valid token: proves shop, auth, version, throttle and errors end to end. */
  @Get('shop.json')
  @OpenAccess()
  @ApiOperation({ summary: 'The shop the token belongs to' })
  @ApiOkResponse({ type: ShopResponse })
  show(@Ctx() ctx: RequestContext) {
    return { shop: restShop(ctx.shop) };
  }
}
