import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { notFound } from '@platform/errors';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import { ADMIN_REST_PREFIX, RestFields, RestList, fieldsOf, resourceId, restListRequest, restPage, selectFields } from '@platform/rest';
import { LedgerDirectoryService } from '../ledger-directory.service.js';
import { BalanceTransactionsResponse } from './balance-transaction.response.js';
import { restBalanceTransaction } from './balance-transaction.serializer.js';
import { BALANCE_TRANSACTIONS, PAYOUTS, PAYOUT_FILTER_DOCS, TRANSACTION_FILTER_DOCS, payoutFilters, transactionFilters } from './ledger-lists.js';
import { BalanceResponse, PayoutResponse, PayoutsResponse } from './payout.response.js';
import { restBalance, restPayout } from './payout.serializer.js';

type Query = Record<string, unknown>;

/**
 * The payments account on the legacy REST API (spec 3): balance transactions and payouts need
 * read_platform_payments_payouts, the balance read_platform_payments. Nothing here writes: the ledger moves with
 * orders, payouts and operators.
 */
@ApiTags('platform_payments')
@Controller(ADMIN_REST_PREFIX)
export class LedgerController {
  constructor(private readonly directory: LedgerDirectoryService) {}

  @Get('platform_payments/balance/transactions.json')
  @RequiresScope('read_platform_payments_payouts')
  @ApiOperation({ summary: 'Lists balance transactions, newest first by processing time (payout_id, since_id, last_id, payout_status, test, limit, fields, page_info)' })
  @RestList(BALANCE_TRANSACTIONS, { filters: TRANSACTION_FILTER_DOCS })
  @ApiOkResponse({ type: BalanceTransactionsResponse })
  async transactions(@Ctx() ctx: RequestContext, @Query() query: Query, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = restListRequest(BALANCE_TRANSACTIONS, query);
    const page = await this.directory.transactions(ctx, transactionFilters(list.filters), list.page);
    return restPage(reply, ctx.origin, list, page, 'transactions', restBalanceTransaction);
  }

  @Get('platform_payments/payouts.json')
  @RequiresScope('read_platform_payments_payouts')
  @ApiOperation({ summary: 'Lists payouts, newest first by date (since_id, last_id, date_min, date_max, date, status, limit, fields, page_info)' })
  @RestList(PAYOUTS, { filters: PAYOUT_FILTER_DOCS })
  @ApiOkResponse({ type: PayoutsResponse })
  async payouts(@Ctx() ctx: RequestContext, @Query() query: Query, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = restListRequest(PAYOUTS, query);
    const page = await this.directory.payouts(ctx, payoutFilters(list.filters), list.page);
    return restPage(reply, ctx.origin, list, page, 'payouts', restPayout);
  }

  @Get('platform_payments/payouts/:id.json')
  @RequiresScope('read_platform_payments_payouts')
  @ApiOperation({ summary: 'Retrieves a payout (fields: the top-level fields to answer, comma-separated)' })
  @RestFields()
  @ApiOkResponse({ type: PayoutResponse })
  async payout(@Ctx() ctx: RequestContext, @Param('id') id: string, @Query() query: Query) {
    const fields = fieldsOf(query);
    const payout = await this.directory.payout(ctx, resourceId(id));
    if (!payout) throw notFound();
    return { payout: selectFields(restPayout(payout), fields) };
  }

  @Get('platform_payments/balance.json')
  @RequiresScope('read_platform_payments')
  @ApiOperation({ summary: "Retrieves the account's balance per currency: the nets of live transactions not yet in a payout" })
  @ApiOkResponse({ type: BalanceResponse })
  async balance(@Ctx() ctx: RequestContext) {
    return { balance: (await this.directory.balance(ctx)).map(restBalance) };
  }
}
