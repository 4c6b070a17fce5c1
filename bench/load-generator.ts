import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import type { LoadPlan, LoadResult } from './load-plan.js';

// The load generator process: one plan per line on stdin, one JSON result per line on stdout, until stdin closes.

async function cannon(plan: LoadPlan, seconds: number): Promise<{ result: autocannon.Result; graphqlErrors: number }> {
  let graphqlErrors = 0;
  const { bodies } = plan.request;
  const result = await autocannon({
    url: plan.url,
    connections: plan.connections,
    duration: seconds,
    requests: [
      {
        method: plan.request.method,
        path: plan.request.path,
        headers: plan.request.headers,
        ...(bodies?.length === 1 ? { body: bodies[0] } : {}),
        ...(bodies && bodies.length > 1 ? { setupRequest: (req) => ({ ...req, body: bodies[Math.floor(Math.random() * bodies.length)] }) } : {}),
        onResponse: (status, body) => {
          // A GraphQL failure answers 200; look for the envelope's top-level `errors`.
          if (status === 200 && body.startsWith('{"errors"')) graphqlErrors++;
        },
      },
    ],
  });
  return { result, graphqlErrors };
}

async function run(plan: LoadPlan): Promise<LoadResult> {
  if (plan.warmup > 0) await cannon(plan, plan.warmup);
  const { result, graphqlErrors } = await cannon(plan, plan.duration);
  const throttled = result.statusCodeStats?.['429']?.count ?? 0;
  return {
    requestsPerSecond: Math.round((result.requests.total / Math.max(0.001, result.duration)) * 10) / 10,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + (result.non2xx - throttled) + graphqlErrors,
    throttled,
  };
}

for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim()) process.stdout.write(`${JSON.stringify(await run(JSON.parse(line) as LoadPlan))}\n`);
}
