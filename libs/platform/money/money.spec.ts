import { Decimal, formatMoney, parseMoney } from './money.js';

describe('money', () => {
  it('accepts exact amounts and pads them to two places', () => {
    expect(parseMoney('5')).toBe('5.00');
    expect(parseMoney('19.9')).toBe('19.90');
    expect(parseMoney('0.10')).toBe('0.10');
  });

  it.each(['-1', '1.999', '1e3', '', ' 1', 1.5])('refuses %p', (value) => {
    expect(parseMoney(value)).toBeNull();
  });

  it('adds without binary floating point noise', () => {
    expect(formatMoney(new Decimal('0.1').plus('0.2'))).toBe('0.30');
    expect(formatMoney(new Decimal('19.99').times(3))).toBe('59.97');
  });
});
