import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutboundHttp } from '@platform/http';

/** Microseconds per call of the outbound client and of a bare fetch, against one loopback server. */
export interface OutboundOverhead {
  calls: number;
  clientMicrosPerCall: number;
  fetchMicrosPerCall: number;
  /** Client time per call over fetch's (1 = no overhead). */
  ratio: number;
}

const CONCURRENCY = 10;

/**
 * `calls` GETs of a small body, CONCURRENCY at a time, through the outbound client (resolve, check, pinned
 * connection, a new one per call, capped body) and through Node's fetch used bare (pooled connections, no checks).
 */
export async function measureOutbound(calls: number): Promise<OutboundOverhead> {
  const server = http.createServer((_request, response) => response.end('{"ok":true}'));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  try {
    const client = new OutboundHttp({ allowedPrivateHosts: ['localhost'] });
    const viaClient = () => client.request(`http://localhost:${port}/`).then((r) => r.body.length);
    const viaFetch = () => fetch(`http://localhost:${port}/`).then(async (r) => (await r.arrayBuffer()).byteLength);
    await timed(100, viaClient);
    await timed(100, viaFetch);
    const clientSeconds = await timed(calls, viaClient);
    const fetchSeconds = await timed(calls, viaFetch);
    return {
      calls,
      clientMicrosPerCall: Math.round((clientSeconds * 1e6) / calls),
      fetchMicrosPerCall: Math.round((fetchSeconds * 1e6) / calls),
      ratio: Math.round((clientSeconds / fetchSeconds) * 100) / 100,
    };
  } finally {
    server.close();
  }
}

export function formatOutbound(o: OutboundOverhead): string {
  return `Outbound client: ${o.calls} GETs to a loopback server, ${CONCURRENCY} at a time: ${o.clientMicrosPerCall} µs per call against ${o.fetchMicrosPerCall} µs with fetch used bare (${o.ratio.toFixed(2)}x)`;
}

async function timed(calls: number, call: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < calls) await call();
    }),
  );
  return Number(process.hrtime.bigint() - started) / 1e9;
}
