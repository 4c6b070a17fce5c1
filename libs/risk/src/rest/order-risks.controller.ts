import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type DomainError, notFound, rejection } from '@platform/errors';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import { ADMIN_REST_PREFIX, RestEmptyResponse, RestList, type RestListing, markDeprecated, resourceId, restListRequest, restPage, validBody } from '@platform/rest';
import type { Deprecation } from '@platform/versioning';
import { OrderRisksService } from '../order-risks.service.js';
import { OrderRiskRequest, orderRiskInputOf } from './order-risk.request.js';
import { OrderRiskResponse, OrderRisksResponse } from './order-risk.response.js';
import { restOrderRisk } from './order-risk.serializer.js';

const RISKS: RestListing = { scope: { connection: 'rest.order.risks', sortKey: 'ID' }, cursor: ['bigint'], filters: [] };

// The whole resource from 2024-04 (spec 3); reading, changing and deleting one risk in every version (its table).
const RESOURCE: Deprecation = {
  since: '2024-04',
  reason: 'The order risk resource is deprecated as of 2024-04: use Order.risk and orderRiskAssessmentCreate on the admin GraphQL API.',
};
const SINGLE: Deprecation = { reason: 'Reading, updating and deleting one order risk are deprecated: use Order.risk and orderRiskAssessmentCreate on the admin GraphQL API.' };

/** The legacy REST `risk` resource of an order (spec 3): reads need read_orders, writes write_orders. */
@ApiTags('order risks')
@Controller(ADMIN_REST_PREFIX)
export class OrderRisksController {
  constructor(private readonly risks: OrderRisksService) {}

  @Post('orders/:id/risks.json')
  @HttpCode(201)
  @RequiresScope('write_orders')
  @ApiOperation({ summary: "Creates a risk on an order, owned by the calling app (recommendation required: cancel, investigate or accept; score 0 to 1)", deprecated: true })
  @ApiBody({ type: OrderRiskRequest })
  @ApiCreatedResponse({ type: OrderRiskResponse })
  async create(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply) {
    markDeprecated(reply, ctx, RESOURCE);
    const orderId = resourceId(id);
    const { risk } = validBody(OrderRiskRequest, body, 'risk');
    return { risk: restOrderRisk(written(await this.risks.create(ctx, orderId, orderRiskInputOf(risk)))) };
  }

  @Get('orders/:id/risks.json')
  @RequiresScope('read_orders')
  @ApiOperation({ summary: "Lists an order's displayed risks in id order (limit, page_info)", deprecated: true })
  @RestList(RISKS)
  @ApiOkResponse({ type: OrderRisksResponse })
  async list(@Ctx() ctx: RequestContext, @Param('id') id: string, @Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    markDeprecated(reply, ctx, RESOURCE);
    const orderId = resourceId(id);
    const list = restListRequest(RISKS, query);
    const page = await this.risks.list(ctx, orderId, list.page);
    if (!page) throw notFound();
    return restPage(reply, ctx.origin, list, page, 'risks', restOrderRisk);
  }

  @Get('orders/:id/risks/:risk_id.json')
  @RequiresScope('read_orders')
  @ApiOperation({ summary: 'Retrieves a displayed risk of an order', deprecated: true })
  @ApiOkResponse({ type: OrderRiskResponse })
  async show(@Ctx() ctx: RequestContext, @Param('id') id: string, @Param('risk_id') riskId: string, @Res({ passthrough: true }) reply: FastifyReply) {
    markDeprecated(reply, ctx, SINGLE);
    const risk = await this.risks.risk(ctx, resourceId(id), resourceId(riskId));
    if (!risk) throw notFound();
    return { risk: restOrderRisk(risk) };
  }

  @Put('orders/:id/risks/:risk_id.json')
  @RequiresScope('write_orders')
  @ApiOperation({ summary: "Updates the fields given of one of the calling app's risks (another app's: 403)", deprecated: true })
  @ApiBody({ type: OrderRiskRequest })
  @ApiOkResponse({ type: OrderRiskResponse })
  async update(@Ctx() ctx: RequestContext, @Param('id') id: string, @Param('risk_id') riskId: string, @Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply) {
    markDeprecated(reply, ctx, SINGLE);
    const [orderId, risk] = [resourceId(id), resourceId(riskId)];
    const fields = validBody(OrderRiskRequest, body, 'risk').risk;
    return { risk: restOrderRisk(written(await this.risks.update(ctx, orderId, risk, orderRiskInputOf(fields)))) };
  }

  @Delete('orders/:id/risks/:risk_id.json')
  @RequiresScope('write_orders')
  @ApiOperation({ summary: "Deletes one of the calling app's risks (another app's: 403)", deprecated: true })
  @ApiOkResponse({ type: RestEmptyResponse, description: 'Deleted: `{}`' })
  async remove(@Ctx() ctx: RequestContext, @Param('id') id: string, @Param('risk_id') riskId: string, @Res({ passthrough: true }) reply: FastifyReply) {
    markDeprecated(reply, ctx, SINGLE);
    const { problems } = await this.risks.delete(ctx, resourceId(id), resourceId(riskId));
    if (problems.length > 0) throw refusal(problems);
    return {};
  }
}

/** The risk a write returns, or its problems thrown (422 listing them all, 404 for an unknown order or risk). */
function written<T>(result: { risk: T | null; problems: readonly DomainError[] }): T {
  if (result.problems.length > 0 || !result.risk) throw refusal(result.problems);
  return result.risk;
}

// An unknown order or risk answers the hosted platform's 404 string, whatever the service's message.
function refusal(problems: readonly DomainError[]): DomainError {
  if (problems.length === 0) throw new Error('a write answered neither a result nor a problem');
  return problems.some((problem) => problem.kind === 'NOT_FOUND') ? notFound() : rejection(problems);
}
