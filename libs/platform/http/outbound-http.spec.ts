import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import type { ResolvedAddress } from './dns-resolver.js';
import { OutboundHttp } from './outbound-http.js';
import { OutboundRefusedError } from './outbound.errors.js';

// The client's decision on a URL (`check`: what a call would refuse, without connecting) against ipaddr.js' range of
// the canonical address, for addresses written in every notation a URL accepts and for names resolving to them.

// The canonical address' verdict: ipaddr.js calls it unicast; IPv4 carried in IPv6 (mapped, well-known NAT64, 6to4)
// is judged as that IPv4 address; IPv4-compatible addresses (::/96) are refused.
function publicUnicast(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (address.kind() === 'ipv4') return address.range() === 'unicast';
  const v6 = address as ipaddr.IPv6;
  const bytes = v6.toByteArray();
  if (v6.isIPv4MappedAddress() || v6.match(ipaddr.IPv6.parseCIDR('64:ff9b::/96'))) return publicUnicast(new ipaddr.IPv4(bytes.slice(12)));
  if (v6.match(ipaddr.IPv6.parseCIDR('2002::/16'))) return publicUnicast(new ipaddr.IPv4(bytes.slice(2, 6)));
  return v6.range() === 'unicast' && !v6.match(ipaddr.IPv6.parseCIDR('::/96'));
}

const unresolvable = async (host: string): Promise<ResolvedAddress[]> => {
  throw new Error(`a literal was resolved: ${host}`);
};
const literals = new OutboundHttp({ resolver: unresolvable });

// 'allowed', 'PRIVATE_ADDRESS' or another reason (a failure of the property).
async function decision(client: OutboundHttp, url: string): Promise<string> {
  try {
    await client.check(url);
    return 'allowed';
  } catch (error) {
    return error instanceof OutboundRefusedError ? error.reason : String(error);
  }
}
const verdict = (allowed: boolean) => (allowed ? 'allowed' : 'PRIVATE_ADDRESS');

// Bytes of IPv4 addresses, half of them in the special ranges' first octets.
const ipv4Bytes = fc.oneof(
  fc.ipV4().map((text) => text.split('.').map(Number)),
  fc.tuple(fc.constantFrom(0, 10, 100, 127, 169, 172, 192, 198, 203, 224, 240, 255), fc.nat(255), fc.nat(255), fc.nat(255)).map((bytes) => [...bytes]),
);

// Every way a URL may spell an IPv4 address, as the address itself and carried in IPv6.
function ipv4Notations(bytes: number[]): string[] {
  const [a, b, c, d] = bytes as [number, number, number, number];
  const n = a * 2 ** 24 + b * 2 ** 16 + c * 2 ** 8 + d;
  const hex = (x: number) => x.toString(16);
  const [hi, lo] = [hex(a * 256 + b), hex(c * 256 + d)];
  const dotted = bytes.join('.');
  const fullWidth = [...dotted].map((ch) => (ch === '.' ? '．' : String.fromCharCode(0xff10 + Number(ch)))).join('');
  return [
    dotted, `${dotted}.`, String(n), `0x${hex(n)}`, `0X${hex(n).toUpperCase()}`, `0${n.toString(8)}`, `00${n.toString(8)}`,
    bytes.map((x) => `0${x.toString(8)}`).join('.'), bytes.map((x) => `0x${hex(x)}`).join('.'), `0x${hex(a)}.0${b.toString(8)}.${c}.${d}`,
    `${a}.${b}.${c * 256 + d}`, `${a}.${b * 2 ** 16 + c * 256 + d}`, `0x${hex(a)}.0x${hex(b * 2 ** 16 + c * 256 + d)}`,
    fullWidth, `%3${String(a)[0]}${String(a).slice(1)}.${b}.${c}.${d}`,
    `[::ffff:${dotted}]`, `[::FFFF:${hi}:${lo}]`, `[0:0:0:0:0:ffff:${hi}:${lo}]`, `[0000:0000:0000:0000:0000:ffff:${dotted}]`,
    `[64:ff9b::${dotted}]`, `[64:FF9B:0:0:0:0:${hi}:${lo}]`, `[2002:${hi}:${lo}::1]`, `[2002:${hi}:${lo}:ffff::]`,
  ];
}

// IPv6 addresses, most under a prefix that means something (special ranges, IPv4 carriers, public blocks).
const PREFIXES: number[][] = [
  [], [0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0xffff], [0, 0, 0, 0, 0xffff, 0], [0x64, 0xff9b, 0, 0, 0, 0], [0x64, 0xff9b, 1], [0x2002], [0x2001, 0],
  [0x2001, 0xdb8], [0x2001, 0x2, 0], [0xfe80], [0xfc00], [0xfd00, 0xec2], [0xfec0], [0xff02], [0x100, 0, 0, 0], [0x3fff], [0x2606, 0x4700], [0x2a00, 0x1450],
];
const ipv6 = fc.oneof(
  fc.ipV6().map((text) => ipaddr.IPv6.parse(text)),
  fc.tuple(fc.constantFrom(...PREFIXES), fc.array(fc.nat(0xffff), { minLength: 8, maxLength: 8 })).map(([prefix, groups]) => new ipaddr.IPv6([...prefix, ...groups.slice(prefix.length)])),
);
const fixedLength = (address: ipaddr.IPv6) => address.parts.map((part) => part.toString(16).padStart(4, '0')).join(':');
const ipv6Notations = (address: ipaddr.IPv6) => [address.toString(), address.toNormalizedString(), fixedLength(address).toUpperCase()].map((text) => `[${text}]`);

