import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { CallDeadline } from './call-deadline.js';
import type { ResolvedAddress } from './dns-resolver.js';
import { OutboundRefusedError } from './outbound.errors.js';
import type { Hop } from './redirect.rules.js';

/** The platform's User-Agent on every outbound call: whoever receives one can tell what called and where to look. */
export const PLATFORM_USER_AGENT = 'Platform/0.1 (self-hosted commerce platform; outbound)';

/**
 * One request to `url` over a new connection to one of `addresses`, which were checked: the name stays in Host and in
 * TLS (SNI, the certificate check), but the connection never resolves it again. Resolves with the response's head.
 */
export function sendPinned(url: URL, addresses: readonly ResolvedAddress[], hop: Hop, connectTimeoutMs: number, deadline: CallDeadline): Promise<IncomingMessage> {
  // Node asks for every address when it tries families in turn (autoSelectFamily), else for one.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) (callback as (error: null, all: ResolvedAddress[]) => void)(null, [...addresses]);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
  const headers: Record<string, string> = { ...hop.headers, 'user-agent': PLATFORM_USER_AGENT };
  if (hop.body !== undefined) headers['content-length'] = String(Buffer.byteLength(hop.body));
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: hop.method,
      headers,
      lookup: pinned,
      // Never pooled: a pooled connection could carry a later call for the same name to an address not checked for it.
      agent: false,
      signal: deadline.signal,
    });
    // Connected means the TLS handshake done too: a server that accepts and then says nothing holds no call.
    const connecting = setTimeout(() => request.destroy(new OutboundRefusedError('TIMEOUT', `${url.origin} did not accept a connection within ${connectTimeoutMs} ms`)), connectTimeoutMs);
    request.once('socket', (socket) => socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => clearTimeout(connecting)));
    request.once('response', (response) => {
      clearTimeout(connecting);
      resolve(response);
    });
    request.once('error', (error) => {
      clearTimeout(connecting);
      reject(deadline.explain(error, url, 'CONNECT'));
    });
    request.end(hop.body);
  });
}
