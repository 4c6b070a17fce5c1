import { ApiProperty } from '@nestjs/swagger';

// What `POST storefront_access_tokens.json` answers, for the OpenAPI document (restStorefrontAccessToken builds it).

export class RestStorefrontAccessToken {
  @ApiProperty({ type: 'integer', format: 'int64' })
  id!: number;

  @ApiProperty({ description: 'The public storefront token, for `X-Platform-Storefront-Access-Token`; shown only here' })
  access_token!: string;

  @ApiProperty({ example: 'Web' })
  title!: string;

  @ApiProperty({ description: "The app's storefront (unauthenticated_*) scopes, comma-separated", example: 'unauthenticated_read_product_listings' })
  access_scope!: string;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ example: 'gid://platform/StorefrontAccessToken/1' })
  admin_graphql_api_id!: string;
}

export class StorefrontAccessTokenResponse {
  @ApiProperty({ type: RestStorefrontAccessToken })
  storefront_access_token!: RestStorefrontAccessToken;
}
