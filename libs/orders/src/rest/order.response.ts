import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import type { CustomerState, MarketingOptInLevel, MarketingState } from '@platform/customers';
import type { Assert, SameShape } from '@platform/rest';
import { CANCEL_REASONS, type CancelReason, FINANCIAL_STATUSES, FULFILLMENT_STATUSES, type FinancialStatus, type FulfillmentStatus } from '../order.entity.js';
import { FULFILLMENT_STATES, type FulfillmentState } from '../order-fulfillment.entity.js';
import { TRANSACTION_KINDS, TRANSACTION_STATUSES, type TransactionKind, type TransactionStatus } from '../order-transaction.entity.js';
import { RESTOCK_TYPES, type RestockType } from '../refund-line-item.entity.js';
import type { restOrder } from './order.serializer.js';

// What the REST order routes (`orders.json`, `orders/{id}.json`, `customers/{id}/orders.json`) answer, for the OpenAPI document. restOrder builds it: the type at the end
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

export class RestLineItemProperty {
  @ApiProperty(text('engraving')) name!: string;
  @ApiProperty(text('For Ada')) value!: string;
}

export class RestLineItem {
  @ApiProperty(id) id!: number;
  @ApiProperty(text('gid://platform/LineItem/466157049')) admin_graphql_api_id!: string;
  @ApiProperty({ type: 'integer', description: 'Quantity less the units refunded' }) current_quantity!: number;
  @ApiProperty({ type: 'integer', description: 'Units neither refunded nor fulfilled' }) fulfillable_quantity!: number;
  @ApiProperty({ type: 'string', enum: ['fulfilled', 'partial'], nullable: true }) fulfillment_status!: 'fulfilled' | 'partial' | null;
  @ApiProperty({ type: 'boolean' }) gift_card!: boolean;
  @ApiProperty({ type: 'integer' }) grams!: number;
  @ApiProperty(text('IPod Nano - 8gb - green')) name!: string;
  @ApiProperty({ ...decimal, description: 'Unit price' }) price!: string;
  @ApiProperty({ type: RestMoneySet }) price_set!: RestMoneySet;
  @ApiProperty({ type: 'boolean' }) product_exists!: boolean;
  @ApiProperty(nullableId) product_id!: number | null;
  @ApiProperty({ type: [RestLineItemProperty], description: 'What the buyer attached to the line (its cart line attributes)' }) properties!: RestLineItemProperty[];
  @ApiProperty({ type: 'integer', example: 1 }) quantity!: number;
  @ApiProperty({ type: 'boolean' }) requires_shipping!: boolean;
  @ApiProperty(nullableText('IPOD2008GREEN')) sku!: string | null;
  @ApiProperty({ type: 'boolean' }) taxable!: boolean;
  @ApiProperty(text('IPod Nano - 8gb')) title!: string;
  @ApiProperty(decimal) total_discount!: string;
  @ApiProperty({ type: RestMoneySet }) total_discount_set!: RestMoneySet;
  @ApiProperty(nullableId) variant_id!: number | null;
  @ApiProperty(nullableText('green')) variant_title!: string | null;
  @ApiProperty(nullableText()) vendor!: string | null;
}

export class RestTransaction {
  @ApiProperty(id) id!: number;
  @ApiProperty(text('gid://platform/OrderTransaction/389404469')) admin_graphql_api_id!: string;
  @ApiProperty(decimal) amount!: string;
  @ApiProperty(time) created_at!: string;
  @ApiProperty(text('USD')) currency!: string;
  @ApiProperty(nullableText('card_declined')) error_code!: string | null;
  @ApiProperty(text('manual')) gateway!: string;
  @ApiProperty({ enum: TRANSACTION_KINDS }) kind!: TransactionKind;
  @ApiProperty(nullableText()) message!: string | null;
  @ApiProperty(id) order_id!: number;
  @ApiProperty(nullableId) parent_id!: number | null;
  @ApiProperty(time) processed_at!: string;
  @ApiProperty({ enum: TRANSACTION_STATUSES }) status!: TransactionStatus;
  @ApiProperty({ type: 'boolean' }) test!: boolean;
}

export class RestRefundLineItem {
  @ApiProperty(id) id!: number;
  @ApiProperty(id) line_item_id!: number;
  @ApiProperty({ type: 'integer' }) quantity!: number;
  @ApiProperty({ enum: RESTOCK_TYPES }) restock_type!: RestockType;
  @ApiProperty(decimal) subtotal!: string;
  @ApiProperty({ type: RestMoneySet }) subtotal_set!: RestMoneySet;
  @ApiProperty(decimal) total_tax!: string;
  @ApiProperty({ type: RestMoneySet }) total_tax_set!: RestMoneySet;
  @ApiProperty({ type: RestLineItem, nullable: true }) line_item!: RestLineItem | null;
}

export class RestRefund {
  @ApiProperty(id) id!: number;
  @ApiProperty(text('gid://platform/Refund/509562969')) admin_graphql_api_id!: string;
  @ApiProperty(time) created_at!: string;
  @ApiProperty(nullableText()) note!: string | null;
  @ApiProperty(id) order_id!: number;
  @ApiProperty(time) processed_at!: string;
  @ApiProperty({ type: 'boolean' }) restock!: boolean;
  @ApiProperty({ type: [RestRefundLineItem] }) refund_line_items!: RestRefundLineItem[];
  @ApiProperty({ type: [RestTransaction] }) transactions!: RestTransaction[];
}

