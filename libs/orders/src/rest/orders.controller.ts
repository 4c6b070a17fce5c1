import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CustomerDirectoryService } from '@platform/customers';
import { notFound } from '@platform/errors';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import { ADMIN_REST_PREFIX, RestCountResponse, RestFields, RestList, fieldsOf, resourceId, restListRequest, restPage, selectFields } from '@platform/rest';
import { OrderDirectoryService } from '../order-directory.service.js';
import { restOrdersOf } from './order-details.js';
import { ORDERS, ORDER_FILTER_DOCS, orderListFilters } from './order-lists.js';
import { OrderResponse, OrdersResponse } from './order.response.js';

type Query = Record<string, unknown>;

/** The legacy REST `order` resource's reads (spec 3): read_orders. */
@ApiTags('orders')
@Controller(ADMIN_REST_PREFIX)
export class OrdersController {
  constructor(
    private readonly orders: OrderDirectoryService,
    private readonly customers: CustomerDirectoryService,
  ) {}

  @Get('orders.json')
  @RequiresScope('read_orders')
  @ApiOperation({
    summary:
      'Lists orders in id order (status (open by default), financial_status, fulfillment_status, ids, since_id, created/updated/processed_at_min/max, limit, fields, page_info)',
  })
  @RestList(ORDERS, { filters: ORDER_FILTER_DOCS })
  @ApiOkResponse({ type: OrdersResponse })
  async list(@Ctx() ctx: RequestContext, @Query() query: Query, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = restListRequest(ORDERS, query);
    const page = await this.orders.list(ctx, orderListFilters(list.filters), list.page);
    const shown = await restOrdersOf(ctx, this.orders, this.customers, page.items.map((item) => item.record));
    return restPage(reply, ctx.origin, list, page, 'orders', (order) => shown.get(order.id)!);
  }

  @Get('orders/count.json')
  @RequiresScope('read_orders')
  @ApiOperation({ summary: 'Counts orders (the filters of the list)' })
  @RestList(ORDERS, { count: true, filters: ORDER_FILTER_DOCS })
  @ApiOkResponse({ type: RestCountResponse })
  async count(@Ctx() ctx: RequestContext, @Query() query: Query) {
    return { count: await this.orders.count(ctx, orderListFilters(query)) };
  }

  @Get('orders/:id.json')
  @RequiresScope('read_orders')
  @ApiOperation({ summary: 'Retrieves an order (fields: the top-level fields to answer, comma-separated)' })
  @RestFields()
  @ApiOkResponse({ type: OrderResponse })
  async show(@Ctx() ctx: RequestContext, @Param('id') id: string, @Query() query: Query) {
    const fields = fieldsOf(query);
    const order = await this.orders.order(ctx, resourceId(id));
    if (!order) throw notFound();
    const shown = await restOrdersOf(ctx, this.orders, this.customers, [order]);
    return { order: selectFields(shown.get(order.id)!, fields) };
  }
}
