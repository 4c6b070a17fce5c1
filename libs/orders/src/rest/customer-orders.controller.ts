import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CustomerDirectoryService } from '@platform/customers';
import { badRequest, notFound } from '@platform/errors';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import { ADMIN_REST_PREFIX, RestList, type RestListing, resourceId, restListRequest, restPage } from '@platform/rest';
import { OrderDirectoryService } from '../order-directory.service.js';
import { ORDER_STATUS_FILTERS, type OrderStatusFilter } from '../order.records.js';
import { OrdersService } from '../orders.service.js';
import { restOrdersOf } from './order-details.js';
import { OrdersResponse } from './order.response.js';

// A customer's orders in id order; `status` (open by default) is the filter a page_info carries on.
const CUSTOMER_ORDERS: RestListing = { scope: { connection: 'rest.customer.orders', sortKey: 'ID' }, cursor: ['bigint'], filters: ['status'] };

/** `GET customers/{id}/orders.json`: the orders context answers it, asking customers only whether the customer exists. */
@ApiTags('customers')
@Controller(ADMIN_REST_PREFIX)
export class CustomerOrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly directory: OrderDirectoryService,
    private readonly customers: CustomerDirectoryService,
  ) {}

  @Get('customers/:id/orders.json')
  @RequiresScope('read_orders')
  @ApiOperation({ summary: "Lists a customer's orders (status: open (default), closed, cancelled or any; limit, fields, page_info)" })
  @RestList(CUSTOMER_ORDERS, { filters: { status: { description: 'Which orders: open (the default), closed, cancelled or any', schema: { type: 'string', enum: [...ORDER_STATUS_FILTERS], default: 'open' } } } })
  @ApiOkResponse({ type: OrdersResponse })
  async list(@Ctx() ctx: RequestContext, @Param('id') id: string, @Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    const customerId = resourceId(id);
    const list = restListRequest(CUSTOMER_ORDERS, query);
    const status = statusOf(list.filters.status);
    const customer = await this.customers.customer(ctx, customerId);
    if (!customer) throw notFound();
    const page = await this.orders.ordersOfCustomerForRest(ctx, customer.id, status, list.page);
    // The same object as GET orders.json (one serializer).
    const shown = await restOrdersOf(ctx, this.directory, this.customers, page.items.map((item) => item.record), [customer]);
    return restPage(reply, ctx.origin, list, page, 'orders', (order) => shown.get(order.id)!);
  }
}

function statusOf(status: string | undefined): OrderStatusFilter {
  if (status === undefined) return 'open';
  if (!(ORDER_STATUS_FILTERS as readonly string[]).includes(status)) throw badRequest('status', 'Invalid value.');
  return status as OrderStatusFilter;
}
