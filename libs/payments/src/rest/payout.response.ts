import { ApiProperty } from '@nestjs/swagger';
import type { Assert, SameShape } from '@platform/rest';
import { PAYOUT_STATUSES, type PayoutStatus } from '../ledger.records.js';
import type { restBalance, restPayout } from './payout.serializer.js';

// What the REST payout and balance routes answer, for the OpenAPI document; the types at the end hold the classes
// and the serializers equal.

export class RestPayout {
  @ApiProperty({ type: 'integer', format: 'int64', example: 623_721_858 }) id!: number;
  @ApiProperty({ enum: PAYOUT_STATUSES }) status!: PayoutStatus;
  @ApiProperty({ type: 'string', format: 'date', example: '2026-11-24' }) date!: string;
  @ApiProperty({ type: 'string', example: 'USD' }) currency!: string;
  @ApiProperty({ type: 'string', description: 'Exact decimal: the sum of the nets of its transactions', example: '41.90' }) amount!: string;
}

export class PayoutResponse {
  @ApiProperty({ type: RestPayout }) payout!: RestPayout;
}

export class PayoutsResponse {
  @ApiProperty({ type: [RestPayout] }) payouts!: RestPayout[];
}

export class RestBalance {
  @ApiProperty({ type: 'string', description: 'Exact decimal: the nets of live transactions not yet in a payout', example: '53.99' }) amount!: string;
  @ApiProperty({ type: 'string', example: 'USD' }) currency!: string;
}

export class BalanceResponse {
  @ApiProperty({ type: [RestBalance] }) balance!: RestBalance[];
}

export type RestPayoutMatchesSerializer = Assert<SameShape<ReturnType<typeof restPayout>, RestPayout>>;
export type RestBalanceMatchesSerializer = Assert<SameShape<ReturnType<typeof restBalance>, RestBalance>>;
