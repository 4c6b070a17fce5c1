import { Inject, Injectable, Optional } from '@nestjs/common';
import { CLOCK, type Clock, systemClock } from '@platform/clock';
import { SqlPool, preparedSql } from '@platform/database';
import { isRecordId } from '@platform/ids';
import type { RequestContext } from '@platform/request';

/** A background product operation as productOperation(id) reports it; `problems` in the catalog's codes and fields. */
export interface ProductOperationRecord {
  id: number;
  status: 'CREATED' | 'ACTIVE' | 'COMPLETE';
  productId: number | null;
  problems: { field: string | null; message: string; code: string }[];
}

const COLUMNS = `id, status, product_id as "productId", problems`;
const INSERT = preparedSql(`insert into product_operations (shop_id) values ($1) returning ${COLUMNS}`);
const SET_STATUS = preparedSql(`update product_operations set status = $3, product_id = $4, problems = $5::jsonb, updated_at = $6 where shop_id = $1 and id = $2`);
const BY_ID = preparedSql(`select ${COLUMNS} from product_operations where shop_id = $1 and id = $2`);

/** The background product operations productOperation(id) reports: made CREATED, marked ACTIVE, then COMPLETE. */
@Injectable()
export class ProductOperationsService {
  constructor(
    private readonly sql: SqlPool,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  /** A new CREATED operation (in the caller's transaction, with the job that will run it). */
  async create(ctx: RequestContext): Promise<ProductOperationRecord> {
    const [operation] = await this.sql.rows<ProductOperationRecord>(ctx, INSERT, [ctx.shop.id]);
    return operation!;
  }

  async mark(ctx: RequestContext, id: number, status: ProductOperationRecord['status'], productId: number | null = null, problems: ProductOperationRecord['problems'] = []): Promise<void> {
    await this.sql.run(ctx, SET_STATUS, [ctx.shop.id, id, status, productId, JSON.stringify(problems), new Date(this.clock.now())]);
  }

  async operation(ctx: RequestContext, id: number): Promise<ProductOperationRecord | null> {
    if (!isRecordId(id)) return null;
    const [row] = await this.sql.rows<ProductOperationRecord>(ctx, BY_ID, [ctx.shop.id, id]);
    return row ?? null;
  }
}
