import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import type { restAddress } from '@platform/contact';
import type { Assert, SameShape } from '@platform/rest';
import { CUSTOMER_STATES, type CustomerState, MARKETING_OPT_IN_LEVELS, MARKETING_STATES, type MarketingOptInLevel, type MarketingState } from '../customer.entity.js';
import type { restCustomer } from './customer.serializer.js';

// What the REST customer routes answer, for the OpenAPI document. restCustomer builds it: the types at the end make
// the typecheck fail when the serializer and these classes differ in a key or a type.

const id: ApiPropertyOptions = { type: 'integer', format: 'int64', example: 207119551 };
const nullableId: ApiPropertyOptions = { type: 'integer', format: 'int64', nullable: true };
const nullableText = (example?: string): ApiPropertyOptions => ({ type: 'string', nullable: true, example });
const time: ApiPropertyOptions = { type: 'string', format: 'date-time' };

export class RestCustomerAddress {
  @ApiProperty(id) id!: number;
  @ApiProperty(id) customer_id!: number;
  @ApiProperty(nullableText('Bob')) first_name!: string | null;
  @ApiProperty(nullableText('Norman')) last_name!: string | null;
  @ApiProperty(nullableText()) company!: string | null;
  @ApiProperty(nullableText('Chestnut Street 92')) address1!: string | null;
  @ApiProperty(nullableText()) address2!: string | null;
  @ApiProperty(nullableText('Louisville')) city!: string | null;
  @ApiProperty(nullableText('Kentucky')) province!: string | null;
  @ApiProperty(nullableText('United States')) country!: string | null;
  @ApiProperty(nullableText('40202')) zip!: string | null;
  @ApiProperty(nullableText('+15555555555')) phone!: string | null;
  @ApiProperty({ type: 'string', description: 'First and last name', example: 'Bob Norman' }) name!: string;
  @ApiProperty(nullableText('KY')) province_code!: string | null;
  @ApiProperty(nullableText('US')) country_code!: string | null;
  @ApiProperty(nullableText('United States')) country_name!: string | null;
  @ApiProperty({ type: 'boolean' }) default!: boolean;
}

export class RestEmailMarketingConsent {
  @ApiProperty({ enum: MARKETING_STATES }) state!: MarketingState;
  @ApiProperty({ enum: MARKETING_OPT_IN_LEVELS, nullable: true }) opt_in_level!: MarketingOptInLevel | null;
  @ApiProperty({ ...time, nullable: true }) consent_updated_at!: string | null;
}

export class RestSmsMarketingConsent extends RestEmailMarketingConsent {
  @ApiProperty(nullableText('OTHER')) consent_collected_from!: string | null;
}

export class RestCustomer {
  @ApiProperty(id) id!: number;
  @ApiProperty(nullableText('bob.norman@mail.example.com')) email!: string | null;
  @ApiProperty(time) created_at!: string;
  @ApiProperty(time) updated_at!: string;
  @ApiProperty(nullableText('Bob')) first_name!: string | null;
  @ApiProperty(nullableText('Norman')) last_name!: string | null;
  @ApiProperty({ type: 'integer' }) orders_count!: number;
  @ApiProperty({ enum: CUSTOMER_STATES }) state!: CustomerState;
  @ApiProperty({ type: 'string', description: 'Exact decimal', example: '199.65' }) total_spent!: string;
  @ApiProperty(nullableId) last_order_id!: number | null;
  @ApiProperty(nullableText()) note!: string | null;
  @ApiProperty({ type: 'boolean' }) verified_email!: boolean;
  @ApiProperty(nullableText()) multipass_identifier!: string | null;
  @ApiProperty({ type: 'boolean' }) tax_exempt!: boolean;
  @ApiProperty({ type: 'string', description: 'Comma-separated', example: 'New Customer, Repeat Customer' }) tags!: string;
  @ApiProperty(nullableText('#1169')) last_order_name!: string | null;
  @ApiProperty({ type: 'string', description: 'ISO 4217', example: 'USD' }) currency!: string;
  @ApiProperty(nullableText('+16136120707')) phone!: string | null;
  @ApiProperty({ type: [RestCustomerAddress], description: 'The ten most recently updated addresses' }) addresses!: RestCustomerAddress[];
  @ApiProperty({ type: [String] }) tax_exemptions!: string[];
  @ApiProperty({ type: RestEmailMarketingConsent }) email_marketing_consent!: RestEmailMarketingConsent;
  @ApiProperty({ type: RestSmsMarketingConsent, nullable: true }) sms_marketing_consent!: RestSmsMarketingConsent | null;
  @ApiProperty({ type: 'string', example: 'gid://platform/Customer/207119551' }) admin_graphql_api_id!: string;
  @ApiProperty({ type: RestCustomerAddress, nullable: true }) default_address!: RestCustomerAddress | null;
}

export class CustomerResponse {
  @ApiProperty({ type: RestCustomer }) customer!: RestCustomer;
}

export class CustomersResponse {
  @ApiProperty({ type: [RestCustomer] }) customers!: RestCustomer[];
}

export class AccountActivationUrlResponse {
  @ApiProperty({ type: 'string', format: 'uri', example: 'https://demo.myplatform.localhost/account/activate/207119551/86688abf23572680740b1c062fa37111-1458248616' })
  account_activation_url!: string;
}

export class RestCustomerInvite {
  @ApiProperty({ type: 'string', example: 'bob.norman@mail.example.com' }) to!: string;
  @ApiProperty({ type: 'string', example: 'shop@example.com' }) from!: string;
  @ApiProperty({ type: 'string', example: 'Customer account activation' }) subject!: string;
  @ApiProperty({ type: 'string', example: '' }) custom_message!: string;
  @ApiProperty({ type: [String] }) bcc!: string[];
}

export class CustomerInviteResponse {
  @ApiProperty({ type: RestCustomerInvite }) customer_invite!: RestCustomerInvite;
}

export type RestCustomerMatchesSerializer = Assert<SameShape<ReturnType<typeof restCustomer>, RestCustomer>>;
export type RestCustomerAddressMatchesSerializer = Assert<SameShape<ReturnType<typeof restAddress>, RestCustomerAddress>>;
