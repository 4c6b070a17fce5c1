import { Controller, Get } from '@nestjs/common';
import { Ctx, OpenAccess, type RequestContext } from '@platform/request';
import { ADMIN_REST_PREFIX } from '@platform/rest';
import { restShop } from './shop.serializer.js';

@Controller(ADMIN_REST_PREFIX)
export class ShopController {
  /** Needs only a valid token: proves shop, auth, version, throttle and errors end to end. */
  @Get('shop.json')
  @OpenAccess()
  show(@Ctx() ctx: RequestContext) {
    return { shop: restShop(ctx.shop) };
  }
}
