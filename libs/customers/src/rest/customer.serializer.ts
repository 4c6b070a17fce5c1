import { restAddress } from '@platform/contact';
import { toGlobalId } from '@platform/ids';
import type { CustomerDetailRecord } from '../customer.records.js';
import type { EmailMarketingConsent, SmsMarketingConsent } from '../customer.entity.js';

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
    addresses: c.addresses.map(restAddress),
    tax_exemptions: c.taxExemptions,
    email_marketing_consent: restEmailConsent(c.emailMarketingConsent),
    sms_marketing_consent: c.smsMarketingConsent ? restSmsConsent(c.smsMarketingConsent) : null,
    admin_graphql_api_id: toGlobalId('Customer', c.id),
    default_address: c.defaultAddress ? restAddress(c.defaultAddress) : null,
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
