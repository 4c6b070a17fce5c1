import { Injectable } from '@nestjs/common';
import { ShopJob, type ShopJobProcessor } from '@platform/queue';
import type { RequestContext } from '@platform/request';
import { ProductOperationsService } from '../admin/product-operations.service.js';
import { type ProductSetIdentifier, type ProductSetInput, ProductSetService } from '../admin/product-set.service.js';

export interface ProductSetJobData {
  operationId: number;
  identifier: ProductSetIdentifier;
  input: ProductSetInput;
}

/** productSet(synchronous: false) in the background, as the request that asked for it: ACTIVE, then COMPLETE. */
@Injectable()
@ShopJob('catalog.product-set', { queue: 'bulk' })
export class ProductSetJob implements ShopJobProcessor<ProductSetJobData> {
  constructor(
    private readonly productSet: ProductSetService,
    private readonly operations: ProductOperationsService,
  ) {}

  async run(ctx: RequestContext, data: ProductSetJobData): Promise<void> {
    const current = await this.operations.operation(ctx, data.operationId);
    // A retry of a run that finished has nothing left to do.
    if (!current || current.status === 'COMPLETE') return;
    await this.operations.mark(ctx, data.operationId, 'ACTIVE');
    const result = await this.productSet.set(ctx, data.identifier, data.input);
    const problems = result.problems.map((p) => ({ field: p.field ?? null, message: p.message, code: p.code }));
    await this.operations.mark(ctx, data.operationId, 'COMPLETE', result.product?.id ?? null, problems);
  }
}
