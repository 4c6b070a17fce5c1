import { Args, ID, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { adminMediaView } from './media.presenter.js';
import { AdminMediaConnection } from './media.type.js';
import { BoundedList, ConnectionArgs, connectionOf, pageOf } from '@platform/graphql-types';
import { requireGlobalId } from '@platform/ids';
import { Ctx, FieldArgs, type GraphqlContextValue, type NoArgs, type RequestContext, RequiresScope } from '@platform/request';
import { ProductDirectoryService } from '../../admin/product-directory.service.js';
import { MAX_OPTIONS } from '../../product-limits.js';
import { CatalogStorefrontService } from '../../storefront/catalog-storefront.service.js';
import { selectedOptions } from '../storefront/catalog.presenter.js';
import { adminProductView } from './product.presenter.js';
import { AdminProduct } from './product.type.js';
import { InventoryDirectoryService } from '../../inventory/inventory-directory.service.js';
import { adminInventoryItemView } from './inventory.presenter.js';
import { AdminInventoryItem } from './inventory.type.js';
import { adminVariantView } from './variant.presenter.js';
import { AdminProductVariant, AdminProductVariantConnection, AdminSelectedOption } from './variant.type.js';
import { ProductVariantsArgs } from './product.args.js';

const READ = 'read_products';

@Resolver(() => AdminProductVariant)
export class VariantsAdminResolver {
  constructor(
    private readonly directory: ProductDirectoryService,
    private readonly catalog: CatalogStorefrontService,
    private readonly inventory: InventoryDirectoryService,
  ) {}

  @RequiresScope(READ)
  @Query(() => AdminProductVariant, { nullable: true, description: 'The variant with this global id, of a product in any status; null when the shop has none.' })
  async productVariant(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string) {
    const record = await this.directory.variant(ctx, requireGlobalId(id, 'ProductVariant'));
    return record && adminVariantView(record);
  }

  @RequiresScope(READ)
  @Query(() => AdminProductVariantConnection, { description: "The shop's variants, of products in every status, searched and sorted." })
  async productVariants(@Ctx() ctx: RequestContext, @Args() args: ProductVariantsArgs) {
    const page = pageOf(args);
    return connectionOf(await this.directory.variants(ctx, args.query ?? null, { key: args.sortKey, reverse: page.reverse }, page), adminVariantView);
  }

  @ResolveField(() => AdminMediaConnection, { description: 'The media it shows (a variant shows at most one).' })
  async media(variant: AdminProductVariant, @FieldArgs() args: ConnectionArgs, { ctx }: GraphqlContextValue) {
    return connectionOf(await this.directory.variantMedia(ctx, variant.record.id, pageOf(args)), adminMediaView);
  }

  @BoundedList({ max: MAX_OPTIONS, withParent: true })
  @ResolveField(() => [AdminSelectedOption], { description: "Its value of each of the product's options, in option order." })
  async selectedOptions(variant: AdminProductVariant, _args: NoArgs, { ctx }: GraphqlContextValue): Promise<AdminSelectedOption[]> {
    return selectedOptions(variant.record, await this.catalog.options(ctx, variant.record.productId));
  }

  @ResolveField(() => String, { description: "The product's title and the variant's, joined by ' - ' (the product's alone for its default variant)." })
  async displayName(variant: AdminProductVariant, _args: NoArgs, { ctx }: GraphqlContextValue): Promise<string> {
    const product = await this.directory.product(ctx, variant.record.productId);
    const title = product?.title ?? '';
    return variant.record.title === 'Default Title' ? title : `${title} - ${variant.record.title}`;
  }

  @ResolveField(() => String, { nullable: true })
  async barcode(variant: AdminProductVariant, _args: NoArgs, { ctx }: GraphqlContextValue): Promise<string | null> {
    return (await this.directory.variantCodes(ctx, variant.record.id)).barcode;
  }

  @ResolveField(() => Boolean, { description: 'Whether taxes are charged on it.' })
  async taxable(variant: AdminProductVariant, _args: NoArgs, { ctx }: GraphqlContextValue): Promise<boolean> {
    return (await this.directory.variantCodes(ctx, variant.record.id)).taxable;
  }

  @ResolveField(() => AdminInventoryItem, { description: 'Its inventory item: what is counted at each location.' })
  async inventoryItem(variant: AdminProductVariant, _args: NoArgs, { ctx }: GraphqlContextValue) {
    const record = await this.inventory.item(ctx, variant.record.id);
    if (!record) throw new Error(`inventory item of variant ${variant.record.id} is gone`);
    return adminInventoryItemView(record);
  }

  @ResolveField(() => AdminProduct)
  async product(variant: AdminProductVariant, _args: NoArgs, { ctx }: GraphqlContextValue): Promise<AdminProduct> {
    const record = await this.directory.product(ctx, variant.record.productId);
    // A variant read in this request belongs to a product of the shop; only a delete meanwhile could take it.
    if (!record) throw new Error(`product ${variant.record.productId} of variant ${variant.record.id} is gone`);
    return adminProductView(record);
  }
}
