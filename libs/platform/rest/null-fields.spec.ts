import 'reflect-metadata';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type, plainToInstance } from 'class-transformer';
import { nullInNonNullableField } from './null-fields.js';

class Line {
  @ApiPropertyOptional({ type: String, nullable: true }) note?: string | null;
  @ApiPropertyOptional() gift?: boolean;
}

class Fields {
  @ApiPropertyOptional({ type: String, nullable: true }) message?: string | null;
  @ApiPropertyOptional() display?: boolean;
  @ApiPropertyOptional() cause_cancel?: boolean;
  @ApiPropertyOptional({ type: () => [Line], nullable: true }) @Type(() => Line) lines?: Line[] | null;
  @ApiPropertyOptional() score?: unknown;
}

class Body {
  @ApiProperty({ type: Fields }) @Type(() => Fields) risk!: Fields;
}

const shaped = (body: unknown) => nullInNonNullableField(plainToInstance(Body, body));

// Found by the hostile probe: `{"risk":{"display":null}}` passed @IsOptional() and failed a NOT NULL column (500).
describe('null in fields not declared nullable', () => {
  it('finds the first such field in declaration order', () => {
    expect(shaped({ risk: { display: null } })).toBe('display');
    expect(shaped({ risk: { message: null, cause_cancel: null, display: null } })).toBe('display');
    expect(shaped({ risk: null })).toBe('risk');
  });

  it('looks into nested objects and lists of them', () => {
    expect(shaped({ risk: { lines: [{ note: null }, { gift: null }] } })).toBe('gift');
  });

  it('lets null through where the field is nullable, and leaves absent fields and plain values alone', () => {
    expect(shaped({ risk: { message: null, lines: null } })).toBeNull();
    expect(shaped({ risk: { lines: [{ note: null }] } })).toBeNull();
    expect(shaped({ risk: {} })).toBeNull();
    expect(shaped({ risk: { score: { a: null, b: [null] } } })).toBeNull();
  });

  it('walks a body of any size without recursing on it', () => {
    const lines = Array.from({ length: 250 }, () => ({ note: null }));
    expect(shaped({ risk: { lines: [...lines, { gift: null }] } })).toBe('gift');
  });
});
