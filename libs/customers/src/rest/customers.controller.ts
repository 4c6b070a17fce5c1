import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type DomainError, notFound, rejection } from '@platform/errors';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import { ADMIN_REST_PREFIX, RestCountResponse, RestEmptyResponse, RestFields, RestList, fieldsOf, resourceId, restListRequest, restPage, selectFields, validBody } from '@platform/rest';
import { CustomerDirectoryService } from '../customer-directory.service.js';
import { CustomersService } from '../customers.service.js';
import { CUSTOMERS, customerListFilters, customerSearchListing } from './customer-lists.js';
import { CustomerInviteRequest, CustomerRequest, customerInputOf, inviteInputOf } from './customer.request.js';
import { AccountActivationUrlResponse, CustomerInviteResponse, CustomerResponse, CustomersResponse } from './customer.response.js';
import { restCustomer } from './customer.serializer.js';

type Query = Record<string, unknown>;

/** The legacy REST `customer` resource (spec 3): reads need read_customers, writes write_customers. */
@ApiTags('customers')
@Controller(ADMIN_REST_PREFIX)
export class CustomersController {
  constructor(
    private readonly customers: CustomersService,
    private readonly directory: CustomerDirectoryService,
  ) {}

  @Post('customers.json')
  @HttpCode(201)
  @RequiresScope('write_customers')
  @ApiOperation({ summary: 'Creates a customer: enabled with a password and its confirmation, else disabled (invited with send_email_invite)' })
  @ApiBody({ type: CustomerRequest })
  @ApiCreatedResponse({ type: CustomerResponse })
  async create(@Ctx() ctx: RequestContext, @Body() body: unknown) {
    const { customer } = validBody(CustomerRequest, body, 'customer');
    return { customer: restCustomer(written(await this.customers.create(ctx, customerInputOf(customer)))) };
  }

  @Get('customers.json')
  @RequiresScope('read_customers')
  @ApiOperation({ summary: 'Lists customers in id order (ids, since_id, created_at_min/max, updated_at_min/max, limit, fields, page_info)' })
  @RestList(CUSTOMERS)
  @ApiOkResponse({ type: CustomersResponse })
  async list(@Ctx() ctx: RequestContext, @Query() query: Query, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = restListRequest(CUSTOMERS, query);
    const page = await this.directory.list(ctx, customerListFilters(list.filters), list.page);
    return restPage(reply, ctx.origin, list, page, 'customers', restCustomer);
  }

  @Get('customers/count.json')
  @RequiresScope('read_customers')
  @ApiOperation({ summary: 'Counts customers (the filters of the list)' })
  @RestList(CUSTOMERS, { count: true })
  @ApiOkResponse({ type: RestCountResponse })
  async count(@Ctx() ctx: RequestContext, @Query() query: Query) {
    return { count: await this.directory.count(ctx, customerListFilters(query)) };
  }

  @Get('customers/search.json')
  @RequiresScope('read_customers')
  @ApiOperation({ summary: 'Searches customers with the search syntax (query, order, limit, fields, page_info)' })
  @RestList(customerSearchListing({}).listing)
  @ApiOkResponse({ type: CustomersResponse })
  async search(@Ctx() ctx: RequestContext, @Query() query: Query, @Res({ passthrough: true }) reply: FastifyReply) {
    const { listing, sort } = customerSearchListing(query);
    const list = restListRequest(listing, query);
    const page = await this.directory.search(ctx, list.filters.query ?? null, sort, list.page);
    return restPage(reply, ctx.origin, list, page, 'customers', restCustomer);
  }

  @Get('customers/:id.json')
  @RequiresScope('read_customers')
  @ApiOperation({ summary: 'Retrieves a customer (fields: the top-level fields to answer, comma-separated)' })
  @RestFields()
  @ApiOkResponse({ type: CustomerResponse })
  async show(@Ctx() ctx: RequestContext, @Param('id') id: string, @Query() query: Query) {
    const fields = fieldsOf(query);
    const customer = await this.directory.customer(ctx, resourceId(id));
    if (!customer) throw notFound();
    return { customer: selectFields(restCustomer(customer), fields) };
  }

  @Put('customers/:id.json')
  @RequiresScope('write_customers')
  @ApiOperation({ summary: 'Updates a customer: the fields given (tags and addresses replaced as given)' })
  @ApiBody({ type: CustomerRequest })
  @ApiOkResponse({ type: CustomerResponse })
  async update(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() body: unknown) {
    const customerId = resourceId(id);
    const { customer } = validBody(CustomerRequest, body, 'customer');
    return { customer: restCustomer(written(await this.customers.update(ctx, customerId, customerInputOf(customer)))) };
  }

  @Delete('customers/:id.json')
  @RequiresScope('write_customers')
  @ApiOperation({ summary: 'Deletes a customer who has no orders' })
  @ApiOkResponse({ type: RestEmptyResponse, description: 'Deleted: `{}`' })
  async remove(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    const { problems } = await this.customers.delete(ctx, resourceId(id));
    if (problems.length > 0) throw refusal(problems);
    return {};
  }

  @Post('customers/:id/account_activation_url.json')
  @HttpCode(200)
  @RequiresScope('write_customers')
  @ApiOperation({ summary: 'Creates a one-time account activation URL, valid 30 days, replacing the previous one (not for enabled accounts)' })
  @ApiOkResponse({ type: AccountActivationUrlResponse })
  async activationUrl(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    const { url, problems } = await this.customers.activationUrl(ctx, resourceId(id));
    if (problems.length > 0 || !url) throw refusal(problems);
    return { account_activation_url: url };
  }

  @Post('customers/:id/send_invite.json')
  @HttpCode(201)
  @RequiresScope('write_customers')
  @ApiOperation({ summary: 'Emails the customer an account invite (optional customer_invite: to, from, bcc, subject, custom_message)' })
  @ApiBody({ type: CustomerInviteRequest, required: false })
  @ApiCreatedResponse({ type: CustomerInviteResponse })
  async sendInvite(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() body: unknown) {
    const customerId = resourceId(id);
    const fields = hasInvite(body) ? validBody(CustomerInviteRequest, body, 'customer_invite').customer_invite : undefined;
    const { invite, problems } = await this.customers.sendInvite(ctx, customerId, inviteInputOf(fields));
    if (problems.length > 0 || !invite) throw refusal(problems);
    return { customer_invite: { to: invite.to, from: invite.from, subject: invite.subject, custom_message: invite.customMessage, bcc: invite.bcc } };
  }
}

/** The customer a write returns, or its problems thrown (422 listing them all, 404 for an unknown customer). */
function written<T>(result: { customer: T | null; problems: readonly DomainError[] }): T {
  if (result.problems.length > 0 || !result.customer) throw refusal(result.problems);
  return result.customer;
}

// An unknown customer answers the hosted platform's 404 string, whatever the service's message.
function refusal(problems: readonly DomainError[]): DomainError {
  if (problems.length === 0) throw new Error('a write answered neither a result nor a problem');
  return problems.some((problem) => problem.kind === 'NOT_FOUND') ? notFound() : rejection(problems);
}

// The invite's body is optional: none, or one without `customer_invite`, takes every default.
function hasInvite(body: unknown): boolean {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && Object.hasOwn(body, 'customer_invite');
}
