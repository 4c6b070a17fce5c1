import { Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Ctx, OpenAccess, type RequestContext } from '@platform/request';
import { sendPage } from '@platform/html';
import { CheckoutPagesService } from './checkout-pages.service.js';

/**
 * The hosted checkout a cart's `checkoutUrl` opens (`/cart/c/<token>?key=<key>`, on the shop's own host). The
 * cart's secret key in the URL is its only credential, so the page is open to any visitor who has the link.
 */
@Controller('cart')
export class CheckoutController {
  constructor(private readonly pages: CheckoutPagesService) {}

  @Get('c/:token')
  @OpenAccess()
  async show(@Ctx() ctx: RequestContext, @Param('token') token: string, @Query('key') key: unknown, @Res() reply: FastifyReply) {
    sendPage(reply, await this.pages.show(ctx, token, key));
  }

  @Post('c/:token')
  @OpenAccess()
  async pay(@Ctx() ctx: RequestContext, @Param('token') token: string, @Query('key') key: unknown, @Query('_cs') consent: unknown, @Body() body: unknown, @Res() reply: FastifyReply) {
    sendPage(reply, await this.pages.pay(ctx, token, key, consent, body));
  }
}
