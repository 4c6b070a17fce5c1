import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsObject, IsString, MaxLength, MinLength, ValidateNested } from 'class-validator';

export class StorefrontAccessTokenFields {
  @ApiProperty({ minLength: 1, maxLength: 255, example: 'Web' })
  @IsString()
  @MinLength(1)
  @MaxLength(255)
  title!: string;
}

/** `{ "storefront_access_token": { "title": "…" } }` */
export class CreateStorefrontAccessTokenRequest {
  @ApiProperty({ type: StorefrontAccessTokenFields })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => StorefrontAccessTokenFields)
  storefront_access_token!: StorefrontAccessTokenFields;
}