export class RestFulfillment {
  @ApiProperty(id) id!: number;
  @ApiProperty(text('gid://platform/Fulfillment/255858046')) admin_graphql_api_id!: string;
  @ApiProperty(time) created_at!: string;
  @ApiProperty(text('#1001.1')) name!: string;
  @ApiProperty(id) order_id!: number;
  @ApiProperty({ enum: FULFILLMENT_STATES }) status!: FulfillmentState;
  @ApiProperty(nullableText('USPS')) tracking_company!: string | null;
  @ApiProperty(nullableText('1Z2345')) tracking_number!: string | null;
  @ApiProperty({ type: [String] }) tracking_numbers!: string[];
  @ApiProperty(nullableText()) tracking_url!: string | null;
  @ApiProperty({ type: [String] }) tracking_urls!: string[];
  @ApiProperty(time) updated_at!: string;
  @ApiProperty({ type: [RestLineItem], description: 'The lines shipped, each with the quantity shipped' }) line_items!: RestLineItem[];
}

export class RestShippingLine {
  @ApiProperty(nullableText('Standard')) code!: string | null;
  @ApiProperty(decimal) discounted_price!: string;
  @ApiProperty({ type: RestMoneySet }) discounted_price_set!: RestMoneySet;
  @ApiProperty(decimal) price!: string;
  @ApiProperty({ type: RestMoneySet }) price_set!: RestMoneySet;
  @ApiProperty(text('Standard Shipping')) title!: string;
}

export class RestOrderAddress {
  @ApiProperty(nullableText()) first_name!: string | null;
  @ApiProperty(nullableText()) address1!: string | null;
  @ApiProperty(nullableText()) phone!: string | null;
  @ApiProperty(nullableText()) city!: string | null;
  @ApiProperty(nullableText()) zip!: string | null;
  @ApiProperty(nullableText()) province!: string | null;
  @ApiProperty(nullableText()) country!: string | null;
  @ApiProperty(nullableText()) last_name!: string | null;
  @ApiProperty(nullableText()) address2!: string | null;
  @ApiProperty(nullableText()) company!: string | null;
  @ApiProperty(text('Bob Norman')) name!: string;
  @ApiProperty(nullableText('US')) country_code!: string | null;
  @ApiProperty(nullableText('KY')) province_code!: string | null;
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

export class RestOrder {
  @ApiProperty(id) id!: number;
  @ApiProperty(text('gid://platform/Order/450789469')) admin_graphql_api_id!: string;
  @ApiProperty({ type: 'string', enum: CANCEL_REASONS, nullable: true }) cancel_reason!: CancelReason | null;
  @ApiProperty(nullableTime) cancelled_at!: string | null;
  @ApiProperty(nullableTime) closed_at!: string | null;
  @ApiProperty(time) created_at!: string;
  @ApiProperty(text('USD')) currency!: string;
  @ApiProperty(nullableText()) email!: string | null;
  @ApiProperty({ enum: FINANCIAL_STATUSES }) financial_status!: FinancialStatus;
  @ApiProperty({ enum: FULFILLMENT_STATUSES.filter((s) => s !== 'unfulfilled'), nullable: true, description: 'null while unfulfilled' })
  fulfillment_status!: Exclude<FulfillmentStatus, 'unfulfilled'> | null;
  @ApiProperty(text('#1001')) name!: string;
  @ApiProperty(nullableText()) note!: string | null;
  @ApiProperty({ type: 'integer', example: 1001 }) order_number!: number;
  @ApiProperty(text('USD')) presentment_currency!: string;
  @ApiProperty(time) processed_at!: string;
  @ApiProperty(decimal) subtotal_price!: string;
  @ApiProperty({ type: RestMoneySet }) subtotal_price_set!: RestMoneySet;
  @ApiProperty({ type: 'boolean' }) test!: boolean;
  @ApiProperty(decimal) total_discounts!: string;
  @ApiProperty({ type: RestMoneySet }) total_discounts_set!: RestMoneySet;
  @ApiProperty(decimal) total_line_items_price!: string;
  @ApiProperty({ type: RestMoneySet }) total_line_items_price_set!: RestMoneySet;
  @ApiProperty(decimal) total_price!: string;
  @ApiProperty({ type: RestMoneySet }) total_price_set!: RestMoneySet;
  @ApiProperty({ type: RestMoneySet }) total_shipping_price_set!: RestMoneySet;
  @ApiProperty(decimal) total_tax!: string;
  @ApiProperty({ type: RestMoneySet }) total_tax_set!: RestMoneySet;
  @ApiProperty(time) updated_at!: string;
  @ApiProperty({ type: RestOrderAddress, nullable: true }) billing_address!: RestOrderAddress | null;
  @ApiProperty({ type: RestOrderCustomer, nullable: true, description: 'null for a guest checkout' }) customer!: RestOrderCustomer | null;
  @ApiProperty({ type: [RestFulfillment] }) fulfillments!: RestFulfillment[];
  @ApiProperty({ type: [RestLineItem] }) line_items!: RestLineItem[];
  @ApiProperty({ type: [RestRefund] }) refunds!: RestRefund[];
  @ApiProperty({ type: RestOrderAddress, nullable: true }) shipping_address!: RestOrderAddress | null;
  @ApiProperty({ type: [RestShippingLine] }) shipping_lines!: RestShippingLine[];
}

export class OrdersResponse {
  @ApiProperty({ type: [RestOrder] }) orders!: RestOrder[];
}

export class OrderResponse {
  @ApiProperty({ type: RestOrder }) order!: RestOrder;
}

export type RestOrderMatchesSerializer = Assert<SameShape<ReturnType<typeof restOrder>, RestOrder>>;
