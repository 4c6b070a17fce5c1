import { Args, ID, Mutation, Resolver } from '@nestjs/graphql';
import { userErrorsOf } from '@platform/errors';
import { idOfType, toGlobalId } from '@platform/ids';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import { type OptionErrorCode, OptionErrors } from '../../catalog.errors.js';
import { VariantWritesService } from '../../admin/variant-writes.service.js';
import type { OptionDeleteStrategy } from '../../admin/variant-writes.service.js';
import type { OptionUpdateStrategy } from '../../admin/option-update.rules.js';
import { OptionCreateInput, OptionUpdateInput, OptionValueCreateInput, OptionValueUpdateInput } from './product-mutations.args.js';
import {
  ProductOptionCreateVariantStrategy,
  ProductOptionDeleteStrategy,
  ProductOptionUpdatePayload,
  ProductOptionUpdateVariantStrategy,
  ProductOptionsCreatePayload,
  ProductOptionsDeletePayload,
} from './option-mutations.type.js';
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
  @Mutation(() => ProductOptionUpdatePayload, { nullable: true, description: "Renames or moves an option and adds, renames or deletes its values; values keep their ids and their variants follow." })
  async productOptionUpdate(
    @Ctx() ctx: RequestContext,
    @Args('productId', { type: () => ID }) productId: string,
    @Args('option', { type: () => OptionUpdateInput }) option: OptionUpdateInput,
    @Args('optionValuesToAdd', { type: () => [OptionValueCreateInput], nullable: true }) toAdd: OptionValueCreateInput[] | null,
    @Args('optionValuesToUpdate', { type: () => [OptionValueUpdateInput], nullable: true }) toUpdate: OptionValueUpdateInput[] | null,
    @Args('optionValuesToDelete', { type: () => [ID], nullable: true }) toDelete: string[] | null,
    @Args('variantStrategy', { type: () => ProductOptionUpdateVariantStrategy, nullable: true, defaultValue: 'LEAVE_AS_IS' }) variantStrategy: OptionUpdateStrategy | null,
  ) {
    const valueId = (gid: string) => idOfType(gid, 'ProductOptionValue') ?? 0;
    const result = await this.writes.optionUpdate(
      ctx,
      idOfType(productId, 'Product') ?? 0,
      {
        optionId: idOfType(option.id, 'ProductOption') ?? 0,
        name: option.name,
        position: option.position,
        valuesToAdd: toAdd ?? [],
        valuesToUpdate: (toUpdate ?? []).map((u) => ({ id: valueId(u.id), name: u.name })),
        valuesToDelete: (toDelete ?? []).map(valueId),
      },
      variantStrategy ?? 'LEAVE_AS_IS',
    );
    return { product: result.product && adminProductView(result.product), userErrors: userErrorsOf(result.problems, CODES) };
  }

  @RequiresScope('write_products')
  @Mutation(() => ProductOptionsDeletePayload, { nullable: true, description: 'Deletes options of a product, as the strategy allows (POSITION merges variants left alike into the first by position).' })
  async productOptionsDelete(
    @Ctx() ctx: RequestContext,
    @Args('productId', { type: () => ID }) productId: string,
    @Args('options', { type: () => [ID] }) options: string[],
    @Args('strategy', { type: () => ProductOptionDeleteStrategy, defaultValue: 'DEFAULT' }) strategy: OptionDeleteStrategy,
  ) {
    const ids = options.map((gid) => idOfType(gid, 'ProductOption') ?? 0);
    const result = await this.writes.optionsDelete(ctx, idOfType(productId, 'Product') ?? 0, ids, strategy);
    return {
      deletedOptionsIds: result.product ? result.deletedIds.map((id) => toGlobalId('ProductOption', id)) : null,
      product: result.product && adminProductView(result.product),
      userErrors: userErrorsOf(result.problems, CODES),
    };
  }
}
