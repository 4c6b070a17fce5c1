import { Args, ID, Mutation, Resolver } from '@nestjs/graphql';
import { userErrorsOf } from '@platform/errors';
import { idOfType, toGlobalId } from '@platform/ids';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import { type OptionErrorCode, OptionErrors } from '../../catalog.errors.js';
import { VariantWritesService } from '../../admin/variant-writes.service.js';
import { OptionCreateInput } from './product-mutations.args.js';
import { ProductOptionCreateVariantStrategy, ProductOptionDeleteStrategy, ProductOptionsCreatePayload, ProductOptionsDeletePayload } from './option-mutations.type.js';
import { adminProductView } from './product.presenter.js';

// Every option code is its own name in the payload's enum.
const CODES = Object.fromEntries((Object.keys(OptionErrors) as OptionErrorCode[]).map((code) => [code, code])) as Record<OptionErrorCode, OptionErrorCode>;

@Resolver()
export class OptionMutationsAdminResolver {
  constructor(private readonly writes: VariantWritesService) {}

  @RequiresScope('write_products')
  @Mutation(() => ProductOptionsCreatePayload, { nullable: true, description: "Adds options to a product (at most three in all); CREATE also makes a variant for each new combination." })
  async productOptionsCreate(
    @Ctx() ctx: RequestContext,
    @Args('productId', { type: () => ID }) productId: string,
    @Args('options', { type: () => [OptionCreateInput] }) options: OptionCreateInput[],
    @Args('variantStrategy', { type: () => ProductOptionCreateVariantStrategy, defaultValue: 'LEAVE_AS_IS' }) variantStrategy: 'LEAVE_AS_IS' | 'CREATE',
  ) {
    const result = await this.writes.optionsCreate(ctx, idOfType(productId, 'Product') ?? 0, options, variantStrategy);
    return { product: result.product && adminProductView(result.product), userErrors: userErrorsOf(result.problems, CODES) };
  }

  @RequiresScope('write_products')
  @Mutation(() => ProductOptionsDeletePayload, { nullable: true, description: "Deletes options of a product; variants left alike are merged (the first by position stays) unless NON_DESTRUCTIVE." })
  async productOptionsDelete(
    @Ctx() ctx: RequestContext,
    @Args('productId', { type: () => ID }) productId: string,
    @Args('options', { type: () => [ID] }) options: string[],
    @Args('strategy', { type: () => ProductOptionDeleteStrategy, defaultValue: 'DEFAULT' }) strategy: 'DEFAULT' | 'NON_DESTRUCTIVE' | 'POSITION',
  ) {
    const ids = options.map((gid) => idOfType(gid, 'ProductOption') ?? 0);
    const result = await this.writes.optionsDelete(ctx, idOfType(productId, 'Product') ?? 0, ids, strategy === 'NON_DESTRUCTIVE' ? 'NON_DESTRUCTIVE' : 'DEFAULT');
    return {
      deletedOptionsIds: result.product ? result.deletedIds.map((id) => toGlobalId('ProductOption', id)) : null,
      product: result.product && adminProductView(result.product),
      userErrors: userErrorsOf(result.problems, CODES),
    };
  }
}
