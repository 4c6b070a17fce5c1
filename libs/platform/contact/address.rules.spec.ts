import fc from 'fast-check';
import { ADDRESS_FIELDS, type Address, type AddressField, addressName, blankAddress } from './address.js';
import { type AddressInput, MAX_ADDRESS_FIELD_LENGTH, checkAddress, normalizeAddress } from './address.rules.js';

const setOf = (input: AddressInput, countryOfAddress?: string | null) => {
  const { address, problems } = checkAddress(input, { countryOfAddress });
  expect(problems).toEqual([]);
  return address;
};
const problemsOf = (input: AddressInput, rules: Parameters<typeof checkAddress>[1] = {}) => checkAddress(input, rules).problems;

describe('checkAddress', () => {
  it('trims every part, blank as null, and keeps only the parts given', () => {
    expect(setOf({ address1: ' 1 Main St ', address2: '  ', city: null })).toEqual({ address1: '1 Main St', address2: null, city: null });
    expect(setOf({})).toEqual({});
  });

  it('names the country and the province from each other: names (any case) or codes, codes winning', () => {
    expect(setOf({ city: 'Ottawa', province: 'Ontario', country: 'Canada' })).toEqual({ city: 'Ottawa', province: 'Ontario', provinceCode: 'ON', country: 'Canada', countryCode: 'CA' });
    expect(setOf({ countryCode: 'FR' })).toEqual({ country: 'France', countryCode: 'FR' });
    expect(setOf({ countryCode: ' ca ', provinceCode: 'on' })).toEqual({ country: 'Canada', countryCode: 'CA', province: 'Ontario', provinceCode: 'ON' });
    expect(setOf({ country: 'fr' })).toEqual({ country: 'France', countryCode: 'FR' });
    expect(setOf({ country: 'UNITED KINGDOM' })).toEqual({ country: 'United Kingdom', countryCode: 'GB' });
    expect(setOf({ countryCode: 'UK' })).toEqual({ country: 'United Kingdom', countryCode: 'GB' });
    expect(setOf({ country: "cote d'ivoire" })).toEqual({ country: 'Côte d’Ivoire', countryCode: 'CI' });
    expect(setOf({ country: 'Germany', countryCode: 'AT' })).toEqual({ country: 'Austria', countryCode: 'AT' });
    expect(setOf({ country: 'US', province: 'district of columbia' })).toEqual({ country: 'United States', countryCode: 'US', province: 'District of Columbia', provinceCode: 'DC' });
    expect(setOf({ country: 'Canada', province: 'Québec' })).toMatchObject({ province: 'Quebec', provinceCode: 'QC' });
    expect(setOf({ countryCode: 'CA', province: 'Alberta', provinceCode: 'bc' })).toMatchObject({ province: 'British Columbia', provinceCode: 'BC' });
    // A country without a province list keeps the province as given; no country, nothing to check it against.
    expect(setOf({ country: 'France', province: 'Bretagne', provinceCode: 'bzh' })).toMatchObject({ province: 'Bretagne', provinceCode: 'BZH' });
    expect(setOf({ province: 'Somewhere' })).toEqual({ province: 'Somewhere' });
    // Clearing the country clears its code; a province set alone is checked against the address' country when known.
    expect(setOf({ country: null, province: 'Nowhere' })).toEqual({ country: null, countryCode: null, province: 'Nowhere' });
    expect(setOf({ province: 'ontario' }, 'CA')).toEqual({ province: 'Ontario', provinceCode: 'ON' });
    expect(problemsOf({ province: 'Texas' }, { countryOfAddress: 'CA' })).toEqual([{ field: 'province', code: 'INVALID', message: 'Province is not a province of Canada' }]);
  });

  it('refuses countries not in the country table and provinces not of their country', () => {
    expect(problemsOf({ country: 'Atlantis' })).toEqual([{ field: 'country', code: 'INVALID', message: 'Country is not a known country' }]);
    for (const countryCode of ['CAN', '1A', 'ZZ', 'EU', '']) {
      expect(problemsOf({ countryCode: countryCode || ' x ' })).toEqual([{ field: 'countryCode', code: 'INVALID', message: 'Country code is invalid' }]);
    }
    expect(problemsOf({ country: 'Canada', province: 'Texas' })).toEqual([{ field: 'province', code: 'INVALID', message: 'Province is not a province of Canada' }]);
    expect(problemsOf({ countryCode: 'US', provinceCode: 'ZZ' })).toEqual([{ field: 'provinceCode', code: 'INVALID', message: 'Province code is not a province of United States' }]);
    // A province code is a code, not a name.
    expect(problemsOf({ countryCode: 'US', provinceCode: 'Texas' })).toEqual([{ field: 'provinceCode', code: 'INVALID', message: 'Province code is not a province of United States' }]);
  });

  it('writes an international phone number in E.164 and keeps a national one as written', () => {
    expect(setOf({ phone: '+1 (613) 555-0123' })).toEqual({ phone: '+16135550123' });
    expect(setOf({ phone: ' 555-1212 ' })).toEqual({ phone: '555-1212' });
    for (const phone of ['+12', '+1 613 555 0123 x5', '+0613555012']) expect(problemsOf({ phone })).toEqual([{ field: 'phone', code: 'INVALID', message: 'Phone is invalid' }]);
  });

  it('bounds every part, refuses what is not text or what Postgres cannot store, in the parts’ order', () => {
    const long = 'x'.repeat(MAX_ADDRESS_FIELD_LENGTH + 1);
    expect(setOf({ zip: ` ${'9'.repeat(MAX_ADDRESS_FIELD_LENGTH)} ` }).zip).toHaveLength(MAX_ADDRESS_FIELD_LENGTH);
    expect(problemsOf({ zip: long, city: 'a\u0000b', address1: ['1 Main St'], lastName: 'x\ud800', company: 7 })).toEqual([
      { field: 'lastName', code: 'INVALID', message: 'Last name contains a character that is not allowed' },
      { field: 'company', code: 'INVALID', message: 'Company is invalid' },
      { field: 'address1', code: 'INVALID', message: 'Address1 is invalid' },
      { field: 'city', code: 'INVALID', message: 'City contains a character that is not allowed' },
      { field: 'zip', code: 'TOO_LONG', message: `Zip is too long (maximum is ${MAX_ADDRESS_FIELD_LENGTH} characters)` },
    ]);
  });

  it('asks for the parts a use needs, named by its own labels', () => {
    const rules = { required: ['lastName', 'city', 'country'] as AddressField[], labels: { country: 'Country or region' } };
    expect(problemsOf({ lastName: ' ', city: 'c'.repeat(300), country: 'Narnia' }, rules)).toEqual([
      { field: 'lastName', code: 'BLANK', message: "Last name can't be blank" },
      { field: 'city', code: 'TOO_LONG', message: 'City is too long (maximum is 255 characters)' },
      { field: 'country', code: 'INVALID', message: 'Country or region is not a known country' },
    ]);
    expect(problemsOf({ lastName: 'Lovelace', city: 'London', country: 'gb' }, rules)).toEqual([]);
  });
});

