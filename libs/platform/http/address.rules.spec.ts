import { OutboundRefusedError } from './outbound.errors.js';
import { forbiddenAddress, hostOf, literalAddress, outboundUrl } from './address.rules.js';

describe('forbiddenAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'], ['127.255.255.254', 'loopback'], ['10.0.0.1', 'private'], ['172.16.5.4', 'private'], ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrierGradeNat'], ['100.100.100.200', 'carrierGradeNat'], ['169.254.169.254', 'linkLocal'], ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'], ['255.255.255.255', 'broadcast'], ['224.0.0.1', 'multicast'], ['239.255.255.250', 'multicast'],
    ['192.0.0.192', 'reserved'], ['192.0.2.1', 'reserved'], ['198.51.100.7', 'reserved'], ['203.0.113.9', 'reserved'], ['198.18.0.1', 'reserved'],
    ['240.0.0.1', 'reserved'], ['::1', 'loopback'], ['::', 'unspecified'], ['fe80::1', 'linkLocal'], ['fe80::1%eth0', 'linkLocal'],
    ['fc00::1', 'uniqueLocal'], ['fd00:ec2::254', 'uniqueLocal'], ['ff02::1', 'multicast'], ['2001:db8::1', 'reserved'], ['100::1', 'discard'],
    ['fec0::1', 'deprecatedSiteLocal'], ['2001::1', 'teredo'], ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo'],
  ])('refuses %s (%s)', (address, range) => {
    expect(forbiddenAddress(address)).toBe(range);
  });

  // IPv4 carried in IPv6 is judged as the IPv4 address.
  it.each([
    ['::ffff:127.0.0.1', 'loopback'], ['::ffff:7f00:1', 'loopback'], ['::ffff:10.0.0.1', 'private'], ['::ffff:169.254.169.254', 'linkLocal'],
    ['64:ff9b::7f00:1', 'loopback'], ['64:ff9b::a9fe:a9fe', 'linkLocal'], ['2002:7f00:1::', 'loopback'], ['2002:a00:1::1', 'private'],
    ['2002:c0a8:101::1', 'private'],
  ])('refuses %s, which carries a %s IPv4 address', (address, range) => {
    expect(forbiddenAddress(address)).toBe(range);
  });

  // Blocks that carry an IPv4 address somewhere the rules cannot be sure of, refused whole.
  it.each([
    ['::7f00:1', 'ipv4Compatible'], ['::808:808', 'ipv4Compatible'], ['::ffff:0:7f00:1', 'rfc6145'],
    ['64:ff9b:1::808:808', 'rfc6052'], ['64:ff9b:1:a00:0:100:808:808', 'rfc6052'],
  ])('refuses %s (%s)', (address, range) => {
    expect(forbiddenAddress(address)).toBe(range);
  });

  it.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '2606:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'])(
    'allows %s',
    (address) => {
      expect(forbiddenAddress(address)).toBeNull();
    },
  );

  it('refuses what is not an address', () => {
    expect(forbiddenAddress('localhost')).toBe('not an IP address');
    expect(forbiddenAddress('')).toBe('not an IP address');
  });
});

describe('literalAddress', () => {
  it('reads bracketed IPv6 and dotted IPv4 hosts, nothing else', () => {
    expect(literalAddress('[::1]')).toBe('::1');
    expect(literalAddress('127.0.0.1')).toBe('127.0.0.1');
    expect(literalAddress('example.com')).toBeNull();
    expect(literalAddress('[example.com]')).toBeNull();
  });
});

describe('outboundUrl', () => {
  it('reads every IPv4 notation as dotted decimal and IPv6 in its compressed form', () => {
    for (const host of ['127.0.0.1', '2130706433', '0x7f.1', '0177.0.0.1', '127.1', '0x7F000001', '017700000001', '127.0.1', '127.0.0.1.', '%31%32%37.0.0.1', '１２７.０.０.１']) {
      expect(outboundUrl(`http://${host}:8080/`).hostname).toBe('127.0.0.1');
    }
    expect(outboundUrl('http://[0:0:0:0:0:FFFF:127.0.0.1]/').hostname).toBe('[::ffff:7f00:1]');
  });

  it('refuses other schemes and what is not a URL', () => {
    const reason = (value: string, base?: URL) => {
      try {
        outboundUrl(value, base);
        return null;
      } catch (error) {
        return (error as OutboundRefusedError).reason;
      }
    };
    for (const url of ['file:///etc/passwd', 'ftp://example.com/', 'data:text/plain,hi', 'javascript:alert(1)', 'gopher://x/', 'ws://x/']) expect(reason(url)).toBe('BAD_SCHEME');
    for (const url of ['', 'not a url', 'http://', 'http://exa mple.com/', 'http://4294967296/', 'http://[fe80::1%25eth0]/']) expect(reason(url)).toBe('BAD_URL');
    expect(reason('/next', new URL('https://example.com/a'))).toBeNull();
    expect(reason('file:///etc/passwd', new URL('https://example.com/a'))).toBe('BAD_SCHEME');
  });
});

describe('hostOf', () => {
  it('compares names in lower case without a final dot', () => {
    expect(hostOf(new URL('http://Metadata.Google.Internal./'))).toBe('metadata.google.internal');
  });
});
