import { Type } from 'class-transformer';
import { IsDefined, IsObject, IsString, MaxLength, MinLength, ValidateNested } from 'class-validator';

export class StorefrontAccessTokenFields {
  @IsString()
  @MinLength(1)
  @MaxLength(255)
  title!: string;
}

/** `{ "storefront_access_token": { "title": "…" } }` */
export class CreateStorefrontAccessTokenRequest {
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => StorefrontAccessTokenFields)
  storefront_access_token!: StorefrontAccessTokenFields;
}
