import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Ctx, OpenAccess, type RequestContext } from '@platform/request';
import { sendPage } from '@platform/html';
import { ShopFrontPagesService } from './shop-front-pages.service.js';

/**
 * The shop front, on the shop's own host at `/` (and HEAD, which Fastify answers from GET): what the links back to
 * the shop (checkout, account activation, e-mails) open. Open to any visitor; a query string is not read.
 */
@Controller()
export class ShopFrontController {
  constructor(private readonly pages: ShopFrontPagesService) {}

  @Get()
  @OpenAccess()
  async show(@Ctx() ctx: RequestContext, @Res() reply: FastifyReply) {
    sendPage(reply, await this.pages.show(ctx));
  }
}
