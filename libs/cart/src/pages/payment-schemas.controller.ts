import { Controller, Get, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '@platform/errors';
import { Ctx, OpenAccess, type RequestContext } from '@platform/request';
import { WALLET_SCHEMA_PATHS, type WalletSchemaName, walletSchemas } from '../payment-handler/wallet-handler-schemas.js';

const NAMES = new Map<string, WalletSchemaName>(Object.entries(WALLET_SCHEMA_PATHS).map(([name, path]) => [path, name as WalletSchemaName]));

/** The test wallet's JSON Schemas (`/schemas/…`), public documents with ids on the host asked. */
@Controller('schemas')
export class PaymentSchemasController {
  @Get('*')
  @OpenAccess()
  schema(@Ctx() ctx: RequestContext, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const path = request.url.split('?')[0]!;
    const name = NAMES.get(path);
    if (!name) throw notFound();
    void reply
      .code(200)
      .headers({ 'content-type': 'application/schema+json; charset=utf-8', 'cache-control': 'public, max-age=300', 'x-content-type-options': 'nosniff' })
      .send(JSON.stringify(walletSchemas(ctx.origin)[name], null, 2));
  }
}
