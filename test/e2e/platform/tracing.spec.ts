import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProduct } from '@platform/catalog/testing';
import { JOB_QUEUE, type JobQueue } from '@platform/queue';
import { TRACING, type Tracing } from '@platform/tracing';
import { VERSION, send, storefrontQuery } from '../../support/http.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { contextOf } from '../rest/admin-rest.js';

// OpenTelemetry with OTEL_EXPORTER_OTLP_ENDPOINT set: spans go to an OTLP/HTTP receiver (here, in this process). A
// request's span continues the caller's traceparent, the pipeline's steps and GraphQL execution are its children, and
// a job the request asked for runs in a trace of its own linked to it.

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind?: number;
  attributes?: { key: string; value: { stringValue?: string } }[];
  links?: { traceId: string; spanId: string }[];
}

const attribute = (span: ReceivedSpan, key: string) => span.attributes?.find((a) => a.key === key)?.value.stringValue;
// OTLP's SpanKind: 3 is CLIENT.
const CLIENT = 3;

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_SPAN = '00f067aa0ba902b7';

describe('tracing', () => {
  let receiver: Server;
  let images: Server;
  const spans: ReceivedSpan[] = [];
  let t: TestApp;
  let acme: TestShop;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        if (req.url === '/v1/traces') {
          const parsed = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: ReceivedSpan[] }[] }[] };
          for (const resource of parsed.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    images = createServer((_req, res) => res.writeHead(404).end());
    await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
    t = await createTestApp({ REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`, OUTBOUND_ALLOWED_PRIVATE_HOSTS: 'localhost' });
    acme = await t.createShop('acme');
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    await new Promise<void>((resolve) => images.close(() => resolve()));
  });

  const flush = () => t.app.get<Tracing>(TRACING).flush();

  it("continues the caller's traceparent: the request's span, its pipeline steps and GraphQL execution as children", async () => {
    const res = await storefrontQuery(t.app, acme.host, '{ shop { name } }', { traceparent: `00-${TRACE_ID}-${PARENT_SPAN}-01` });
    expect(res.status).toBe(200);
    await flush();
    const server = spans.find((span) => span.traceId === TRACE_ID && span.name === 'POST /api/:version/graphql.json');
    expect(server).toMatchObject({ parentSpanId: PARENT_SPAN });
    const children = spans.filter((span) => span.traceId === TRACE_ID && span.parentSpanId === server!.spanId).map((span) => span.name);
    expect(children).toEqual(expect.arrayContaining(['request.context', 'graphql.execute']));
    expect(children.filter((name) => name.startsWith('request.') && name !== 'request.context').length).toBeGreaterThan(0);
  });

  it('keeps no span of a request whose caller did not sample its trace (the default sampler follows the parent)', async () => {
    const traceId = '5bf92f3577b34da6a3ce929d0e0e4737';
    const res = await storefrontQuery(t.app, acme.host, '{ products(first: 1) { nodes { id } } }', { traceparent: `00-${traceId}-${PARENT_SPAN}-00` });
    expect(res.status).toBe(200);
    await flush();
    expect(spans.filter((span) => span.traceId === traceId)).toEqual([]);
  });

  it("has a client span for each Postgres statement and Redis command a request sends, in the request's trace", async () => {
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const res = await storefrontQuery(t.app, acme.host, '{ products(first: 2) { nodes { id } } }', { traceparent: `00-${traceId}-b7ad6b7169203331-01` });
    expect(res.status).toBe(200);
    await flush();
    const trace = spans.filter((span) => span.traceId === traceId);
    const server = trace.find((span) => span.name === 'POST /api/:version/graphql.json')!;
    const byId = new Map(trace.map((span) => [span.spanId, span]));
    const under = (span: ReceivedSpan): boolean => span.parentSpanId === server.spanId || (byId.has(span.parentSpanId ?? '') && under(byId.get(span.parentSpanId!)!));
    const sql = trace.filter((span) => attribute(span, 'db.system.name') === 'postgresql' || attribute(span, 'db.system') === 'postgresql');
    expect(sql.length).toBeGreaterThan(0);
    expect(sql.every((span) => span.kind === CLIENT && under(span))).toBe(true);
    expect(sql.some((span) => (attribute(span, 'db.query.text') ?? attribute(span, 'db.statement') ?? '').includes('from products'))).toBe(true);
    const redis = trace.filter((span) => attribute(span, 'db.system.name') === 'redis' || attribute(span, 'db.system') === 'redis');
    expect(redis.length).toBeGreaterThan(0);
    expect(redis.every((span) => span.kind === CLIENT && under(span))).toBe(true);
    // A command's name only: its keys name buyers' addresses.
    for (const span of redis) expect(attribute(span, 'db.query.text') ?? attribute(span, 'db.statement') ?? '').toMatch(/^[a-z]+$/i);
  });

  it('starts a trace of its own for a request without traceparent, and links a job it asks for to it', async () => {
    const product = await createProduct(contextOf(t, acme), { images: [] });
    const created = await send(t.app, {
      method: 'POST',
      url: `/admin/api/${VERSION}/products/${product.id}/images.json`,
      host: acme.host,
      headers: { 'x-platform-access-token': acme.tokens.adminAccessToken },
      body: { image: { src: `http://localhost:${(images.address() as AddressInfo).port}/gone.png` } },
    });
    expect(created.status).toBe(200);
    await t.app.get<JobQueue>(JOB_QUEUE).drain();
    await flush();
    const request = spans.find((span) => span.name === 'POST /admin/api/:version/products/:id/images.json');
    expect(request).toBeDefined();
    expect(request!.parentSpanId ?? '').toBe('');
    const job = spans.find((span) => span.name === 'job catalog.product-image-download');
    expect(job).toBeDefined();
    expect(job!.traceId).not.toBe(request!.traceId);
    expect(job!.links).toEqual([expect.objectContaining({ traceId: request!.traceId, spanId: request!.spanId })]);
  });
});

describe('tracing by default', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('is off: nothing is registered and a request carries no span', async () => {
    expect(t.app.get<Tracing>(TRACING).enabled).toBe(false);
    const shop = await t.createShop('plain');
    const res = await storefrontQuery(t.app, shop.host, '{ shop { name } }', { traceparent: `00-${TRACE_ID}-${PARENT_SPAN}-01` });
    expect(res.status).toBe(200);
  });
});
