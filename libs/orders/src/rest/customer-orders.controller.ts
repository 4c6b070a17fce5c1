import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CustomerDirectoryService } from '@platform/customers';
import { badRequest, notFound } from '@platform/errors';
import { MAX_PAGE_SIZE, type PageRequest } from '@platform/graphql';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import { ADMIN_REST_PREFIX, RestList, type RestListing, resourceId, restListRequest, restPage } from '@platform/rest';
import { ORDER_STATUS_FILTERS, type OrderLineItemRecord, type OrderRecord, type OrderStatusFilter } from '../order.records.js';
import { OrdersService } from '../orders.service.js';
import { OrdersResponse } from './order.response.js';
import { restOrder } from './order.serializer.js';

// A customer's orders in id order; `status` (open by default) is the filter a page_info carries on.
const CUSTOMER_ORDERS: RestListing = { scope: { connection: 'rest.customer.orders', sortKey: 'ID' }, cursor: ['bigint'], filters: ['status'] };
// Every line of each order (an order holds at most 250).
const ALL_LINES: PageRequest = { forward: true, size: MAX_PAGE_SIZE, reverse: false };

/** `GET customers/{id}/orders.json`: the orders context answers it, asking customers only whether the customer exists. */
@ApiTags('customers')
@Controller(ADMIN_REST_PREFIX)
export class CustomerOrdersController {
  constructor(
    private readonly orders: OrdersService,
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
    const lines = await this.linesOf(ctx, page.items.map((item) => item.record));
    return restPage(reply, ctx.origin, list, page, 'orders', (order) => restOrder(order, lines.get(order.id) ?? [], customer));
  }

  // Loads started together share one statement (OrdersService batches them per request).
  private async linesOf(ctx: RequestContext, orders: readonly OrderRecord[]): Promise<Map<number, OrderLineItemRecord[]>> {
    const pages = await Promise.all(orders.map((order) => this.orders.lineItemsOfOrder(ctx, order.id, ALL_LINES)));
    return new Map(orders.map((order, i) => [order.id, pages[i]!.items.map((item) => item.record)]));
  }
}

function statusOf(status: string | undefined): OrderStatusFilter {
  if (status === undefined) return 'open';
  if (!(ORDER_STATUS_FILTERS as readonly string[]).includes(status)) throw badRequest('status', 'Invalid value.');
  return status as OrderStatusFilter;
}
