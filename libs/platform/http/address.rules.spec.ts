import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { forbiddenAddress, literalAddress } from './address.rules.js';

describe('forbiddenAddress', () => {
  it.each([
    '127.0.0.1', '127.255.255.254', '10.0.0.1', '172.16.5.4', '192.168.1.1', '100.64.0.1', '169.254.169.254', '0.0.0.0', '255.255.255.255',
    '224.0.0.1', '192.0.0.192', '192.0.2.1', '198.18.0.1', '240.0.0.1', '::1', '::', 'fe80::1', 'fc00::1', 'fd00:ec2::254', 'ff02::1',
    '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:169.254.169.254', '64:ff9b::7f00:1', '64:ff9b::a9fe:a9fe', '2002:7f00:1::',
    '2002:a00:1::1', '2001::1', '2001:db8::1', '100::1',
  ])('refuses %s', (address) => {
    expect(forbiddenAddress(address)).not.toBeNull();
  });

  it.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '2606:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8', '64:ff9b::808:808'])('allows %s', (address) => {
    expect(forbiddenAddress(address)).toBeNull();
  });

  it('refuses what is not an address', () => {
    expect(forbiddenAddress('localhost')).toBe('not an IP address');
    expect(forbiddenAddress('')).toBe('not an IP address');
  });

  it('allows exactly the public unicast IPv4 addresses, in any of their IPv6 forms too', () => {
    fc.assert(
      fc.property(fc.ipV4(), (address) => {
        const expected = ipaddr.parse(address).range() === 'unicast';
        const mapped = `::ffff:${address}`;
        return (forbiddenAddress(address) === null) === expected && (forbiddenAddress(mapped) === null) === expected;
      }),
    );
  });

  it('allows an IPv6 address only when ipaddr.js calls it unicast (or it carries a public IPv4 one)', () => {
    fc.assert(
      fc.property(fc.ipV6(), (address) => {
        const parsed = ipaddr.parse(address) as ipaddr.IPv6;
        const range = parsed.range();
        if (['ipv4Mapped', 'rfc6052', '6to4'].includes(range)) return true; // judged by the IPv4 address, above
        return (forbiddenAddress(address) === null) === (range === 'unicast');
      }),
    );
  });
});

describe('literalAddress', () => {
  it('reads bracketed IPv6 and dotted IPv4 hosts, nothing else', () => {
    expect(literalAddress('[::1]')).toBe('::1');
    expect(literalAddress('127.0.0.1')).toBe('127.0.0.1');
    expect(literalAddress('example.com')).toBeNull();
  });
});
