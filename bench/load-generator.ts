import autocannon from 'autocannon';
import type { LoadPlan, LoadResult } from './load-plan.js';

// The load generator process: autocannon with the plan it is given, one JSON result on stdout.

let input = '';
for await (const chunk of process.stdin.setEncoding('utf8')) input += chunk;
const plan = JSON.parse(input) as LoadPlan;

async function cannon(seconds: number): Promise<{ result: autocannon.Result; graphqlErrors: number }> {
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

if (plan.warmup > 0) await cannon(plan.warmup);
const { result, graphqlErrors } = await cannon(plan.duration);
const throttled = result.statusCodeStats?.['429']?.count ?? 0;
const answer: LoadResult = {
  requestsPerSecond: Math.round((result.requests.total / Math.max(0.001, result.duration)) * 10) / 10,
  p50: result.latency.p50,
  p99: result.latency.p99,
  requests: result.requests.total,
  errors: result.errors + result.timeouts + (result.non2xx - throttled) + graphqlErrors,
  throttled,
};
process.stdout.write(JSON.stringify(answer));
