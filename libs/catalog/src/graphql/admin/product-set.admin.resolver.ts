import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { idOfType, parseGlobalId } from '@platform/ids';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import { ProductDirectoryService } from '../../admin/product-directory.service.js';
import { ProductOperationsService } from '../../admin/product-operations.service.js';
import { ProductSetOperationsService } from '../../product-set-operations.service.js';
import { type ProductSetInput as SetInput, ProductSetService } from '../../admin/product-set.service.js';
import { identifierOf } from './identifier.js';
import { ProductSetIdentifiers, ProductSetInput } from './product-set.args.js';
import { productSetOperationView, productSetUserErrors } from './product-set.presenter.js';
import { AdminProductOperation, ProductSetPayload } from './product-set.type.js';
import { adminProductView } from './product.presenter.js';
import { statusOf } from './product-status.js';
import { variantInputOf } from './variant-input.js';

// productSet and productOperation: thin, ProductSetService checks and writes (now, or in the background).
@Resolver()
export class ProductSetAdminResolver {
  constructor(
    private readonly sets: ProductSetService,
    private readonly operations: ProductSetOperationsService,
    private readonly records: ProductOperationsService,
    private readonly directory: ProductDirectoryService,
  ) {}

  @RequiresScope('write_products')
  @Mutation(() => ProductSetPayload, {
    nullable: true,
    description: 'Creates or updates a product with its whole lists (options, variants, collections, metafields, files: those left out are deleted); synchronous: false runs it in the background.',
  })
  async productSet(
    @Ctx() ctx: RequestContext,
    @Args('input', { type: () => ProductSetInput }) input: ProductSetInput,
    @Args('identifier', { type: () => ProductSetIdentifiers, nullable: true }) identifier: ProductSetIdentifiers | null,
    @Args('synchronous', { type: () => Boolean, defaultValue: true }) synchronous: boolean,
  ) {
    const target = identifierOf(identifier, 'Product', false);
    if (target === 'invalid') return { product: null, productSetOperation: null, userErrors: [{ field: ['identifier'], message: 'Give the identifier one of id, handle or customId', code: 'INVALID_INPUT' as const }] };
    const mapped = setInputOf(input, ctx.version);
    if (!synchronous) {
      const operation = await this.operations.start(ctx, { identifier: target, input: mapped });
      return { product: null, productSetOperation: productSetOperationView(operation, null), userErrors: [] };
    }
    const result = await this.sets.set(ctx, target, mapped);
    return { product: result.product && adminProductView(result.product), productSetOperation: null, userErrors: productSetUserErrors(result.problems) };
  }

  @RequiresScope('read_products')
  @Query(() => AdminProductOperation, { nullable: true, description: 'A background product operation (productSet with synchronous: false); null when the shop has none.' })
  async productOperation(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string) {
    const parsed = parseGlobalId(id);
    if (!parsed || parsed.type !== 'ProductSetOperation') return null;
    const operation = await this.records.operation(ctx, parsed.id);
    if (!operation) return null;
    const product = operation.productId === null ? null : await this.directory.product(ctx, operation.productId);
    return productSetOperationView(operation, product);
  }
}


// The schema's input in the catalog's terms: ids to numbers (0 names nothing), the status by version.
function setInputOf(input: ProductSetInput, version: string): SetInput {
  return {
    id: input.id == null ? input.id : (idOfType(input.id, 'Product') ?? 0),
    title: input.title,
    handle: input.handle,
    descriptionHtml: input.descriptionHtml,
    vendor: input.vendor,
    productType: input.productType,
    status: input.status == null ? input.status : (statusOf(input.status, version) as SetInput['status']),
    tags: input.tags,
    seo: input.seo,
    productOptions: input.productOptions?.map((o) => ({ name: o.name, position: o.position, values: o.values })),
    variants: input.variants?.map(variantInputOf),
    collections: input.collections?.map((gid) => idOfType(gid, 'Collection') ?? 0),
    metafields: input.metafields,
    files: input.files?.map((file) => ({ ...file, id: file.id == null ? null : (idOfType(file.id, 'MediaImage') ?? 0) })),
  };
}
