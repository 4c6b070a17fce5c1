import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutboundHttp } from '@platform/http';
import { table } from './report.js';
import { median, timed } from './timed-calls.js';

/** Microseconds per call of the outbound client and of a bare fetch, one mode of calling. */
export interface OutboundFigure {
  mode: 'sequential' | 'concurrent';
  /** Calls in flight at once. */
  inFlight: number;
  calls: number;
  clientMicrosPerCall: number;
  fetchMicrosPerCall: number;
  /** Client time per call over fetch's (1 = no overhead): the median of the rounds' ratios. */
  ratio: number;
}

const CONCURRENCY = 10;

/**
 * `calls` GETs of a small body from a loopback server, one at a time and CONCURRENCY at a time, through the outbound
 * client (resolve, check, a new pinned connection per call, capped body) and through Node's fetch used bare (pooled
 * keep-alive connections, no checks). Client and fetch take turns for `rounds` rounds, so a machine that slows down
 * for a while slows both alike; each figure is the median of its rounds.
 */
export async function measureOutbound(calls: number, rounds: number): Promise<OutboundFigure[]> {
  const server = http.createServer((_request, response) => response.end('{"ok":true}'));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://localhost:${(server.address() as AddressInfo).port}/`;
  try {
    const client = new OutboundHttp({ allowedPrivateHosts: ['localhost'] });
    const viaClient = () => client.request(url).then((r) => r.body.length);
    const viaFetch = () => fetch(url).then(async (r) => (await r.arrayBuffer()).byteLength);
    await timed(Math.min(calls, 100), CONCURRENCY, viaClient);
    await timed(Math.min(calls, 100), CONCURRENCY, viaFetch);
    const figures: OutboundFigure[] = [];
    for (const [mode, inFlight] of [['sequential', 1], ['concurrent', CONCURRENCY]] as const) {
      const client: number[] = [];
      const bare: number[] = [];
      for (let round = 0; round < rounds; round++) {
        client.push(await timed(calls, inFlight, viaClient));
        bare.push(await timed(calls, inFlight, viaFetch));
      }
      figures.push({
        mode,
        inFlight,
        calls,
        clientMicrosPerCall: Math.round((median(client) * 1e6) / calls),
        fetchMicrosPerCall: Math.round((median(bare) * 1e6) / calls),
        ratio: Math.round(median(client.map((seconds, i) => seconds / bare[i]!)) * 100) / 100,
      });
    }
    return figures;
  } finally {
    server.close();
  }
}

/** The outbound client's lines of the report. */
export function formatOutbound(figures: OutboundFigure[]): string {
  const rows = figures.map((f) => [f.mode, String(f.inFlight), String(f.calls), String(f.clientMicrosPerCall), String(f.fetchMicrosPerCall), `${f.ratio.toFixed(2)}x`]);
  return `Outbound client against fetch used bare, GETs of a loopback server (µs per call):\n${table(['mode', 'in flight', 'calls', 'client', 'fetch', 'ratio'], rows, 1)}`;
}
