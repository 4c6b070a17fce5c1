import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { MoneyV2, moneyV2 } from '@platform/money';
import { Ctx, type RequestContext, requireScope } from '@platform/request';
import { Int } from '@nestjs/graphql';
import { StorefrontCatalogService } from '../../storefront/storefront-catalog.service.js';
import { productView, selectedOptions } from './catalog.presenter.js';
import { StorefrontImage } from './image.type.js';
import { SelectedOption, StorefrontProduct, StorefrontProductVariant } from './product.type.js';

@Resolver(() => StorefrontProductVariant)
export class VariantsStorefrontResolver {
  constructor(private readonly catalog: StorefrontCatalogService) {}

  @ResolveField(() => MoneyV2)
  price(@Ctx() ctx: RequestContext, @Parent() variant: StorefrontProductVariant): MoneyV2 {
    return moneyV2(variant.record.price, ctx.shop.currency);
  }

  @ResolveField(() => MoneyV2, { nullable: true })
  compareAtPrice(@Ctx() ctx: RequestContext, @Parent() variant: StorefrontProductVariant): MoneyV2 | null {
    return variant.record.compareAtPrice === null ? null : moneyV2(variant.record.compareAtPrice, ctx.shop.currency);
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
