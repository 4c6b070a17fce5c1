import { Injectable } from '@nestjs/common';
import { JobsAfterCommit } from '@platform/events';
import { type RequestContext, inTransaction } from '@platform/request';
import { ProductSetJob, type ProductSetJobData } from './jobs/product-set.job.js';
import { type ProductOperationRecord, ProductOperationsService } from './admin/product-operations.service.js';

/**
 * productSet(synchronous: false): the operation is recorded and its job asked for in one transaction, so the job runs
 * exactly when the operation exists (JobsAfterCommit), as the request that asked for it.
 */
@Injectable()
export class ProductSetOperationsService {
  constructor(
    private readonly operations: ProductOperationsService,
    private readonly jobs: JobsAfterCommit,
  ) {}

  async start(ctx: RequestContext, data: Omit<ProductSetJobData, 'operationId'>): Promise<ProductOperationRecord> {
    return ctx.em.transactional(async (em) => {
      const tx = inTransaction(ctx, em);
      const operation = await this.operations.create(tx);
      this.jobs.enqueue(tx, ProductSetJob, { ...data, operationId: operation.id });
      return operation;
    });
  }
}