describe('the address value', () => {
  it('makes its name from the names', () => {
    expect(addressName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(addressName({ firstName: null, lastName: 'Lovelace' })).toBe('Lovelace');
    expect(addressName({ firstName: null, lastName: null })).toBeNull();
  });

  it('starts blank, every part null, in the parts’ order', () => {
    expect(Object.entries(blankAddress())).toEqual(ADDRESS_FIELDS.map((field) => [field, null]));
  });
});

describe('address rules on arbitrary input', () => {
  // What people and attackers send: real countries and provinces by name and code, punctuation, NUL bytes, lone
  // surrogates, very long text.
  const words = fc.constantFrom('Canada', 'ca', 'CA', 'UK', 'us', 'United States', 'France', 'Côte d’Ivoire', 'Ontario', 'on', 'QC', 'Texas', 'district of columbia', '+1 613 555 0123', '+12', '555-1212', '');
  const hostile = fc.constantFrom('\u0000', '\ud800', 'a\udfffb', ' \t\n', '\u200b', '\ufeff', 'İ', 'ß', '𝒜');
  const text = fc.oneof(words, fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), hostile, fc.array(fc.oneof(words, hostile)).map((parts) => parts.join(' ')));
  const texts = fc.record(Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, fc.option(text, { nil: null })])) as Record<AddressField, fc.Arbitrary<string | null>>, { requiredKeys: [] });
  const anyValue = fc.oneof(text, fc.constant(null), fc.constant(undefined), fc.integer(), fc.boolean(), fc.array(text), fc.object());
  const anyInput = fc.record(Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, anyValue])) as Record<AddressField, fc.Arbitrary<unknown>>, { requiredKeys: [] });
  const country = fc.option(fc.constantFrom('CA', 'US', 'FR', 'XX'), { nil: undefined });

  it('normalises idempotently: normalising twice is normalising once', () => {
    fc.assert(
      fc.property(texts, country, (set, countryOfAddress) => {
        const once = normalizeAddress(set, countryOfAddress);
        expect(normalizeAddress(once, countryOfAddress)).toEqual(once);
      }),
      { numRuns: 2_000 },
    );
  });

  it('never throws, and what it accepts is normalised and accepted again unchanged', () => {
    fc.assert(
      fc.property(anyInput, country, (input, countryOfAddress) => {
        const { address, problems } = checkAddress(input, { countryOfAddress });
        if (problems.length > 0) return;
        expect(normalizeAddress(address, countryOfAddress)).toEqual(address);
        expect(checkAddress(address, { countryOfAddress })).toEqual({ address, problems: [] });
        for (const value of Object.values(address)) expect(value === null || (value.length > 0 && value.length <= MAX_ADDRESS_FIELD_LENGTH)).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('takes a megabyte of text in every part without throwing', () => {
    const mega = `${'Ontario '.repeat(1 << 17)}\u0000\ud800`;
    const input = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, mega])) as Address;
    expect(() => normalizeAddress(input, 'CA')).not.toThrow();
    expect(normalizeAddress(normalizeAddress(input, 'CA'), 'CA')).toEqual(normalizeAddress(input, 'CA'));
    const { problems } = checkAddress(input);
    expect(problems.map((p) => p.field)).toEqual([...ADDRESS_FIELDS]);
  });
});
