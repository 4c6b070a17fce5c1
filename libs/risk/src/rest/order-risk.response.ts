import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import type { Assert, SameShape } from '@platform/rest';
import { RISK_RECOMMENDATIONS, type RiskRecommendation } from '../order-risk.records.js';
import type { restOrderRisk } from './order-risk.serializer.js';

// What the REST order risk routes answer, for the OpenAPI document; the type at the end holds it equal to the serializer.

const id: ApiPropertyOptions = { type: 'integer', format: 'int64', example: 284138680 };
const nullableText = (example?: string): ApiPropertyOptions => ({ type: 'string', nullable: true, example });

export class RestOrderRisk {
  @ApiProperty(id) id!: number;
  @ApiProperty({ ...id, example: 450789469 }) order_id!: number;
  @ApiProperty({ type: 'integer', format: 'int64', nullable: true }) checkout_id!: number | null;
  @ApiProperty(nullableText('External')) source!: string | null;
  @ApiProperty({ type: 'string', nullable: true, description: 'Exact decimal from 0 to 1', example: '1.0' }) score!: string | null;
  @ApiProperty({ enum: RISK_RECOMMENDATIONS, nullable: true, description: 'Always set on the risks this resource shows.' }) recommendation!: RiskRecommendation | null;
  @ApiProperty({ type: 'boolean' }) display!: boolean;
  @ApiProperty({ type: 'boolean' }) cause_cancel!: boolean;
  @ApiProperty(nullableText('This order came from an anonymous proxy')) message!: string | null;
  @ApiProperty(nullableText('This order came from an anonymous proxy')) merchant_message!: string | null;
}

export class OrderRiskResponse {
  @ApiProperty({ type: RestOrderRisk }) risk!: RestOrderRisk;
}

export class OrderRisksResponse {
  @ApiProperty({ type: [RestOrderRisk] }) risks!: RestOrderRisk[];
}

export type RestOrderRiskMatchesSerializer = Assert<SameShape<ReturnType<typeof restOrderRisk>, RestOrderRisk>>;
