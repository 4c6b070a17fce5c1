import { parseGlobalId } from '@platform/ids';
import type { CustomerInput, MarketingConsentInput } from '../../customer.inputs.js';
import { type CustomerError, CustomerErrors, customerNotFound } from '../../customers.errors.js';
import type { AdminCustomerInput, CustomerEmailMarketingConsentInput, CustomerSmsMarketingConsentInput } from './customer.args.js';

// The admin schema's inputs in the domain's terms: global ids become integers, enum values the domain's
// lowercase ones, dates ISO text. An id that names nothing of the right type is the caller's input problem.

/** The problem of an id that names no customer, on the argument `field` (`id`, `customerId`). */
export function noSuchCustomer(field = 'id'): CustomerError {
  return customerNotFound(field);
}

export function customerInputOf(input: AdminCustomerInput): { input: CustomerInput; problems: CustomerError[] } {
  const problems: CustomerError[] = [];
  const addresses = input.addresses?.map(({ id, countryCode, ...address }, i) => {
    if (id === undefined || id === null) return { ...address, countryCode };
    const parsed = parseGlobalId(id);
    if (!parsed || parsed.type !== 'MailingAddress') problems.push(CustomerErrors.NOT_FOUND('Address does not exist', { field: `addresses[${i}].id` }));
    return { ...address, countryCode, id: parsed?.id ?? 0 };
  });
  const mapped: CustomerInput = {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    note: input.note,
    tags: input.tags,
    taxExempt: input.taxExempt,
    taxExemptions: input.taxExemptions,
    multipassIdentifier: input.multipassIdentifier,
    addresses,
    emailMarketingConsent: input.emailMarketingConsent && consentOf(input.emailMarketingConsent),
    smsMarketingConsent: input.smsMarketingConsent && consentOf(input.smsMarketingConsent),
    metafields: input.metafields,
  };
  // Absent stays absent ("leave as is"); only what the caller sent reaches the service.
  for (const key of Object.keys(mapped) as (keyof CustomerInput)[]) if (mapped[key] === undefined) delete mapped[key];
  return { input: mapped, problems };
}

export function consentOf(consent: CustomerEmailMarketingConsentInput | CustomerSmsMarketingConsentInput): MarketingConsentInput {
  return {
    state: consent.marketingState.toLowerCase(),
    optInLevel: consent.marketingOptInLevel ? consent.marketingOptInLevel.toLowerCase() : consent.marketingOptInLevel,
    consentUpdatedAt: consent.consentUpdatedAt ? isoOf(consent.consentUpdatedAt) : consent.consentUpdatedAt,
  };
}

// The DateTime scalar makes any text a Date; one it could not read goes on as text the service refuses.
function isoOf(date: Date): string {
  return Number.isNaN(date.getTime()) ? 'invalid date' : date.toISOString();
}
