import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type DomainError, notFound, rejection } from '@platform/errors';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import { ADMIN_REST_PREFIX, RestCountResponse, RestEmptyResponse, RestFields, RestList, fieldsOf, filterId, invalidParameter, markDeprecated, resourceId, selectFields, validBody } from '@platform/rest';
import type { Deprecation } from '@platform/versioning';
import { ProductImagesService } from '../admin/product-images.service.js';
import { ProductImageRequest, productImageInputOf } from './product-image.request.js';
import { ProductImageResponse, ProductImagesResponse } from './product-image.response.js';
import { restProductImage } from './product-image.serializer.js';

type Query = Record<string, unknown>;

// Listing, creating, updating and deleting from 2025-01 (spec 3); reading one and counting in every version.
const DEPRECATED: Deprecation = {
  since: '2025-01',
  reason: 'The product image resource is deprecated as of 2025-01: use Product.media, productCreateMedia (productUpdate media:) and fileUpdate on the admin GraphQL API.',
};

/** The one filter of the list and the count; the list answers every image (at most 250): no limit or page_info. */
const SINCE_ID = { filters: ['since_id'] };

/** Routes whose body carries an image (base64): their body limit is the media limit's (apps/api reads this). */
export const IMAGE_BODY = { bodyLimit: 'media' } as const;

/** The legacy REST `image` resource of a product (spec 3): reads need read_products, writes write_products. */
@ApiTags('product images')
@Controller(ADMIN_REST_PREFIX)
export class ProductImagesController {
  constructor(private readonly images: ProductImagesService) {}

  @Get('products/:id/images.json')
  @RequiresScope('read_products')
  @ApiOperation({ summary: "Lists a product's images in display order (since_id, fields)", deprecated: true })
  @RestFields()
  @RestList(SINCE_ID, { count: true })
  @ApiOkResponse({ type: ProductImagesResponse })
  async list(@Ctx() ctx: RequestContext, @Param('id') id: string, @Query() query: Query, @Res({ passthrough: true }) reply: FastifyReply) {
    markDeprecated(reply, ctx, DEPRECATED);
    const [productId, sinceId, fields] = [resourceId(id), sinceIdOf(query), fieldsOf(query)];
    const images = await this.images.list(ctx, productId, sinceId);
    if (!images) throw notFound();
    return { images: images.map((image) => selectFields(restProductImage(image, ctx.origin), fields)) };
  }

  @Get('products/:id/images/count.json')
  @RequiresScope('read_products')
  @ApiOperation({ summary: "Counts a product's images (since_id)" })
  @RestList(SINCE_ID, { count: true })
  @ApiOkResponse({ type: RestCountResponse })
  async count(@Ctx() ctx: RequestContext, @Param('id') id: string, @Query() query: Query) {
    const [productId, sinceId] = [resourceId(id), sinceIdOf(query)];
    const count = await this.images.count(ctx, productId, sinceId);
    if (count === null) throw notFound();
    return { count };
  }

  @Get('products/:id/images/:image_id.json')
  @RequiresScope('read_products')
  @ApiOperation({ summary: 'Retrieves an image of a product (fields)' })
  @RestFields()
  @ApiOkResponse({ type: ProductImageResponse })
  async show(@Ctx() ctx: RequestContext, @Param('id') id: string, @Param('image_id') imageId: string, @Query() query: Query) {
    const fields = fieldsOf(query);
    const image = await this.images.image(ctx, resourceId(id), resourceId(imageId));
    if (!image) throw notFound();
    return { image: selectFields(restProductImage(image, ctx.origin), fields) };
  }

  @Post('products/:id/images.json')
  @HttpCode(200)
  @RouteConfig(IMAGE_BODY)
  @RequiresScope('write_products')
  @ApiOperation({ summary: 'Creates an image from an attachment (base64) with its position, alt text and variants', deprecated: true })
  @ApiBody({ type: ProductImageRequest })
  @ApiOkResponse({ type: ProductImageResponse })
  async create(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply) {
    markDeprecated(reply, ctx, DEPRECATED);
    const productId = resourceId(id);
    const { image } = validBody(ProductImageRequest, body, 'image');
    return { image: restProductImage(written(await this.images.create(ctx, productId, productImageInputOf(image))), ctx.origin) };
  }

  @Put('products/:id/images/:image_id.json')
  @RequiresScope('write_products')
  @ApiOperation({ summary: "Updates an image's position, alt text and variants", deprecated: true })
  @ApiBody({ type: ProductImageRequest })
  @ApiOkResponse({ type: ProductImageResponse })
  async update(@Ctx() ctx: RequestContext, @Param('id') id: string, @Param('image_id') imageId: string, @Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply) {
    markDeprecated(reply, ctx, DEPRECATED);
    const [productId, image] = [resourceId(id), resourceId(imageId)];
    const fields = validBody(ProductImageRequest, body, 'image').image;
    return { image: restProductImage(written(await this.images.update(ctx, productId, image, productImageInputOf(fields))), ctx.origin) };
  }

  @Delete('products/:id/images/:image_id.json')
  @RequiresScope('write_products')
  @ApiOperation({ summary: 'Deletes an image and its file; the images after it move up', deprecated: true })
  @ApiOkResponse({ type: RestEmptyResponse, description: 'Deleted: `{}`' })
  async remove(@Ctx() ctx: RequestContext, @Param('id') id: string, @Param('image_id') imageId: string, @Res({ passthrough: true }) reply: FastifyReply) {
    markDeprecated(reply, ctx, DEPRECATED);
    const { problems } = await this.images.delete(ctx, resourceId(id), resourceId(imageId));
    if (problems.length > 0) throw refusal(problems);
    return {};
  }
}

function sinceIdOf(query: Query): number {
  if (!Object.hasOwn(query, 'since_id')) return 0;
  const value = query.since_id;
  if (typeof value !== 'string') throw invalidParameter('since_id');
  return filterId(value, 'since_id');
}

/** The image a write returns, or its problems thrown (422 listing them all, 404 for an unknown product or image). */
function written<T>(result: { image: T | null; problems: readonly DomainError[] }): T {
  if (result.problems.length > 0 || !result.image) throw refusal(result.problems);
  return result.image;
}

const MISSING = new Set(['PRODUCT_DOES_NOT_EXIST', 'MEDIA_DOES_NOT_EXIST']);

function refusal(problems: readonly DomainError[]): DomainError {
  if (problems.length === 0) throw new Error('a write answered neither a result nor a problem');
  return problems.some((problem) => MISSING.has(problem.code ?? '')) ? notFound() : rejection(problems);
}
