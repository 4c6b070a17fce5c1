import { EMAIL_PATTERN, blankAddress, checkAddress, normalizeEmail } from '@platform/contact';
import type { NewCustomer } from './customer.inputs.js';
import { isPasswordHash } from './customer-password.js';
import { CUSTOMER_STATES, MARKETING_STATES } from './customer.entity.js';
import { type CustomerErrorCode, CustomerErrors } from './customers.errors.js';

/** Validates a new customer and turns it into rows; `field` prefixes error fields (e.g. `customers[3]`). */
export function customerRows(input: NewCustomer, field = 'customer') {
  const invalid = (path: string, message: string, code: CustomerErrorCode = 'INVALID') => CustomerErrors[code](message, { field: `${field}.${path}` });

  const email = input.email ? normalizeEmail(input.email) : null;
  if (email !== null && !EMAIL_PATTERN.test(email)) throw invalid('email', 'is invalid');
  if (!email && !input.phone) throw invalid('email', 'a customer needs an email or a phone', 'BLANK');
  const state = input.state ?? (input.passwordHash ? 'enabled' : 'disabled');
  if (!CUSTOMER_STATES.includes(state)) throw invalid('state', `must be one of ${CUSTOMER_STATES.join(', ')}`);
  if (input.passwordHash != null && !isPasswordHash(input.passwordHash)) throw invalid('passwordHash', 'must be made by hashPassword');
  const consent = input.emailMarketingConsent ?? { state: 'not_subscribed', optInLevel: null, consentUpdatedAt: null };
  if (!MARKETING_STATES.includes(consent.state)) throw invalid('emailMarketingConsent.state', `must be one of ${MARKETING_STATES.join(', ')}`);
  const sms = input.smsMarketingConsent ?? null;
  if (sms && !MARKETING_STATES.includes(sms.state)) throw invalid('smsMarketingConsent.state', `must be one of ${MARKETING_STATES.join(', ')}`);
  if (sms && !input.phone) throw invalid('smsMarketingConsent', 'needs a phone');
  const currency = (input.currency ?? 'USD').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) throw invalid('currency', 'must be an ISO 4217 code');

  const addresses = input.addresses ?? [];
  const marked = addresses.filter((a) => a.isDefault).length;
  if (marked > 1) throw invalid('addresses', 'only one address can be the default');
  return {
    customer: {
      firstName: input.firstName?.trim() || null,
      lastName: input.lastName?.trim() || null,
      email,
      phone: input.phone?.trim() || null,
      state,
      passwordHash: input.passwordHash ?? null,
      tags: [...new Set(input.tags ?? [])],
      note: input.note ?? null,
      verifiedEmail: input.verifiedEmail ?? false,
      emailMarketingConsent: { state: consent.state, optInLevel: consent.optInLevel ?? null, consentUpdatedAt: consent.consentUpdatedAt ?? null },
      smsMarketingConsent: sms && { state: sms.state, optInLevel: sms.optInLevel ?? null, consentUpdatedAt: sms.consentUpdatedAt ?? null, consentCollectedFrom: sms.consentCollectedFrom ?? null },
      taxExempt: input.taxExempt ?? false,
      taxExemptions: [...new Set(input.taxExemptions ?? [])],
      currency,
    },
    addresses: addresses.map((a, i) => {
      const { address, problems } = checkAddress(a);
      const [problem] = problems;
      if (problem) throw invalid(`addresses[${i}].${problem.field}`, problem.message, problem.code);
      return { ...blankAddress(), ...address, isDefault: marked === 0 ? i === 0 : Boolean(a.isDefault) };
    }),
  };
}
