import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { RestMetafieldFields, dropUndefined, restMetafieldInputOf } from '@platform/rest';
import { splitTags } from '@platform/tags';
import {
  IsArray,
  IsBoolean,
  IsDefined,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  ValidateNested,
} from 'class-validator';
import type {
  CustomerAddressInput,
  CustomerInput,
  CustomerInviteInput,
  MarketingConsentInput,
  SmsMarketingConsentInput,
} from '../customer.inputs.js';

// The REST `customer` body: types checked here (422 keyed by the field), every rule in the service. Absent fields
// are left as they are, null clears. Read-only fields a client echoes back (state, orders_count…) are ignored.

export class CustomerAddressFields {
  @ApiPropertyOptional({ description: 'Changes this address of the customer; without it the address is added.' })
  @IsOptional()
  @IsInt()
  id?: number;

  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() first_name?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() last_name?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() company?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() address1?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() address2?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() city?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() province?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() province_code?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'A country name, or its two-letter code.' })
  @IsOptional()
  @IsString()
  country?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'CA' }) @IsOptional() @IsString() country_code?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() zip?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() phone?: string | null;
  @ApiPropertyOptional({ description: 'The default address (at most one).' }) @IsOptional() @IsBoolean() default?: boolean;
}

export class EmailMarketingConsentFields {
  @ApiProperty({ example: 'subscribed' }) @IsOptional() @IsString() state?: string;
  @ApiPropertyOptional({ type: String, nullable: true, example: 'single_opt_in' }) @IsOptional() @IsString() opt_in_level?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, format: 'date-time', description: 'Defaults to the time of the request.' })
  @IsOptional()
  @IsString()
  consent_updated_at?: string | null;
}

export class SmsMarketingConsentFields extends EmailMarketingConsentFields {
  @ApiPropertyOptional({ type: String, nullable: true, example: 'OTHER' }) @IsOptional() @IsString() consent_collected_from?: string | null;
}

export class CustomerFields {
  @ApiPropertyOptional({ description: 'On update: the id of the path (ignored).' }) @IsOptional() @IsInt() id?: number;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() first_name?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() last_name?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Unique in the shop (case-insensitive).' }) @IsOptional() @IsString() email?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Unique in the shop (E.164).' }) @IsOptional() @IsString() phone?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() note?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Comma-separated; replaces every tag.', example: 'vip, wholesale' })
  @IsOptional()
  @IsString()
  tags?: string | null;

  @ApiPropertyOptional({ type: Boolean, nullable: true }) @IsOptional() @IsBoolean() tax_exempt?: boolean | null;

  @ApiPropertyOptional({ type: [String], nullable: true })
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  tax_exemptions?: string[] | null;

  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() multipass_identifier?: string | null;
  @ApiPropertyOptional({ type: Boolean, nullable: true }) @IsOptional() @IsBoolean() verified_email?: boolean | null;
  @ApiPropertyOptional({ type: String, writeOnly: true, description: 'With password_confirmation: the account is enabled.' }) @IsOptional() @IsString() password?: string | null;
  @ApiPropertyOptional({ type: String, writeOnly: true }) @IsOptional() @IsString() password_confirmation?: string | null;
  @ApiPropertyOptional({ description: 'Create only: false skips the welcome email.' }) @IsOptional() @IsBoolean() send_email_welcome?: boolean | null;
  @ApiPropertyOptional({ description: 'Create only: true emails an account invite.' }) @IsOptional() @IsBoolean() send_email_invite?: boolean | null;

  @ApiPropertyOptional({ type: () => [CustomerAddressFields], nullable: true })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => CustomerAddressFields)
  addresses?: CustomerAddressFields[] | null;

  @ApiPropertyOptional({ type: () => EmailMarketingConsentFields, nullable: true, description: 'Needs an email.' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => EmailMarketingConsentFields)
  email_marketing_consent?: EmailMarketingConsentFields | null;

  @ApiPropertyOptional({ type: () => SmsMarketingConsentFields, nullable: true, description: 'Needs a phone.' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => SmsMarketingConsentFields)
  sms_marketing_consent?: SmsMarketingConsentFields | null;

  @ApiPropertyOptional({ type: () => [RestMetafieldFields], nullable: true })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => RestMetafieldFields)
  metafields?: RestMetafieldFields[] | null;
}

