import { Args, ID, Mutation, Resolver } from '@nestjs/graphql';
import { userErrorsOf } from '@platform/errors';
import { idOfType } from '@platform/ids';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import { type OptionErrorCode, OptionErrors } from '../../catalog.errors.js';
import { VariantWritesService } from '../../admin/variant-writes.service.js';
import { OptionCreateInput } from './product-mutations.args.js';
import { ProductOptionCreateVariantStrategy, ProductOptionsCreatePayload } from './option-mutations.type.js';
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
}
