import fc from 'fast-check';
import { checkCustomerInput, contactProblems } from './customer-input.rules.js';
import type { CustomerInput } from './customer.inputs.js';
import type { CustomerError } from './customers.errors.js';

const NOW = new Date('2026-11-24T12:00:00Z');
const plain = (problems: CustomerError[]) => problems.map(({ code, field, message }) => ({ code, field, message }));
const problemsOf = (input: CustomerInput, creating = true) => plain(checkCustomerInput(input, creating, NOW).problems);
const changesOf = (input: CustomerInput, creating = true) => {
  const checked = checkCustomerInput(input, creating, NOW);
  expect(plain(checked.problems)).toEqual([]);
  return checked.changes;
};

describe('checkCustomerInput', () => {
  it('normalises what a merchant sets: email lowercased, phone in E.164, names trimmed, blanks cleared', () => {
    expect(
      changesOf({ email: ' Ada@Example.COM ', phone: '+1 (613) 555-0123', firstName: ' Ada ', lastName: '  ', note: ' keeps spaces ', multipassIdentifier: '' }),
    ).toEqual({ email: 'ada@example.com', phone: '+16135550123', firstName: 'Ada', lastName: null, note: ' keeps spaces ', multipassIdentifier: null });
    expect(changesOf({ email: null, phone: '', verifiedEmail: true, taxExempt: null, taxExemptions: ['ca_status_card_exemption', 'CA_STATUS_CARD_EXEMPTION'] })).toEqual({
      email: null,
      phone: null,
      verifiedEmail: true,
      taxExempt: false,
      taxExemptions: ['CA_STATUS_CARD_EXEMPTION'],
    });
  });

  it('checks the password as the storefront does, and its confirmation', () => {
    expect(changesOf({ password: 'hunter22', passwordConfirmation: 'hunter22' })).toEqual({ password: 'hunter22' });
    const mismatch = { code: 'INVALID', field: 'passwordConfirmation', message: "Password confirmation doesn't match Password" };
    expect(problemsOf({ password: 'hunter22', passwordConfirmation: 'hunter23' })).toEqual([mismatch]);
    expect(problemsOf({ password: 'hunter22' })).toEqual([mismatch]);
    expect(problemsOf({ passwordConfirmation: 'hunter22' })).toEqual([mismatch]);
    expect(problemsOf({ password: 'abc', passwordConfirmation: 'abc' })).toEqual([
      { code: 'TOO_SHORT', field: 'password', message: 'Password is too short (minimum is 5 characters)' },
    ]);
    expect(problemsOf({ password: ' spaced ', passwordConfirmation: ' spaced ' })[0].code).toBe('PASSWORD_STARTS_OR_ENDS_WITH_WHITESPACE');
  });

  it('reports every problem at once, named as in CustomerInput', () => {
    expect(
      problemsOf({
        email: 'not-an-email',
        phone: '12',
        firstName: 'x'.repeat(256),
        lastName: 'a\0b',
        note: 'n'.repeat(5_001),
        tags: ['t'.repeat(256)],
        verifiedEmail: 'yes' as unknown as boolean,
      }),
    ).toEqual([
      { code: 'TOO_LONG', field: 'firstName', message: 'First name is too long (maximum is 255 characters)' },
      { code: 'INVALID', field: 'lastName', message: 'Last name is invalid' },
      { code: 'TOO_LONG', field: 'note', message: 'Note is too long (maximum is 5000 characters)' },
      { code: 'INVALID', field: 'email', message: 'Email is invalid' },
      { code: 'INVALID', field: 'phone', message: 'Phone is invalid' },
      { code: 'INVALID', field: 'verifiedEmail', message: 'Verified email must be true or false' },
      { code: 'TOO_LONG', field: 'tags', message: 'Tags is too long (maximum is 255 characters per tag)' },
    ]);
  });

  it('keeps tags trimmed, split on commas, one of each (case-insensitive), at most 250', () => {
    expect(changesOf({ tags: [' vip , Wholesale', 'VIP', '', 'wholesale ', 'new'] }).tags).toEqual(['vip', 'Wholesale', 'new']);
    expect(changesOf({ tags: null }).tags).toEqual([]);
    const many = Array.from({ length: 251 }, (_, i) => `tag-${i}`);
    expect(changesOf({ tags: many.slice(1) }).tags).toHaveLength(250);
    expect(problemsOf({ tags: many })).toEqual([{ code: 'INVALID', field: 'tags', message: 'Tags cannot be more than 250' }]);
  });

  it('checks addresses: country codes, one default, ids only on update, at most 100 (a customer holds no more)', () => {
    const addresses = changesOf({ addresses: [{ id: 7, address1: ' 1 Main St ', countryCode: 'ca', provinceCode: 'on' }, { city: 'Ottawa', isDefault: true }] }, false).addresses;
    expect(addresses).toEqual([
      { id: 7, set: { address1: '1 Main St', country: 'Canada', countryCode: 'CA', province: 'Ontario', provinceCode: 'ON' } },
      { set: { city: 'Ottawa' }, isDefault: true },
    ]);
    // On create every address is new.
    expect(changesOf({ addresses: [{ id: 7, city: 'Ottawa' }] }).addresses).toEqual([{ set: { city: 'Ottawa' } }]);
    expect(problemsOf({ addresses: [{ countryCode: 'CAN' }, { countryCode: '1A', isDefault: true }, { isDefault: true }] })).toEqual([
      { code: 'INVALID', field: 'addresses[0].countryCode', message: 'Country code is invalid' },
      { code: 'INVALID', field: 'addresses[1].countryCode', message: 'Country code is invalid' },
      { code: 'INVALID', field: 'addresses', message: 'Addresses can have only one default address' },
    ]);
    expect(problemsOf({ addresses: [{ id: 3 }, { id: 3 }, { id: -1 }] }, false).map((p) => p.field)).toEqual(['addresses[1].id', 'addresses[2].id']);
    expect(problemsOf({ addresses: Array.from({ length: 100 }, () => ({ city: 'x' })) })).toEqual([]);
    expect(problemsOf({ addresses: Array.from({ length: 101 }, () => ({ city: 'x' })) })).toEqual([
      { code: 'INVALID', field: 'addresses', message: 'Addresses cannot be more than 100 for a customer' },
    ]);
  });

  it('checks each address as every address is checked (@platform/contact), its problems under its path', () => {
    const setOf = (address: Record<string, unknown>) => changesOf({ addresses: [address] }).addresses![0]!.set;
    expect(setOf({ city: ' Ottawa ', province: 'Ontario', country: 'Canada', phone: '+1 613 555 0123' })).toEqual({
      city: 'Ottawa', province: 'Ontario', provinceCode: 'ON', country: 'Canada', countryCode: 'CA', phone: '+16135550123',
    });
    // A changed address' province waits for the service, which knows its country.
    expect(changesOf({ addresses: [{ id: 4, country: null, province: 'Nowhere' }] }, false).addresses).toEqual([{ id: 4, set: { country: null, countryCode: null, province: 'Nowhere' } }]);
    expect(changesOf({ addresses: [{ id: 4, province: 'Nowhere' }] }, false).addresses).toEqual([{ id: 4, set: { province: 'Nowhere' } }]);

    expect(problemsOf({ addresses: [{ country: 'Atlantis' }, { country: 'Canada', province: 'Texas' }, { countryCode: 'US', provinceCode: 'ZZ' }, { zip: 'z'.repeat(256), phone: '+12' }] })).toEqual([
      { code: 'INVALID', field: 'addresses[0].country', message: 'Country is not a known country' },
      { code: 'INVALID', field: 'addresses[1].province', message: 'Province is not a province of Canada' },
      { code: 'INVALID', field: 'addresses[2].provinceCode', message: 'Province code is not a province of United States' },
      { code: 'TOO_LONG', field: 'addresses[3].zip', message: 'Zip is too long (maximum is 255 characters)' },
      { code: 'INVALID', field: 'addresses[3].phone', message: 'Phone is invalid' },
    ]);
  });

  it('says a metafield namespace or key is too short (content needs 3 and 2 characters)', () => {
    expect(problemsOf({ metafields: [{ namespace: 'ab', key: 'k', value: 'v', type: 'single_line_text_field' }] })).toEqual([
      { code: 'TOO_SHORT', field: 'metafields[0].namespace', message: 'Namespace is too short (minimum is 3 characters)' },
      { code: 'TOO_SHORT', field: 'metafields[0].key', message: 'Key is too short (minimum is 2 characters)' },
    ]);
    expect(problemsOf({ metafields: [{ namespace: 'a b c', key: 'k!', value: 'v', type: 'single_line_text_field' }] }).map((p) => p.message)).toEqual([
      'Namespace is invalid: use letters, digits, hyphens and underscores',
      'Key is invalid: use letters, digits, hyphens and underscores',
    ]);
  });

  it('checks metafields as REST does: namespace <= 20, key <= 30, value and type required, the value of its type', () => {
    expect(changesOf({ metafields: [{ namespace: 'loyalty', key: 'tier', value: 'gold', type: 'single_line_text_field' }] }).metafields).toEqual([
      { namespace: 'loyalty', key: 'tier', value: 'gold', type: 'single_line_text_field', description: null },
    ]);
    expect(
      problemsOf({
        metafields: [
          { namespace: 'n'.repeat(21), key: 'k'.repeat(31), value: 'v', type: 'single_line_text_field' },
          { namespace: 'loyalty', key: 'points' },
          { namespace: 'loyalty', key: 'points', value: 'many', type: 'number_integer' },
          { namespace: 'loyalty', key: 'level', value: '1', type: 'no_such_type' },
        ],
      }),
    ).toEqual([
      { code: 'TOO_LONG', field: 'metafields[0].namespace', message: 'Namespace is too long (maximum is 20 characters)' },
      { code: 'TOO_LONG', field: 'metafields[0].key', message: 'Key is too long (maximum is 30 characters)' },
      { code: 'BLANK', field: 'metafields[1].value', message: "Value can't be blank" },
      { code: 'BLANK', field: 'metafields[1].type', message: "Type can't be blank" },
      { code: 'INVALID', field: 'metafields[2].value', message: 'Value must be an integer' },
      { code: 'TAKEN', field: 'metafields[2].key', message: 'Key has already been taken in this namespace' },
      { code: 'INVALID', field: 'metafields[3].type', message: 'Type is not a supported metafield type' },
    ]);
  });

  it('checks marketing consent: known state and level (any case), a date not in the future, now by default', () => {
    expect(changesOf({ emailMarketingConsent: { state: 'SUBSCRIBED', optInLevel: 'single_opt_in' } }).emailMarketingConsent).toEqual({
      state: 'subscribed',
      optInLevel: 'single_opt_in',
      consentUpdatedAt: NOW.toISOString(),
    });
    expect(changesOf({ smsMarketingConsent: { state: 'subscribed', consentUpdatedAt: '2026-01-02T03:04:05Z' } }).smsMarketingConsent).toEqual({
      state: 'subscribed',
      optInLevel: null,
      consentUpdatedAt: '2026-01-02T03:04:05.000Z',
      consentCollectedFrom: 'OTHER',
    });
    expect(changesOf({ emailMarketingConsent: null }).emailMarketingConsent).toEqual({ state: 'not_subscribed', optInLevel: null, consentUpdatedAt: null });
    expect(problemsOf({ emailMarketingConsent: { state: 'maybe', optInLevel: 'double', consentUpdatedAt: '2999-01-01T00:00:00Z' } })).toEqual([
      { code: 'INVALID', field: 'emailMarketingConsent.state', message: 'State must be one of subscribed, not_subscribed, unsubscribed, pending' },
      { code: 'INVALID', field: 'emailMarketingConsent.optInLevel', message: 'Opt in level must be one of single_opt_in, confirmed_opt_in, unknown' },
      { code: 'INVALID', field: 'emailMarketingConsent.consentUpdatedAt', message: 'Consent updated at cannot be in the future' },
    ]);
    expect(problemsOf({ smsMarketingConsent: { state: 'subscribed', consentUpdatedAt: 'yesterday' } })[0].field).toBe('smsMarketingConsent.consentUpdatedAt');
  });
});