/** `{ "customer": { … } }` of POST and PUT customers. */
export class CustomerRequest {
  @ApiProperty({ type: () => CustomerFields })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => CustomerFields)
  customer!: CustomerFields;
}

export class CustomerInviteFields {
  @ApiPropertyOptional({ type: String, nullable: true, description: "Defaults to the customer's email." }) @IsOptional() @IsString() to?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: "Defaults to the shop's sender." }) @IsOptional() @IsString() from?: string | null;

  @ApiPropertyOptional({ type: [String], nullable: true })
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  bcc?: string[] | null;

  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() subject?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() custom_message?: string | null;
}

/** `{ "customer_invite": { … } }` of send_invite; the body is optional. */
export class CustomerInviteRequest {
  @ApiProperty({ type: () => CustomerInviteFields })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => CustomerInviteFields)
  customer_invite!: CustomerInviteFields;
}

/** The body's customer in the service's names; only the fields given. */
export function customerInputOf(c: CustomerFields): CustomerInput {
  const input: CustomerInput = {};
  const set = <K extends keyof CustomerInput>(key: K, value: CustomerInput[K] | undefined) => {
    if (value !== undefined) input[key] = value;
  };
  set('firstName', c.first_name);
  set('lastName', c.last_name);
  set('email', c.email);
  set('phone', c.phone);
  set('note', c.note);
  // "vip, wholesale" → ['vip', 'wholesale']; the service deduplicates and bounds them.
  set('tags', c.tags === undefined || c.tags === null ? c.tags : splitTags(c.tags));
  set('taxExempt', c.tax_exempt);
  set('taxExemptions', c.tax_exemptions);
  set('multipassIdentifier', c.multipass_identifier);
  set('verifiedEmail', c.verified_email);
  set('password', c.password);
  set('passwordConfirmation', c.password_confirmation);
  set('sendEmailWelcome', c.send_email_welcome);
  set('sendEmailInvite', c.send_email_invite);
  set('addresses', c.addresses && c.addresses.map(addressInputOf));
  set('emailMarketingConsent', c.email_marketing_consent && consentInputOf(c.email_marketing_consent));
  set('smsMarketingConsent', c.sms_marketing_consent && smsConsentInputOf(c.sms_marketing_consent));
  set('metafields', c.metafields && c.metafields.map(restMetafieldInputOf));
  return input;
}

/** The invite's parts in the service's names (absent: the defaults). */
export function inviteInputOf(invite: CustomerInviteFields | undefined): CustomerInviteInput {
  if (!invite) return {};
  return { to: invite.to, from: invite.from, bcc: invite.bcc, subject: invite.subject, customMessage: invite.custom_message };
}

function addressInputOf(a: CustomerAddressFields): CustomerAddressInput {
  // The service names the country from a name or a code (`country: "CA"`), and the code from the name.
  return dropUndefined({
    id: a.id,
    firstName: a.first_name,
    lastName: a.last_name,
    company: a.company,
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    province: a.province,
    provinceCode: a.province_code,
    country: a.country,
    countryCode: a.country_code,
    zip: a.zip,
    phone: a.phone,
    isDefault: a.default,
  });
}

function consentInputOf(c: EmailMarketingConsentFields): MarketingConsentInput {
  // A missing state is the service's to refuse, keyed by the consent.
  return dropUndefined({ state: c.state as string, optInLevel: c.opt_in_level, consentUpdatedAt: c.consent_updated_at });
}

function smsConsentInputOf(c: SmsMarketingConsentFields): SmsMarketingConsentInput {
  return dropUndefined({ ...consentInputOf(c), consentCollectedFrom: c.consent_collected_from });
}