describe('OutboundHttp.check', () => {
  it('decides every notation of an IPv4 address as ipaddr.js classifies the address (property)', async () => {
    await fc.assert(
      fc.asyncProperty(ipv4Bytes, async (bytes) => {
        const expected = verdict(publicUnicast(ipaddr.fromByteArray(bytes)));
        for (const host of ipv4Notations(bytes)) expect({ host, decision: await decision(literals, `http://${host}:8080/x`) }).toEqual({ host, decision: expected });
        // IPv4-compatible IPv6 (::a.b.c.d) is refused whatever it carries.
        expect(await decision(literals, `http://[::${bytes.join('.')}]/`)).toBe('PRIVATE_ADDRESS');
      }),
      { numRuns: 300 },
    );
  });

  it('decides the notations fast-check knows (hex, octal, short) as ipaddr.js reads them (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.ipV4Extended(), async (host) => {
        expect(await decision(literals, `https://${host}/`)).toBe(verdict(publicUnicast(ipaddr.parse(host))));
      }),
      { numRuns: 300 },
    );
  });

  it('decides every notation of an IPv6 address as ipaddr.js classifies it (property)', async () => {
    await fc.assert(
      fc.asyncProperty(ipv6, async (address) => {
        const expected = verdict(publicUnicast(address));
        for (const host of ipv6Notations(address)) expect({ host, decision: await decision(literals, `http://${host}/`) }).toEqual({ host, decision: expected });
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a name when any address it resolves to is refused, and lets an allowed name through (property)', async () => {
    const address = fc.oneof(ipv4Bytes.map((bytes) => ipaddr.fromByteArray(bytes)), ipv6);
    await fc.assert(
      fc.asyncProperty(fc.array(address, { minLength: 1, maxLength: 4 }), async (addresses) => {
        const answers = addresses.map((a) => ({ address: a.toString(), family: a.kind() === 'ipv6' ? (6 as const) : (4 as const) }));
        const client = new OutboundHttp({ resolver: async () => answers, allowedPrivateHosts: ['Intranet.Test.'] });
        expect(await decision(client, 'https://name.test/')).toBe(verdict(addresses.every(publicUnicast)));
        expect(await decision(client, 'https://intranet.test/')).toBe('allowed');
      }),
      { numRuns: 300 },
    );
  });

  it('refuses the cloud metadata names whatever they resolve to, even when allowed', async () => {
    const client = new OutboundHttp({ resolver: async () => [{ address: '93.184.216.34', family: 4 }], allowedPrivateHosts: ['metadata.google.internal'] });
    for (const host of ['metadata.google.internal', 'METADATA.Google.Internal.', 'metadata', 'instance-data', 'instance-data.ec2.internal']) {
      expect({ host, decision: await decision(client, `http://${host}/computeMetadata/v1/`) }).toEqual({ host, decision: 'PRIVATE_ADDRESS' });
    }
    expect(await decision(client, 'http://metadata.example.com/')).toBe('allowed');
  });

  it('says DNS when a name has no address or an answer is no address', async () => {
    const answers: Record<string, ResolvedAddress[]> = { 'none.test': [], 'odd.test': [{ address: 'localhost', family: 4 }] };
    const client = new OutboundHttp({ resolver: async (host) => answers[host] ?? Promise.reject(new Error('ENOTFOUND')) });
    for (const host of ['none.test', 'odd.test', 'missing.test']) expect(await decision(client, `http://${host}/`)).toBe('DNS');
  });

  it('names the URL in a refusal, never the address a name resolved to', async () => {
    const client = new OutboundHttp({ resolver: async () => [{ address: '10.20.30.40', family: 4 }] });
    const error = await client.check('http://intranet.example.com/hook').then(() => null, (e: unknown) => e as Error);
    expect(error?.message).toContain('http://intranet.example.com');
    expect(error?.message).not.toContain('10.20.30.40');
  });

  it('refuses limits that are no numbers before calling out', async () => {
    for (const limits of [{ maxBytes: -1 }, { maxBytes: Number.NaN }, { timeoutMs: 0 }, { connectTimeoutMs: Number.POSITIVE_INFINITY }, { maxRedirects: -1 }]) {
      await expect(literals.request('http://93.184.216.34/', limits)).rejects.toThrow(RangeError);
    }
  });
});
