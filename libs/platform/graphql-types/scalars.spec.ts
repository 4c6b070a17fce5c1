import { Kind } from 'graphql';
import { DecimalScalar } from '@platform/money';
import { BigIntScalar, UnsignedInt64Scalar } from './scalars.js';

describe('64-bit integer scalars', () => {
  it.each([
    [BigIntScalar, '-9223372036854775808', true],
    [BigIntScalar, '9223372036854775807', true],
    [BigIntScalar, '9223372036854775808', false],
    [BigIntScalar, '-9223372036854775809', false],
    [UnsignedInt64Scalar, '18446744073709551615', true],
    [UnsignedInt64Scalar, '18446744073709551616', false],
    [UnsignedInt64Scalar, '-1', false],
    [UnsignedInt64Scalar, '-0', false],
    [BigIntScalar, '1e3', false],
    [BigIntScalar, ' 1', false],
    [BigIntScalar, '', false],
  ])('%s parses %j: %s', (scalar, text, valid) => {
    if (valid) expect(scalar.parseValue(text)).toBe(text);
    else expect(() => scalar.parseValue(text)).toThrow(`${scalar.name} cannot represent`);
  });

  it('takes safe integers and integer literals, serializes as strings, refuses floats and other kinds', () => {
    expect(BigIntScalar.parseValue(-42)).toBe('-42');
    expect(UnsignedInt64Scalar.parseLiteral({ kind: Kind.INT, value: '42' }, undefined)).toBe('42');
    expect(UnsignedInt64Scalar.parseLiteral({ kind: Kind.STRING, value: '42' }, undefined)).toBe('42');
    expect(() => UnsignedInt64Scalar.parseLiteral({ kind: Kind.FLOAT, value: '4.2' }, undefined)).toThrow();
    expect(() => BigIntScalar.parseValue(2 ** 53)).toThrow();
    expect(() => BigIntScalar.parseValue(true)).toThrow();
    expect(BigIntScalar.serialize(7)).toBe('7');
  });
});

describe('Decimal', () => {
  it('keeps decimal strings exact and refuses what is not a decimal', () => {
    expect(DecimalScalar.parseValue('19.90')).toBe('19.90');
    expect(() => DecimalScalar.parseValue('1,5')).toThrow('Decimal cannot represent');
  });
});
