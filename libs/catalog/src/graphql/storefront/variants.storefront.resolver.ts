import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { PresentmentService } from '@platform/localization';
import { MoneyV2 } from '@platform/money';
import { Ctx, type GraphqlContextValue, type MaybePromise, type NoArgs, type RequestContext, RequiresScope, whenReady } from '@platform/request';
import { Int } from '@nestjs/graphql';
import { CatalogStorefrontService } from '../../storefront/catalog-storefront.service.js';
import { productView, selectedOptions } from './catalog.presenter.js';
import { BoundedList, StorefrontImage } from '@platform/graphql-types';
import { SelectedOption, StorefrontProduct, StorefrontProductVariant } from './product.type.js';
import { MAX_OPTIONS } from '../../product-limits.js';

@Resolver(() => StorefrontProductVariant)
export class VariantsStorefrontResolver {
  constructor(
    private readonly catalog: CatalogStorefrontService,
    private readonly presentment: PresentmentService,
  ) {}

  @ResolveField(() => MoneyV2, { description: "The price in the buyer's currency (@inContext country), their company location's under @inContext(buyer:)." })
  price(variant: StorefrontProductVariant, _args: NoArgs, { ctx }: GraphqlContextValue): MaybePromise<MoneyV2> {
    return whenReady(this.presentment.presentment(ctx), (p) => p.variantPrice(variant.record));
  }

  @ResolveField(() => MoneyV2, { nullable: true })
  compareAtPrice(variant: StorefrontProductVariant, _args: NoArgs, { ctx }: GraphqlContextValue): MaybePromise<MoneyV2 | null> {
    return whenReady(this.presentment.presentment(ctx), (p) => p.variantCompareAtPrice(variant.record));
  }

  @ResolveField(() => String)
  title(variant: StorefrontProductVariant, _args: NoArgs, { ctx }: GraphqlContextValue): MaybePromise<string> {
    return whenReady(this.catalog.variantDetail(ctx, variant.record), (detail) => detail.title);
  }

  @ResolveField(() => String, { nullable: true })
  sku(variant: StorefrontProductVariant, _args: NoArgs, { ctx }: GraphqlContextValue): MaybePromise<string | null> {
    return whenReady(this.catalog.variantDetail(ctx, variant.record), (detail) => detail.sku);
  }

  @BoundedList({ max: MAX_OPTIONS, withParent: true })
  @ResolveField(() => [SelectedOption])
  async selectedOptions(variant: StorefrontProductVariant, _args: NoArgs, { ctx }: GraphqlContextValue) {
    const [detail, options] = await Promise.all([this.catalog.variantDetail(ctx, variant.record), this.catalog.options(ctx, variant.record.productId)]);
    return selectedOptions(detail, options);
  }

  @ResolveField(() => StorefrontProduct)
  async product(variant: StorefrontProductVariant, _args: NoArgs, { ctx }: GraphqlContextValue) {
    const record = await this.catalog.product(ctx, variant.record.productId);
    return record && productView(record);
  }

  @ResolveField(() => StorefrontImage, { nullable: true, description: 'The image of this variant (none yet: products carry the images).' })
  image(): StorefrontImage | null {
    return null;
  }

  @RequiresScope('unauthenticated_read_product_inventory')
  @ResolveField(() => Int, { nullable: true, description: 'Units in stock (needs `unauthenticated_read_product_inventory`).' })
  quantityAvailable(@Ctx() ctx: RequestContext, @Parent() variant: StorefrontProductVariant) {
    return variant.record.inventoryQuantity;
  }
}
