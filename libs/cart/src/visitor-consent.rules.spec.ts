import fc from 'fast-check';
import { decodeVisitorConsent, encodeVisitorConsent, givesConsent } from './visitor-consent.rules.js';

const KEY = Buffer.alloc(32, 7);
const TOKEN = 'a'.repeat(32);
const choice = fc.option(fc.boolean(), { nil: undefined });
const consents = fc.record({ analytics: choice, preferences: choice, marketing: choice, saleOfData: choice });

describe('visitor consent (_cs)', () => {
  it('round-trips every combination of given and missing choices in 19 URL-safe characters', () => {
    fc.assert(
      fc.property(consents, (consent) => {
        const cs = encodeVisitorConsent(consent, TOKEN, KEY);
        expect(cs).toMatch(/^[A-Za-z0-9_-]{19}$/);
        expect(decodeVisitorConsent(cs, TOKEN, KEY)).toEqual({
          analytics: consent.analytics ?? null,
          preferences: consent.preferences ?? null,
          marketing: consent.marketing ?? null,
          saleOfData: consent.saleOfData ?? null,
        });
      }),
    );
  });

  it('refuses a value with any character changed', () => {
    const cs = encodeVisitorConsent({ analytics: true, marketing: false }, TOKEN, KEY);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let i = 0; i < cs.length; i++) {
      for (const c of alphabet) {
        if (c === cs[i]) continue;
        expect(decodeVisitorConsent(`${cs.slice(0, i)}${c}${cs.slice(i + 1)}`, TOKEN, KEY)).toBeNull();
      }
    }
  });

  it('refuses a value signed for another cart or with another key', () => {
    const cs = encodeVisitorConsent({ saleOfData: true }, TOKEN, KEY);
    expect(decodeVisitorConsent(cs, 'b'.repeat(32), KEY)).toBeNull();
    expect(decodeVisitorConsent(cs, TOKEN, Buffer.alloc(32, 8))).toBeNull();
  });

  it('refuses what is not a value at all', () => {
    for (const cs of [undefined, null, 42, '', 'x', 'A'.repeat(19), 'A'.repeat(20), `${'A'.repeat(18)}=`, '\0'.repeat(19), ['abc']]) {
      expect(decodeVisitorConsent(cs, TOKEN, KEY)).toBeNull();
    }
  });

  it('counts an empty consent or only nulls as no consent', () => {
    expect(givesConsent(undefined)).toBe(false);
    expect(givesConsent({})).toBe(false);
    expect(givesConsent({ analytics: null })).toBe(false);
    expect(givesConsent({ analytics: false })).toBe(true);
  });
});
