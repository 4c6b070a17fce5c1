import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import type { CustomerState, MarketingOptInLevel, MarketingState } from '@platform/customers';
import type { Assert, SameShape } from '@platform/rest';
import { FINANCIAL_STATUSES, FULFILLMENT_STATUSES, type FinancialStatus, type FulfillmentStatus } from '../order.entity.js';
import type { restOrder } from './order.serializer.js';

// What `GET customers/{id}/orders.json` answers, for the OpenAPI document. restOrder builds it: the type at the end
// makes the typecheck fail when the serializer and these classes differ in a key or a type.

const id: ApiPropertyOptions = { type: 'integer', format: 'int64', example: 450789469 };
const nullableId: ApiPropertyOptions = { type: 'integer', format: 'int64', nullable: true };
const text = (example?: string): ApiPropertyOptions => ({ type: 'string', example });
const nullableText = (example?: string): ApiPropertyOptions => ({ type: 'string', nullable: true, example });
const time: ApiPropertyOptions = { type: 'string', format: 'date-time' };
const nullableTime: ApiPropertyOptions = { ...time, nullable: true };
const decimal: ApiPropertyOptions = { type: 'string', description: 'Exact decimal', example: '199.00' };

export class RestMoney {
  @ApiProperty(decimal) amount!: string;
  @ApiProperty(text('USD')) currency_code!: string;
}

export class RestMoneySet {
  @ApiProperty({ type: RestMoney }) shop_money!: RestMoney;
  @ApiProperty({ type: RestMoney }) presentment_money!: RestMoney;
}

export class RestLineItem {
  @ApiProperty(id) id!: number;
  @ApiProperty(text('gid://platform/LineItem/466157049')) admin_graphql_api_id!: string;
  @ApiProperty({ ...decimal, description: 'Unit price' }) price!: string;
  @ApiProperty({ type: RestMoneySet }) price_set!: RestMoneySet;
  @ApiProperty(nullableId) product_id!: number | null;
  @ApiProperty({ type: 'integer', example: 1 }) quantity!: number;
  @ApiProperty(text('IPod Nano - 8gb')) title!: string;
  @ApiProperty(nullableId) variant_id!: number | null;
  @ApiProperty(nullableText('green')) variant_title!: string | null;
}

export class RestOrderCustomerAddress {
  @ApiProperty(id) id!: number;
  @ApiProperty(id) customer_id!: number;
  @ApiProperty(nullableText()) first_name!: string | null;
  @ApiProperty(nullableText()) last_name!: string | null;
  @ApiProperty(nullableText()) company!: string | null;
  @ApiProperty(nullableText()) address1!: string | null;
  @ApiProperty(nullableText()) address2!: string | null;
  @ApiProperty(nullableText()) city!: string | null;
  @ApiProperty(nullableText()) province!: string | null;
  @ApiProperty(nullableText()) country!: string | null;
  @ApiProperty(nullableText()) zip!: string | null;
  @ApiProperty(nullableText()) phone!: string | null;
  @ApiProperty(text('Bob Norman')) name!: string;
  @ApiProperty(nullableText('KY')) province_code!: string | null;
  @ApiProperty(nullableText('US')) country_code!: string | null;
  @ApiProperty(nullableText('United States')) country_name!: string | null;
  @ApiProperty({ type: 'boolean' }) default!: boolean;
}

export class RestOrderEmailConsent {
  @ApiProperty(text('subscribed')) state!: MarketingState;
  @ApiProperty(nullableText('single_opt_in')) opt_in_level!: MarketingOptInLevel | null;
  @ApiProperty(nullableTime) consent_updated_at!: string | null;
}

export class RestOrderSmsConsent extends RestOrderEmailConsent {
  @ApiProperty(nullableText('OTHER')) consent_collected_from!: string | null;
}

/** The order's `customer`: the short form, without counts, totals or addresses. */
export class RestOrderCustomer {
  @ApiProperty(id) id!: number;
  @ApiProperty(nullableText()) email!: string | null;
  @ApiProperty(time) created_at!: string;
  @ApiProperty(time) updated_at!: string;
  @ApiProperty(nullableText()) first_name!: string | null;
  @ApiProperty(nullableText()) last_name!: string | null;
  @ApiProperty(text('enabled')) state!: CustomerState;
  @ApiProperty(nullableText()) note!: string | null;
  @ApiProperty({ type: 'boolean' }) verified_email!: boolean;
  @ApiProperty(nullableText()) multipass_identifier!: string | null;
  @ApiProperty({ type: 'boolean' }) tax_exempt!: boolean;
  @ApiProperty(nullableText()) phone!: string | null;
  @ApiProperty({ type: RestOrderEmailConsent }) email_marketing_consent!: RestOrderEmailConsent;
  @ApiProperty({ type: RestOrderSmsConsent, nullable: true }) sms_marketing_consent!: RestOrderSmsConsent | null;
  @ApiProperty({ ...text('VIP'), description: 'Comma-separated' }) tags!: string;
  @ApiProperty(text('USD')) currency!: string;
  @ApiProperty({ type: [String] }) tax_exemptions!: string[];
  @ApiProperty(text('gid://platform/Customer/207119551')) admin_graphql_api_id!: string;
  @ApiProperty({ type: RestOrderCustomerAddress, nullable: true }) default_address!: RestOrderCustomerAddress | null;
}

const none: ApiPropertyOptions = { type: 'array', items: { type: 'object' }, description: 'Always empty', example: [] };

export class RestOrder {
  @ApiProperty(id) id!: number;
  @ApiProperty(text('gid://platform/Order/450789469')) admin_graphql_api_id!: string;
  @ApiProperty(nullableTime) cancelled_at!: string | null;
  @ApiProperty(nullableTime) closed_at!: string | null;
  @ApiProperty(time) created_at!: string;
  @ApiProperty(text('USD')) currency!: string;
  @ApiProperty(nullableText()) email!: string | null;
  @ApiProperty({ enum: FINANCIAL_STATUSES }) financial_status!: FinancialStatus;
  @ApiProperty({ enum: FULFILLMENT_STATUSES.filter((s) => s !== 'unfulfilled'), nullable: true, description: 'null while unfulfilled' })
  fulfillment_status!: Exclude<FulfillmentStatus, 'unfulfilled'> | null;
  @ApiProperty(text('#1001')) name!: string;
  @ApiProperty({ type: 'integer', example: 1 }) order_number!: number;
  @ApiProperty(text('USD')) presentment_currency!: string;
  @ApiProperty(time) processed_at!: string;
  @ApiProperty(decimal) subtotal_price!: string;
  @ApiProperty({ type: RestMoneySet }) subtotal_price_set!: RestMoneySet;
  @ApiProperty(decimal) total_price!: string;
  @ApiProperty({ type: RestMoneySet }) total_price_set!: RestMoneySet;
  @ApiProperty(decimal) total_tax!: string;
  @ApiProperty({ type: RestMoneySet }) total_tax_set!: RestMoneySet;
  @ApiProperty({ type: RestOrderCustomer }) customer!: RestOrderCustomer;
  @ApiProperty(none) fulfillments!: never[];
  @ApiProperty({ type: [RestLineItem] }) line_items!: RestLineItem[];
  @ApiProperty(none) refunds!: never[];
  @ApiProperty(none) shipping_lines!: never[];
}

export class OrdersResponse {
  @ApiProperty({ type: [RestOrder] }) orders!: RestOrder[];
}

export type RestOrderMatchesSerializer = Assert<SameShape<ReturnType<typeof restOrder>, RestOrder>>;
