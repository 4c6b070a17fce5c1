import { loadConfig } from './platform-config.js';
import { DEFAULT_PAYMENT_FEES, parsePaymentFees } from './payment-fees.js';

describe('PAYMENT_FEES', () => {
  it('defaults to the hosted-like rates of each plan', () => {
    expect(loadConfig({}).paymentFees).toEqual({ standard: { percent: '2.9', fixed: '0.30' }, plus: { percent: '2.4', fixed: '0.30' } });
  });

  it('replaces the plans it names and keeps the others', () => {
    expect(parsePaymentFees('plus:2.15%+0.25, enterprise:1.9%+0')).toEqual({ ...DEFAULT_PAYMENT_FEES, plus: { percent: '2.15', fixed: '0.25' }, enterprise: { percent: '1.9', fixed: '0' } });
    expect(parsePaymentFees('')).toEqual(DEFAULT_PAYMENT_FEES);
  });

  it.each(['standard:2.9', 'standard:2.9%', 'standard:-1%+0.30', 'standard:2.9%+0.301', 'Standard:2.9%+0.30', 'standard:1e2%+0'])('refuses %s naming the variable', (value) => {
    expect(() => loadConfig({ PAYMENT_FEES: value })).toThrow(/PAYMENT_FEES/);
  });
});