describe('contactProblems', () => {
  const none = { email: null, phone: null, firstName: null, lastName: null };

  it('needs a name, a phone or an email', () => {
    expect(plain(contactProblems(none, {}))).toEqual([{ code: 'BLANK', field: 'base', message: 'Customer must have a name, phone number or email address' }]);
    expect(contactProblems({ ...none, lastName: 'Lovelace' }, {})).toEqual([]);
  });

  it('needs the channel of the consent it sets', () => {
    const consent = { state: 'subscribed', optInLevel: null, consentUpdatedAt: NOW.toISOString() } as const;
    expect(plain(contactProblems({ ...none, firstName: 'Ada' }, { emailMarketingConsent: consent, smsMarketingConsent: { ...consent, consentCollectedFrom: 'OTHER' } }))).toEqual([
      { code: 'INVALID', field: 'emailMarketingConsent', message: 'Email marketing consent requires an email' },
      { code: 'INVALID', field: 'smsMarketingConsent', message: 'Sms marketing consent requires a phone number' },
    ]);
    // Clearing consent needs no email.
    expect(contactProblems({ ...none, firstName: 'Ada' }, { emailMarketingConsent: { state: 'not_subscribed', optInLevel: null, consentUpdatedAt: null } })).toEqual([]);
  });
});

