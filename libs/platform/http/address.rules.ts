import ipaddr from 'ipaddr.js';

// Which addresses an outbound call may connect to: public unicast only. ipaddr.js names every special range (RFC
// 6890 and after); anything but `unicast` is refused, and an IPv6 address that carries an IPv4 one (mapped, NAT64,
// 6to4) is judged by the IPv4 address it carries.

/** Why an address may not be connected to, or null when it may (public unicast). */
export function forbiddenAddress(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const embedded = embeddedIpv4(parsed as ipaddr.IPv6);
    if (embedded) parsed = embedded;
  }
  const range = parsed.range();
  return range === 'unicast' ? null : `${range} address`;
}

// The IPv4 address an IPv6 one stands for: IPv4-mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::/96) and 6to4 (2002::/16).
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const range = address.range();
  const bytes = address.toByteArray();
  if (range === 'ipv4Mapped' || range === 'rfc6052') return new ipaddr.IPv4(bytes.slice(12, 16));
  if (range === '6to4') return new ipaddr.IPv4(bytes.slice(2, 6));
  return null;
}

/** The host part of a URL as an address when it is a literal one (`[::1]` unbracketed), else null. */
export function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) ? bare : null;
}

/** Host names that every outbound call refuses whatever they resolve to: the cloud metadata services' names. */
export const METADATA_HOSTS: ReadonlySet<string> = new Set(['metadata.google.internal', 'metadata', 'instance-data', 'instance-data.ec2.internal']);
