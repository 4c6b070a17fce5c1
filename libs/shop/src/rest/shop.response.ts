import { ApiProperty } from '@nestjs/swagger';

// What `GET shop.json` answers, for the OpenAPI document (restShop builds it; the OpenAPI test compares the two).

export class RestShop {
  @ApiProperty({ type: 'integer', format: 'int64', example: 1 })
  id!: number;

  @ApiProperty({ example: 'Demo Shop' })
  name!: string;

  @ApiProperty({ description: "The shop's host", example: 'demo.myplatform.localhost' })
  domain!: string;

  @ApiProperty({ description: 'ISO 4217 code', example: 'USD' })
  currency!: string;

  @ApiProperty({ example: 'basic' })
  plan_name!: string;
}

export class ShopResponse {
  @ApiProperty({ type: RestShop })
  shop!: RestShop;
}
