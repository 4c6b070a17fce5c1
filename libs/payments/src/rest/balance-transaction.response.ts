import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import type { Assert, SameShape } from '@platform/rest';
import { TRANSACTION_PAYOUT_STATUSES, type TransactionPayoutStatus } from '../ledger.records.js';
import type { restBalanceTransaction } from './balance-transaction.serializer.js';

// What the REST balance transaction route answers, for the OpenAPI document; the types at the end hold the
// classes and the serializer equal.

const id: ApiPropertyOptions = { type: 'integer', format: 'int64', example: 140_002_013 };
const nullableId: ApiPropertyOptions = { type: 'integer', format: 'int64', nullable: true };
const money = (example: string): ApiPropertyOptions => ({ type: 'string', description: 'Exact decimal', example });

export class RestAdjustmentOrder {
  @ApiProperty(id) id!: number;
  @ApiProperty({ type: 'string', nullable: true, example: '#1001' }) name!: string | null;
}

export class RestAdjustmentOrderTransaction {
  @ApiProperty(id) id!: number;
  @ApiProperty(money('-3.45')) amount!: string;
  @ApiProperty({ type: RestAdjustmentOrder }) order!: RestAdjustmentOrder;
  @ApiProperty(money('0.00')) fees!: string;
  @ApiProperty(money('-3.45')) net!: string;
}

export class RestBalanceTransaction {
  @ApiProperty(id) id!: number;
  @ApiProperty({ type: 'string', description: 'charge, refund, dispute, reserve, adjustment, credit, debit, payout, payout_failure, payout_cancellation, or a type added later', example: 'charge' })
  type!: string;
  @ApiProperty({ type: 'boolean' }) test!: boolean;
  @ApiProperty(nullableId) payout_id!: number | null;
  @ApiProperty({ enum: TRANSACTION_PAYOUT_STATUSES, description: 'pending until a payout takes it, then the payout\'s status' }) payout_status!: TransactionPayoutStatus;
  @ApiProperty({ type: 'string', example: 'USD' }) currency!: string;
  @ApiProperty(money('102.00')) amount!: string;
  @ApiProperty(money('3.26')) fee!: string;
  @ApiProperty(money('98.74')) net!: string;
  @ApiProperty(nullableId) source_id!: number | null;
  @ApiProperty({ type: 'string', nullable: true, example: 'charge' }) source_type!: string | null;
  @ApiProperty(nullableId) source_order_id!: number | null;
  @ApiProperty(nullableId) source_order_transaction_id!: number | null;
  @ApiProperty({ type: 'string', format: 'date-time' }) processed_at!: string;
  @ApiProperty({ type: [RestAdjustmentOrderTransaction], nullable: true }) adjustment_order_transactions!: RestAdjustmentOrderTransaction[] | null;
  @ApiProperty({ type: 'string', nullable: true, example: 'Chargeback fee refund' }) adjustment_reason!: string | null;
}

export class BalanceTransactionsResponse {
  @ApiProperty({ type: [RestBalanceTransaction] }) transactions!: RestBalanceTransaction[];
}

export type RestBalanceTransactionMatchesSerializer = Assert<SameShape<ReturnType<typeof restBalanceTransaction>, RestBalanceTransaction>>;
