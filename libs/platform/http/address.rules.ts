import ipaddr from 'ipaddr.js';
import { OutboundRefusedError } from './outbound.errors.js';

// What an outbound call may reach: http(s) URLs whose host is a public unicast address. ipaddr.js names the special
// ranges (RFC 6890 and after) and only `unicast` passes, so a range the library learns about is refused without a
// change here. An IPv6 address that carries an IPv4 one (mapped, well-known NAT64, 6to4) is judged by that IPv4 one.

const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
// ipaddr.js calls ::/96 unicast, but an IPv4-compatible address (::a.b.c.d, deprecated by RFC 4291) is tunnelled to
// its IPv4 address by a host with automatic tunnels, so the whole block is refused.
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');

/** Why an address may not be connected to (the name of its range), or null when it may: public unicast. */
export function forbiddenAddress(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const parsed = ipaddr.parse(address);
  const judged = parsed.kind() === 'ipv6' ? (carriedIpv4(parsed as ipaddr.IPv6) ?? parsed) : parsed;
  const range = judged.range();
  if (range !== 'unicast') return range;
  return judged.kind() === 'ipv6' && (judged as ipaddr.IPv6).match(IPV4_COMPATIBLE) ? 'ipv4Compatible' : null;
}

// The IPv4 address an IPv6 one stands for. Local-use NAT64 (64:ff9b:1::/48) places it where its operator chose, and
// Teredo obfuscates it: ipaddr.js' ranges refuse both whole.
function carriedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const bytes = address.toByteArray();
  if (address.isIPv4MappedAddress() || address.match(NAT64_WELL_KNOWN)) return new ipaddr.IPv4(bytes.slice(12, 16));
  if (address.range() === '6to4') return new ipaddr.IPv4(bytes.slice(2, 6));
  return null;
}

/** The host of a parsed URL as an address when it is a literal one (`[::1]` unbracketed), else null. */
export function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) ? bare : null;
}

/** A URL's host name as compared with the allow-list and the metadata names: lower case, without a final dot. */
export function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/\.$/, '');
}

/** Host names refused whatever they resolve to: the cloud metadata services' names. */
export const METADATA_HOSTS: ReadonlySet<string> = new Set(['metadata.google.internal', 'metadata', 'instance-data', 'instance-data.ec2.internal']);

/**
 * `value` as a URL an outbound call may follow (resolved against `base` for a redirect's Location): http or https
 * only. The WHATWG parser reads every IPv4 notation (`2130706433`, `0x7f.1`, `0177.0.0.1`, `127.1`) into dotted
 * decimal and every IPv6 one into its compressed form, so the address rules see one spelling of each address.
 */
export function outboundUrl(value: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    throw new OutboundRefusedError('BAD_URL', `${base ? 'A redirect' : 'The URL'} is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefusedError('BAD_SCHEME', `${url.protocol} URLs are not fetched: only http and https`);
  return url;
}
