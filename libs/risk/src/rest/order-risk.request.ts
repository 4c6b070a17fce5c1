import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsDefined, IsInt, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import type { OrderRiskInput } from '../order-risk.inputs.js';
import { RISK_RECOMMENDATIONS } from '../order-risk.records.js';

// The REST `risk` body: types checked here (422 keyed by the field), values in the rules (recommendation, score).
// Absent fields are left as they are; `id` in an update's body is the path's and ignored.

export class OrderRiskFields {
  @ApiPropertyOptional({ nullable: true, description: 'Ignored: the risk is the one of the path.' })
  @IsOptional()
  id?: unknown;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Shown to the merchant when display is true.', example: 'This order came from an anonymous proxy' })
  @IsOptional()
  @IsString()
  message?: string | null;

  @ApiPropertyOptional({ enum: RISK_RECOMMENDATIONS, description: 'Required to create: cancel (high risk), investigate (medium) or accept (low).' })
  @IsOptional()
  @IsString()
  recommendation?: string | null;

  @ApiPropertyOptional({ oneOf: [{ type: 'string' }, { type: 'number' }], nullable: true, description: 'A decimal from 0 to 1 (at most 4 decimals); nearer 1 is likelier fraud.', example: '1.0' })
  @IsOptional()
  score?: unknown;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 255, example: 'External' })
  @IsOptional()
  @IsString()
  source?: string | null;

  @ApiPropertyOptional({ description: 'Severe enough to force cancellation (it does not cancel the order).' })
  @IsOptional()
  @IsBoolean()
  cause_cancel?: boolean;

  @ApiPropertyOptional({ description: 'Shown on the order and counted in its risk level (default true); hidden risks are not returned.' })
  @IsOptional()
  @IsBoolean()
  display?: boolean;

  @ApiPropertyOptional({ type: 'integer', format: 'int64', nullable: true })
  @IsOptional()
  @IsInt()
  checkout_id?: number | null;
}

export class OrderRiskRequest {
  @ApiProperty({ type: OrderRiskFields })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => OrderRiskFields)
  risk!: OrderRiskFields;
}

/** The body's fields in the service's names; only what the caller sent. */
export function orderRiskInputOf(fields: OrderRiskFields): OrderRiskInput {
  const input: OrderRiskInput = {
    message: fields.message,
    recommendation: fields.recommendation,
    score: fields.score,
    source: fields.source,
    causeCancel: fields.cause_cancel,
    display: fields.display,
    checkoutId: fields.checkout_id,
  };
  for (const key of Object.keys(input) as (keyof OrderRiskInput)[]) if (input[key] === undefined) delete input[key];
  return input;
}