describe('input rules on arbitrary input', () => {
  const anyValue = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.array(fc.string()), fc.object());
  const anyInput = fc.record(
    {
      email: anyValue,
      phone: anyValue,
      firstName: anyValue,
      lastName: anyValue,
      note: anyValue,
      tags: anyValue,
      password: anyValue,
      passwordConfirmation: anyValue,
      taxExemptions: anyValue,
      addresses: fc.oneof(anyValue, fc.array(fc.record({ id: anyValue, countryCode: anyValue, city: anyValue, isDefault: anyValue }, { requiredKeys: [] }))),
      metafields: fc.oneof(anyValue, fc.array(fc.record({ namespace: anyValue, key: anyValue, value: anyValue, type: anyValue }, { requiredKeys: [] }))),
      emailMarketingConsent: fc.oneof(anyValue, fc.record({ state: anyValue, optInLevel: anyValue, consentUpdatedAt: anyValue }, { requiredKeys: [] })),
      smsMarketingConsent: anyValue,
    },
    { requiredKeys: [] },
  );

  it('never throws: anything a caller sends is problems or changes', () => {
    fc.assert(
      fc.property(anyInput, fc.boolean(), (input, creating) => {
        const { problems, changes } = checkCustomerInput(input as CustomerInput, creating, NOW);
        expect(Array.isArray(problems)).toBe(true);
        for (const problem of problems) expect(typeof problem.field).toBe('string');
        expect(typeof changes).toBe('object');
      }),
    );
  });

  it('keeps every text it accepts free of NUL and within its bound', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.array(fc.string()), (firstName, note, tags) => {
        const { problems, changes } = checkCustomerInput({ firstName, note, tags }, true, NOW);
        if (problems.length > 0) return;
        for (const value of [changes.firstName, changes.note, ...(changes.tags ?? [])]) {
          if (typeof value === 'string') expect(value.includes('\0')).toBe(false);
        }
        for (const tag of changes.tags ?? []) expect(tag.length).toBeGreaterThan(0);
      }),
    );
  });
});
