import { countryName } from '@platform/locale';
import { toGlobalId } from '@platform/ids';
import type { AddressRecord, CustomerDetailRecord } from '../customer.records.js';
import type { EmailMarketingConsent, SmsMarketingConsent } from '../customer.entity.js';
import { addressName } from '../mailing-address.rules.js';

// The REST `customer` resource, keys in the hosted platform's order. Never the password or the activation token.

/** REST `customer`. */
export function restCustomer(c: CustomerDetailRecord) {
  return {
    id: c.id,
    email: c.email,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
    first_name: c.firstName,
    last_name: c.lastName,
    orders_count: c.ordersCount,
    state: c.state,
    total_spent: c.totalSpent,
    last_order_id: c.lastOrderId,
    note: c.note,
    verified_email: c.verifiedEmail,
    multipass_identifier: c.multipassIdentifier,
    tax_exempt: c.taxExempt,
    tags: c.tags.join(', '),
    last_order_name: c.lastOrderName,
    currency: c.currency,
    phone: c.phone,
    addresses: c.addresses.map(restCustomerAddress),
    tax_exemptions: c.taxExemptions,
    email_marketing_consent: restEmailConsent(c.emailMarketingConsent),
    sms_marketing_consent: c.smsMarketingConsent ? restSmsConsent(c.smsMarketingConsent) : null,
    admin_graphql_api_id: toGlobalId('Customer', c.id),
    default_address: c.defaultAddress ? restCustomerAddress(c.defaultAddress) : null,
  };
}

/** REST `customer_address`: `name` is derived, `country_name` named from the code. */
export function restCustomerAddress(a: AddressRecord) {
  return {
    id: a.id,
    customer_id: a.customerId,
    first_name: a.firstName,
    last_name: a.lastName,
    company: a.company,
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    province: a.province,
    country: a.country,
    zip: a.zip,
    phone: a.phone,
    name: addressName(a) ?? '',
    province_code: a.provinceCode,
    country_code: a.countryCode,
    country_name: a.countryCode ? nameOfCountry(a.countryCode) : a.country,
    default: a.isDefault,
  };
}

function restEmailConsent(consent: EmailMarketingConsent) {
  return { state: consent.state, opt_in_level: consent.optInLevel, consent_updated_at: consent.consentUpdatedAt };
}

function restSmsConsent(consent: SmsMarketingConsent) {
  return {
    state: consent.state,
    opt_in_level: consent.optInLevel,
    consent_updated_at: consent.consentUpdatedAt,
    consent_collected_from: consent.consentCollectedFrom,
  };
}

// countryName builds an Intl.DisplayNames per call; a page of 250 customers names up to 2,750 addresses.
const countryNames = new Map<string, string>();

function nameOfCountry(code: string): string {
  let name = countryNames.get(code);
  if (name === undefined) {
    name = safeCountryName(code);
    if (countryNames.size < 1_000) countryNames.set(code, name);
  }
  return name;
}

// Codes are checked on write; a code the runtime cannot read (an old import) keeps its letters.
function safeCountryName(code: string): string {
  try {
    return countryName(code);
  } catch {
    return code;
  }
}
