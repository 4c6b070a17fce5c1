import { MetricsRoute, PlatformMetrics } from '@platform/metrics';
import { VERSION, adminQuery, send, storefrontQuery } from '../../support/http.js';
import { freePorts } from '../../support/free-ports.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';

// /metrics in Prometheus' format, for the operator only: by METRICS_TOKEN on the API's port or on METRICS_PORT, never
// to a shop's client, and off by default. Each family is checked after the traffic that feeds it.

const TOKEN = 'metrics-token-0123456789abcdef0123456789';

describe('metrics', () => {
  let t: TestApp;
  let acme: TestShop;
  let port: number;

  beforeAll(async () => {
    [port] = await freePorts(1);
    t = await createTestApp({ METRICS_TOKEN: TOKEN, METRICS_PORT: String(port) }, { rest: { capacity: 1, leakPerSecond: 0.01 } });
    acme = await t.createShop('acme');
  });
  afterAll(() => t?.close());

  const scrape = async (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: { host: acme.host, ...(authorization ? { authorization } : {}) } });

  it('records with prom-client when on', () => {
    expect(t.app.get(PlatformMetrics).constructor.name).toBe('PrometheusMetrics');
  });

  it('answers /metrics only with the token: 404 without it, with a wrong one, or with a shop token', async () => {
    expect((await scrape()).statusCode).toBe(404);
    expect((await scrape(`Bearer ${TOKEN.slice(0, -1)}x`)).statusCode).toBe(404);
    expect((await scrape(`Bearer ${acme.tokens.adminAccessToken}`)).statusCode).toBe(404);
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('counts requests by surface, route pattern, method and status, with their durations', async () => {
    await storefrontQuery(t.app, acme.host, '{ shop { name } }');
    const body = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(body).toMatch(/^platform_http_requests_total\{surface="storefront",route="\/api\/:version\/graphql\.json",method="POST",status="200"\} [1-9]/m);
    expect(body).toMatch(/^platform_http_request_duration_seconds_bucket\{le="0\.005",surface="storefront",route="\/api\/:version\/graphql\.json",method="POST"\} \d+/m);
    // Raw URLs never become labels: an unknown path is one series.
    await send(t.app, { url: '/no/such/path?x=1', host: acme.host });
    await send(t.app, { url: '/another/one', host: acme.host });
    expect((await scrape(`Bearer ${TOKEN}`)).body).not.toMatch(/no\/such|another\/one/);
  });

  it('counts throttle refusals by bucket, GraphQL errors by code, and admin query cost', async () => {
    const rest = () => send(t.app, { url: `/admin/api/${VERSION}/shop.json`, host: acme.host, headers: { 'x-platform-access-token': acme.tokens.adminAccessToken } });
    await rest();
    expect((await rest()).status).toBe(429);
    await storefrontQuery(t.app, acme.host, '{ nope }');
    await adminQuery(t.app, acme.host, acme.tokens.adminAccessToken, '{ shop { name } }');
    const body = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(body).toMatch(/^platform_throttle_refusals_total\{bucket="rest"\} [1-9]/m);
    expect(body).toMatch(/^platform_graphql_errors_total\{surface="storefront",code="GRAPHQL_VALIDATION_FAILED"\} [1-9]/m);
    expect(body).toMatch(/^platform_graphql_query_cost_count\{kind="requested"\} [1-9]/m);
    expect(body).toMatch(/^platform_graphql_query_cost_count\{kind="actual"\} [1-9]/m);
  });

  it('reads jobs by queue and state, the SQL pool, the outbox lag and the process when scraped', async () => {
    const body = (await scrape(`Bearer ${TOKEN}`)).body;
    for (const queue of ['default', 'mail', 'media', 'bulk', 'webhooks']) expect(body).toMatch(new RegExp(`^platform_jobs\\{queue="${queue}",state="failed"\\} \\d+`, 'm'));
    for (const queue of ['default', 'mail', 'media', 'bulk', 'webhooks']) expect(body).toMatch(new RegExp(`^platform_job_retries_total\\{queue="${queue}"\\} \\d+`, 'm'));
    expect(body).toMatch(/^platform_db_pool_connections\{state="total"\} [1-9]/m);
    expect(body).toMatch(/^platform_db_pool_connections\{state="waiting"\} \d+/m);
    expect(body).toMatch(/^platform_outbox_lag_seconds \d/m);
    expect(body).toMatch(/^platform_nodejs_eventloop_lag_seconds \d/m);
    expect(body).toMatch(/^platform_process_resident_memory_bytes [1-9]/m);
  });

  it('serves the same on METRICS_PORT, a listener of its own, without a token', async () => {
    const listening = await t.app.get(MetricsRoute).listen('127.0.0.1');
    expect(listening).toBe(port);
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^platform_http_requests_total\{/m);
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
  });
});

describe('metrics by default', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('are off: /metrics is not there, whatever the Authorization', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { host: 'localhost', authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
  });

  it('cost nothing: the recorder is the one that does nothing, prom-client never loaded', async () => {
    expect(t.app.get(PlatformMetrics).constructor).toBe(PlatformMetrics);
  });
});
