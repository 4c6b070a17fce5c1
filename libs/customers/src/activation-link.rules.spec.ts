import fc from 'fast-check';
import { hashToken } from '@platform/auth';
import { activationExpiry, activationTokenIsLive, activationUrl, inviteRecord } from './activation-link.rules.js';
import type { CustomerInviteInput } from './customer.inputs.js';

const NOW = new Date('2026-11-24T12:00:00Z');
const TOKEN = 'q'.repeat(43);

describe('activation links', () => {
  it('are valid 30 days and open the hosted page on the caller’s origin', () => {
    expect(activationExpiry(NOW)).toEqual(new Date('2026-12-24T12:00:00Z'));
    expect(activationUrl('https://shop.example', 42, TOKEN)).toBe(`https://shop.example/account/activate/42/${TOKEN}`);
  });

  it('live only with the token whose hash is kept, until they expire', () => {
    const link = { hash: hashToken(TOKEN), expiresAt: activationExpiry(NOW) };
    expect(activationTokenIsLive(TOKEN, link, NOW)).toBe(true);
    expect(activationTokenIsLive(`${TOKEN.slice(1)}r`, link, NOW)).toBe(false);
    expect(activationTokenIsLive(TOKEN, link, link.expiresAt)).toBe(false);
    expect(activationTokenIsLive(TOKEN, { hash: null, expiresAt: null }, NOW)).toBe(false);
  });

  it('never throws on an arbitrary token', () => {
    const link = { hash: hashToken(TOKEN), expiresAt: activationExpiry(NOW) };
    fc.assert(fc.property(fc.string({ maxLength: 20_000 }), (token) => expect(activationTokenIsLive(token, link, NOW)).toBe(token === TOKEN)));
  });
});

describe('inviteRecord', () => {
  it('fills what the merchant leaves out with the defaults', () => {
    expect(inviteRecord({}, 'ada@example.com', 'shop.example')).toEqual({
      invite: { to: 'ada@example.com', from: 'no-reply@shop.example', bcc: [], subject: 'Customer account activation', customMessage: '' },
      problems: [],
    });
    expect(
      inviteRecord({ to: 'Grace@Example.com', from: 'owner@shop.example', bcc: ['a@b.example', 'a@b.example'], subject: 'Welcome aboard', customMessage: 'Hi!' }, null, 'shop.example')
        .invite,
    ).toEqual({ to: 'grace@example.com', from: 'owner@shop.example', bcc: ['a@b.example'], subject: 'Welcome aboard', customMessage: 'Hi!' });
  });

  it('needs somewhere to send it and valid addresses', () => {
    expect(inviteRecord({}, null, 'shop.example').problems.map(({ code, field, message }) => ({ code, field, message }))).toEqual([
      { code: 'INVALID', field: 'to', message: 'To is required: the customer has no email' },
    ]);
    expect(inviteRecord({ to: 'nope', bcc: ['x'], subject: 's\0' }, 'ada@example.com', 'shop.example').problems.map((p) => p.field)).toEqual(['to', 'bcc[0]', 'subject']);
  });

  it('never throws on arbitrary input', () => {
    const anyValue = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.array(fc.string()), fc.object());
    fc.assert(
      fc.property(fc.record({ to: anyValue, from: anyValue, bcc: anyValue, subject: anyValue, customMessage: anyValue }, { requiredKeys: [] }), (invite) => {
        const { invite: record, problems } = inviteRecord(invite as CustomerInviteInput, 'ada@example.com', 'shop.example');
        expect(record === null).toBe(problems.length > 0);
      }),
    );
  });
});
