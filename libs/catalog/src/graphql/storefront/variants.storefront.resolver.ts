import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { PresentmentService } from '@platform/localization';
import { MoneyV2 } from '@platform/money';
import { Ctx, type RequestContext, requireScope } from '@platform/request';
import { Int } from '@nestjs/graphql';
import { StorefrontCatalogService } from '../../storefront/storefront-catalog.service.js';
import { productView, selectedOptions } from './catalog.presenter.js';
import { StorefrontImage } from '@platform/graphql';
import { SelectedOption, StorefrontProduct, StorefrontProductVariant } from './product.type.js';

@Resolver(() => StorefrontProductVariant)
export class VariantsStorefrontResolver {
  constructor(
    private readonly catalog: StorefrontCatalogService,
    private readonly presentment: PresentmentService,
  ) {}

  @ResolveField(() => MoneyV2, { description: "The price in the buyer's currency (@inContext country)." })
  async price(@Ctx() ctx: RequestContext, @Parent() variant: StorefrontProductVariant): Promise<MoneyV2> {
    return (await this.presentment.presentment(ctx)).money(variant.record.price);
  }

  @ResolveField(() => MoneyV2, { nullable: true })
  async compareAtPrice(@Ctx() ctx: RequestContext, @Parent() variant: StorefrontProductVariant): Promise<MoneyV2 | null> {
    if (variant.record.compareAtPrice === null) return null;
    return (await this.presentment.presentment(ctx)).money(variant.record.compareAtPrice);
  }

  @ResolveField(() => [SelectedOption])
  async selectedOptions(@Ctx() ctx: RequestContext, @Parent() variant: StorefrontProductVariant) {
    return selectedOptions(variant.record, await this.catalog.options(ctx, variant.record.productId));
  }

  @ResolveField(() => StorefrontProduct)
  async product(@Ctx() ctx: RequestContext, @Parent() variant: StorefrontProductVariant) {
    const record = await this.catalog.product(ctx, variant.record.productId);
    return record && productView(record);
  }

  @ResolveField(() => StorefrontImage, { nullable: true, description: 'The image of this variant (none yet: products carry the images).' })
  image(): StorefrontImage | null {
    return null;
  }

  @ResolveField(() => Int, { nullable: true, description: 'Units in stock (needs `unauthenticated_read_product_inventory`).' })
  quantityAvailable(@Ctx() ctx: RequestContext, @Parent() variant: StorefrontProductVariant) {
    requireScope(ctx, 'unauthenticated_read_product_inventory', 'quantityAvailable');
    return variant.record.inventoryQuantity;
  }
}
