import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import type { AlongsideLoad, AlongsideResult, Journey, LoadPlan, LoadRequest, LoadResult } from './load-plan.js';

// The load generator process: one plan per line on stdin, one JSON result per line on stdout, until stdin closes.

interface Cannon {
  result: Promise<autocannon.Result>;
  /** Answers the request did not expect that autocannon counts as fine (a GraphQL error in a 200, data where a refusal was due). */
  unexpected(): number;
}

// Unique values start with this process's id and start time, so no two runs (or servers) of a bench share one.
const runTag = `${process.pid.toString(36)}${Date.now().toString(36)}`;
let uniques = 0;

function cannon(url: string, connections: number, request: LoadRequest, seconds: number, rate?: number): Cannon {
  if (request.journey) return journeyCannon(url, connections, request, request.journey, seconds);
  let unexpected = 0;
  const { bodies, bodyHeaders, freshIpHeader, followLink, unique } = request;
  const refused = request.expect === 'refused';
  const varies = (bodies !== undefined && bodies.length > 1) || freshIpHeader !== undefined || followLink || unique !== undefined;
  // Next pages the answers linked to, not yet requested (shared by the connections: each takes the next waiting).
  const nextPages: string[] = [];
  let ip = 0;
  const result = autocannon({
    url,
    connections,
    duration: seconds,
    ...(rate ? { overallRate: rate } : {}),
    requests: [
      {
        method: request.method,
        path: request.path,
        headers: { ...request.headers, ...bodyHeaders?.[0] },
        ...(bodies?.length ? { body: bodies[0] } : {}),
        ...(varies
          ? {
              setupRequest: (req) => {
                const i = bodies && bodies.length > 1 ? Math.floor(Math.random() * bodies.length) : 0;
                const headers = { ...request.headers, ...bodyHeaders?.[i] };
                // 10.0.0.1, 10.0.0.2, …: every request a buyer of its own.
                if (freshIpHeader) headers[freshIpHeader] = `10.${(++ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
                const body = bodies && unique ? bodies[i]!.replaceAll(unique, `${runTag}-${++uniques}`) : bodies?.[i];
                const path = followLink ? (nextPages.shift() ?? request.path) : request.path;
                return { ...req, path, headers, ...(body !== undefined ? { body } : {}) };
              },
            }
          : {}),
        onResponse: (status, body, _context, headers) => {
          if (followLink) {
            const next = nextLink(headers);
            if (next) nextPages.push(next);
          }
          // A GraphQL failure answers 200; look for the envelope's top-level `errors`.
          const graphqlError = status === 200 && body.startsWith('{"errors"');
          if (refused ? status < 300 && !graphqlError : graphqlError) unexpected++;
        },
      },
    ],
  });
  return { result, unexpected: () => unexpected };
}

// Walks of every measurement of this process are buyers never seen before (their per-IP buckets start full).
let buyers = 0;
// 10.0.0.1, 10.0.0.2, …: a buyer of its own.
const address = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

// A journey: autocannon sends the steps in order on each connection, with a context of its own per walk (reset when
// the walk starts again), where the first answer leaves what later bodies need and the walk's buyer address.
function journeyCannon(url: string, connections: number, request: LoadRequest, journey: Journey, seconds: number): Cannon {
  let unexpected = 0;
  const capture = new RegExp(journey.capture);
  const ipHeader = request.freshIpHeader;
  const result = autocannon({
    url,
    connections,
    duration: seconds,
    requests: journey.bodies.map((body, step) => ({
      method: request.method,
      path: request.path,
      headers: request.headers,
      body,
      setupRequest: (req: autocannon.Request, state: object) => {
        const context = state as Record<string, string>;
        if (step === 0) context.buyer = address(++buyers);
        const headers = { ...request.headers, ...(ipHeader ? { [ipHeader]: context.buyer! } : {}) };
        return { ...req, headers, body: step === 0 ? body : body.replaceAll(journey.placeholder, context.captured ?? '') };
      },
      onResponse: (status: number, answer: string, state: object) => {
        const context = state as Record<string, string>;
        if (step === 0) context.captured = capture.exec(answer)?.[1] ?? '';
        // A write that answers problems (a userError) did not write what the journey measures.
        if (status === 200 && (answer.startsWith('{"errors"') || answer.includes('"userErrors":[{'))) unexpected++;
        if (step === 0 && !context.captured) unexpected++;
      },
    })),
  });
  return { result, unexpected: () => unexpected };
}

// An alongside load that starts `startAfter` seconds into the measurement (at most half of it) and runs to its end.
function laterCannon(url: string, load: AlongsideLoad, seconds: number): Cannon {
  const delay = Math.min(load.startAfter ?? 0, seconds / 2);
  if (delay <= 0) return cannon(url, load.connections, load.request, seconds, load.rate);
  let started: Cannon | undefined;
  const result = new Promise((resolve) => setTimeout(resolve, delay * 1000)).then(() => {
    started = cannon(url, load.connections, load.request, seconds - delay, load.rate);
    return started.result;
  });
  return { result, unexpected: () => started?.unexpected() ?? 0 };
}

// The path and query of the Link header's rel="next" target (RFC 8288), if any.
function nextLink(headers: Record<string, string | string[] | undefined> | undefined): string | undefined {
  const entry = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'link')?.[1];
  const link = [entry ?? []].flat().join(', ');
  const target = /<([^>]+)>;\s*rel="next"/.exec(link)?.[1];
  if (!target) return undefined;
  const url = new URL(target);
  return `${url.pathname}${url.search}`;
}

function summary(result: autocannon.Result, unexpected: number, refused: boolean): Omit<LoadResult, 'alongside' | 'serverCpuMs'> {
  const throttled = result.statusCodeStats?.['429']?.count ?? 0;
  // Refusals may be 4xx (a malformed document is a 400); data answers must be 2xx. 429s are counted apart.
  const wrongStatus = refused ? result['3xx'] + result['5xx'] : result.non2xx - throttled;
  return {
    requestsPerSecond: Math.round((result.requests.total / Math.max(0.001, result.duration)) * 10) / 10,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + wrongStatus + unexpected,
    throttled,
  };
}

// utime + stime of a process in ms (Linux counts them in ticks of 10 ms); undefined elsewhere.
function cpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

async function measured(plan: LoadPlan, seconds: number): Promise<LoadResult> {
  const cpuBefore = cpuMs(plan.serverPid);
  const main = cannon(plan.url, plan.connections, plan.request, seconds);
  const others = (plan.alongside ?? []).map((load) => ({ load, cannon: laterCannon(plan.url, load, seconds) }));
  const [result, ...otherResults] = await Promise.all([main.result, ...others.map((o) => o.cannon.result)]);
  const cpuAfter = cpuMs(plan.serverPid);
  const alongside: AlongsideResult[] = others.map((o, i) => ({
    name: o.load.name,
    ...summary(otherResults[i]!, o.cannon.unexpected(), o.load.request.expect === 'refused'),
  }));
  return {
    ...summary(result!, main.unexpected(), plan.request.expect === 'refused'),
    ...(cpuBefore !== undefined && cpuAfter !== undefined ? { serverCpuMs: cpuAfter - cpuBefore } : {}),
    ...(alongside.length ? { alongside } : {}),
  };
}

async function run(plan: LoadPlan): Promise<LoadResult> {
  if (plan.warmup > 0) await measured(plan, plan.warmup);
  return measured(plan, plan.duration);
}

for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim()) process.stdout.write(`${JSON.stringify(await run(JSON.parse(line) as LoadPlan))}\n`);
}
