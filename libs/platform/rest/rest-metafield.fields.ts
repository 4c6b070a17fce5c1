import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Validate, ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';
import { dropUndefined } from './lists/filter-values.js';

@ValidatorConstraint({ name: 'isScalar' })
class ScalarValue implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
  }

  defaultMessage(): string {
    return 'must be a string, a number or a boolean';
  }
}

/**
 * A metafield in a REST body (`metafields: [{ namespace, key, value, type, description }]` of a customer or an image
 * create): types checked here, every rule in the metafields' one validation with REST's limits (spec 3).
 */
export class RestMetafieldFields {
  @ApiProperty({ maxLength: 20 }) @IsOptional() @IsString() namespace?: string | null;
  @ApiProperty({ maxLength: 30 }) @IsOptional() @IsString() key?: string | null;
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] }) @IsOptional() @Validate(ScalarValue) value?: string | number | boolean | null;
  @ApiProperty({ example: 'single_line_text_field' }) @IsOptional() @IsString() type?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() description?: string | null;
}

/** The metafield as the services take it: a number or boolean value as the text REST clients mean by it. */
export function restMetafieldInputOf(m: RestMetafieldFields): { namespace?: string | null; key?: string | null; value?: string | null; type?: string | null; description?: string | null } {
  const value = m.value === undefined || m.value === null ? m.value : String(m.value);
  return dropUndefined({ namespace: m.namespace, key: m.key, value, type: m.type, description: m.description });
}
