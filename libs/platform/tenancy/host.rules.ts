import { isIPv4, isIPv6 } from 'node:net';

/** A Host header that passed `parseHost`: a lowercase host name or IP literal (IPv6 in brackets) and its port. */
export interface RequestHost {
  readonly name: string;
  readonly port: number | null;
}

/** Longest Host header read: a DNS name is at most 253 characters, a port adds six. */
export const MAX_HOST_LENGTH = 259;

// Printable ASCII only: no whitespace, CR, LF or anything a URL would have to escape.
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;
// A name or bracketed IPv6 literal, then an optional port: nothing else (no userinfo `@`, path `/`, `?` or `#`).
const HOST_AND_PORT = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::([0-9]{1,5}))?$/;
const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const NUMERIC = /^[0-9]+$/;
const PORT = /^[1-9][0-9]{0,4}$/;

/**
 * The Host header as the platform reads it, or null when it is not a syntactically valid host and port: every
 * shop lookup and every absolute URL starts from this, never from the header's text.
 */
export function parseHost(header: string | undefined): RequestHost | null {
  if (typeof header !== 'string' || header.length === 0 || header.length > MAX_HOST_LENGTH) return null;
  if (!PRINTABLE_ASCII.test(header)) return null;
  const match = HOST_AND_PORT.exec(header.toLowerCase());
  if (!match) return null;
  const [, name, portText] = match as unknown as [string, string, string | undefined];
  if (!validName(name)) return null;
  if (portText === undefined) return { name, port: null };
  const port = Number(portText);
  return PORT.test(portText) && port <= 65_535 ? { name, port } : null;
}

/** `name[:port]`, as a URL's authority. */
export function hostText(host: RequestHost): string {
  return host.port === null ? host.name : `${host.name}:${host.port}`;
}

/** A host that only reaches the machine itself (RFC 6761 `localhost` and `*.localhost`, 127/8, `[::1]`): development. */
export function isDevelopmentHost(name: string): boolean {
  return name === 'localhost' || name.endsWith('.localhost') || name === '[::1]' || (isIPv4(name) && name.startsWith('127.'));
}

function validName(name: string): boolean {
  if (name.startsWith('[')) return isIPv6(name.slice(1, -1));
  const labels = name.split('.');
  // All-numeric names are IPv4 literals or nothing (`999.1.1.1`, `1.2.3` are not hosts); so is a numeric last label.
  if (NUMERIC.test(labels.at(-1)!)) return isIPv4(name);
  // A trailing dot (an empty last label) is refused too: one spelling per host.
  return name.length <= 253 && labels.every((label) => DNS_LABEL.test(label));
}
