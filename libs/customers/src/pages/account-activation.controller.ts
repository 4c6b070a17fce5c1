import { Body, Controller, Get, Param, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Ctx, OpenAccess, type RequestContext } from '@platform/request';
import { sendPage } from '@platform/html';
import { ActivationPagesService } from './activation-pages.service.js';

/**
 * The hosted page an activation URL opens (served by the api app, on the shop's own host): the customer sets a
 * password. The link's token is its only credential, so the page is open to any visitor.
 */
@Controller('account')
export class AccountActivationController {
  constructor(private readonly pages: ActivationPagesService) {}

  @Get('activate/:customerId/:token')
  @OpenAccess()
  async show(@Ctx() ctx: RequestContext, @Param('customerId') customerId: string, @Param('token') token: string, @Res() reply: FastifyReply) {
    sendPage(reply, await this.pages.form(ctx, customerId, token));
  }

  @Post('activate/:customerId/:token')
  @OpenAccess()
  async activate(@Ctx() ctx: RequestContext, @Param('customerId') customerId: string, @Param('token') token: string, @Body() body: unknown, @Res() reply: FastifyReply) {
    sendPage(reply, await this.pages.submit(ctx, customerId, token, body));
  }
}
