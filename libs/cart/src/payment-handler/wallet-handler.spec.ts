import { WalletPaymentHandler } from './wallet-handler.js';
import { walletSchemas } from './wallet-handler-schemas.js';

describe('the test wallet handler', () => {
  const handler = new WalletPaymentHandler();

  it('accepts its own configuration at start and in a checkout response', () => {
    expect(() => handler.onModuleInit()).not.toThrow();
    expect(handler.response('Acme', 'CAD')).toEqual({ id: 'wallet', version: '2026-01-23', config: { environment: 'test', merchant_name: 'Acme', accepted_currencies: ['CAD'] } });
  });

  it('turns a well-formed test token into an instrument; the declined token is declined', () => {
    const ok = handler.instrument('tok_test_approved');
    expect(ok.problems).toBeUndefined();
    const { instrument } = ok as Exclude<typeof ok, { problems: string[] }>;
    expect(instrument).toMatchObject({ handler_id: 'wallet', type: 'wallet', credential: { type: 'wallet_token', token: 'tok_test_approved' } });
    expect(instrument.id).toMatch(/^pi_[0-9a-f]{24}$/);
    expect(handler.charge(instrument)).toEqual({ approved: true, gateway: 'dev.platform.wallet_handler' });
    const declined = handler.instrument('tok_test_declined') as { instrument: any };
    expect(handler.charge(declined.instrument).approved).toBe(false);
  });

  it.each([
    ['', 'Wallet token must look like tok_test_approved'],
    ['4242424242424242', 'Wallet token must look like tok_test_approved'],
    ['tok_test_<script>', 'Wallet token must look like tok_test_approved'],
    ['tok_test_a\u0000b', 'Wallet token must look like tok_test_approved'],
    [`tok_test_${'a'.repeat(49)}`, 'Wallet token must look like tok_test_approved'],
    [['tok_test_a', 'tok_test_b'], 'Wallet token must be given once, as text'],
    [undefined, 'Wallet token is required'],
  ])('refuses %p with a message for the buyer', (token, message) => {
    const result = handler.instrument(token);
    expect(result.problems?.[0]).toContain(message);
  });

  it('serves every document with ids and references on the origin asked', () => {
    const docs = walletSchemas('https://acme.example.com');
    for (const doc of Object.values(docs)) {
      expect(doc.$id).toMatch(/^https:\/\/acme\.example\.com\/schemas\//);
      expect(JSON.stringify(doc)).not.toContain('schemas.platform.localhost');
    }
    expect(Object.keys(docs.handler.$defs as object)).toEqual(['token', 'instrument', 'dev.platform.wallet_handler']);
  });
});
