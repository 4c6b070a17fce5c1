import pg from 'pg';
import { createOrder } from '@platform/orders/testing';
import { createOrderRisk } from '@platform/risk/testing';
import { sqlDuring } from '../../support/sql.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { REST_LIMITS, type RestCall, adminTokenWith, contextOf, linkTo, openDatabase, restClient } from './admin-rest.js';

// The REST order risk resource (spec 3, deprecated from 2024-04): every route, its error rows, the deprecation
// header, risks owned by the app that made them, hidden risks, hostile input and another shop's orders.

const RISK_KEYS = ['id', 'order_id', 'checkout_id', 'source', 'score', 'recommendation', 'display', 'cause_cancel', 'message', 'merchant_message'];
const DEPRECATED = 'x-platform-api-deprecated-reason';

describe('REST order risks', () => {
  let t: TestApp;
  let acme: TestShop;
  let globex: TestShop;
  let rest: RestCall;
  let db: pg.Client;
  let otherApp: string;
  let readOnly: string;
  let orderId: number;
  let foreignOrderId: number;

  beforeAll(async () => {
    t = await createTestApp({}, REST_LIMITS);
    acme = await t.createShop('acme');
    globex = await t.createShop('globex');
    rest = restClient(t, acme);
    db = await openDatabase(t);
    otherApp = await adminTokenWith(t, acme, 'write_orders');
    readOnly = await adminTokenWith(t, acme, 'read_orders');
    orderId = (await createOrder(contextOf(t, acme))).id;
    foreignOrderId = (await createOrder(contextOf(t, globex))).id;
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  const risksPath = (order = orderId) => `orders/${order}/risks.json`;
  const riskPath = (id: number, order = orderId) => `orders/${order}/risks/${id}.json`;
  const newRisk = async (risk: Record<string, unknown> = {}, token?: string) => {
    const res = await rest('POST', risksPath(), { risk: { recommendation: 'investigate', score: '0.5', message: 'Proxy', source: 'External', ...risk } }, { token });
    expect(res.status).toBe(201);
    return res.body.risk as { id: number };
  };
  const rowOf = async (id: number) => (await db.query('select * from order_risks where id = $1', [id])).rows[0];

  it('creates a risk: 201 {risk} in the hosted object, merchant_message the message', async () => {
    const res = await rest('POST', risksPath(), {
      risk: { message: 'This order came from an anonymous proxy', recommendation: 'cancel', score: 1.0, source: 'External', cause_cancel: true, display: true },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['risk']);
    expect(Object.keys(res.body.risk)).toEqual(RISK_KEYS);
    expect(res.body.risk).toEqual({
      id: expect.any(Number),
      order_id: orderId,
      checkout_id: null,
      source: 'External',
      score: '1.0',
      recommendation: 'cancel',
      display: true,
      cause_cancel: true,
      message: 'This order came from an anonymous proxy',
      merchant_message: 'This order came from an anonymous proxy',
    });
    expect(res.headers[DEPRECATED]).toMatch(/deprecated as of 2024-04/);
  });

  it('lists, reads, updates and deletes, each with the deprecation header', async () => {
    const { id } = await newRisk();
    const list = await rest('GET', risksPath());
    expect(list.status).toBe(200);
    expect(Object.keys(list.body)).toEqual(['risks']);
    expect(list.body.risks.map((r: { id: number }) => r.id)).toContain(id);
    const one = await rest('GET', riskPath(id));
    expect({ status: one.status, risk: one.body.risk }).toEqual({ status: 200, risk: expect.objectContaining({ id, recommendation: 'investigate', score: '0.5' }) });
    const updated = await rest('PUT', riskPath(id), { risk: { id, recommendation: 'accept', score: '0.05', message: 'Looks fine' } });
    expect({ status: updated.status, risk: updated.body.risk }).toEqual({
      status: 200,
      risk: expect.objectContaining({ id, recommendation: 'accept', score: '0.05', message: 'Looks fine', merchant_message: 'Looks fine', source: 'External' }),
    });
    const deleted = await rest('DELETE', riskPath(id));
    expect({ status: deleted.status, body: deleted.body }).toEqual({ status: 200, body: {} });
    expect(await rowOf(id)).toBeUndefined();
    for (const res of [list, one, updated, deleted]) expect(res.headers[DEPRECATED]).toEqual(expect.any(String));
    expect((await rest('GET', riskPath(id))).status).toBe(404);
  });

  it('sends the header on every route from 2024-04, and on the single-risk routes (marked deprecated) before it', async () => {
    const { id } = await newRisk();
    const at = (version: string, path: string) => rest('GET', `/admin/api/${version}/${path}`);
    expect((await at('2024-01', risksPath())).headers[DEPRECATED]).toBeUndefined();
    expect((await at('2024-01', riskPath(id))).headers[DEPRECATED]).toMatch(/deprecated/);
    expect((await at('2024-04', risksPath())).headers[DEPRECATED]).toMatch(/2024-04/);
    expect((await at('unstable', risksPath())).headers[DEPRECATED]).toMatch(/2024-04/);
  });

  it('refuses a bad recommendation or score with 422 keyed by field, writing nothing', async () => {
    const count = async () => Number((await db.query('select count(*) from order_risks')).rows[0].count);
    const before = await count();
    const cases: [unknown, Record<string, string[]>][] = [
      [{ recommendation: 'maybe' }, { recommendation: ['is not included in the list'] }],
      [{ score: '0.5' }, { recommendation: ["can't be blank"] }],
      [{ recommendation: 'accept', score: 1.5 }, { score: ['must be a number from 0 to 1 with at most 4 decimals'] }],
      [{ recommendation: 'accept', score: '-0.1' }, { score: ['must be a number from 0 to 1 with at most 4 decimals'] }],
      [{ recommendation: 'accept', score: '0.12345' }, { score: ['must be a number from 0 to 1 with at most 4 decimals'] }],
      [{ recommendation: 'accept', score: { a: 1 } }, { score: ['must be a number from 0 to 1 with at most 4 decimals'] }],
      [{ recommendation: 'nope', score: 'high' }, { recommendation: ['is not included in the list'], score: ['must be a number from 0 to 1 with at most 4 decimals'] }],
      [{ recommendation: 'accept', source: 'x'.repeat(256) }, { source: ['is too long (maximum is 255 characters)'] }],
      [{ recommendation: 'accept', checkout_id: 1e19 }, { checkout_id: ['is invalid'] }],
    ];
    for (const [risk, errors] of cases) {
      const res = await rest('POST', risksPath(), { risk });
      expect({ risk, status: res.status, body: res.body }).toEqual({ risk, status: 422, body: { errors } });
    }
    const { id } = await newRisk();
    const res = await rest('PUT', riskPath(id), { risk: { recommendation: 'later' } });
    expect({ status: res.status, body: res.body }).toEqual({ status: 422, body: { errors: { recommendation: ['is not included in the list'] } } });
    expect(await count()).toBe(before + 1);
  });

  it('refuses bodies of the wrong shape: no root 400, wrong types 422 keyed by the field', async () => {
    for (const body of [{}, { risk: null }, { risk: [] }, { risk: 'x' }, { other: {} }]) {
      const res = await rest('POST', risksPath(), body);
      expect({ body, status: res.status, answer: res.body }).toEqual({ body, status: 400, answer: { errors: { risk: 'Required parameter missing or invalid' } } });
    }
    for (const [risk, key] of [
      [{ recommendation: 3 }, 'recommendation'],
      [{ recommendation: 'accept', display: 'yes' }, 'display'],
      [{ recommendation: 'accept', cause_cancel: 1 }, 'cause_cancel'],
      [{ recommendation: 'accept', message: ['a'] }, 'message'],
      [{ recommendation: 'accept', checkout_id: 'abc' }, 'checkout_id'],
    ] as const) {
      const res = await rest('POST', risksPath(), { risk });
      expect({ risk, status: res.status, keys: Object.keys(res.body.errors ?? {}) }).toEqual({ risk, status: 422, keys: [key] });
    }
  });

  it('answers hostile input with the spec shapes, never a 500', async () => {
    const nul = await rest('POST', risksPath(), { risk: { recommendation: 'accept', message: 'a\u0000b' } });
    expect(nul.status).toBe(422);
    expect(Object.keys(nul.body.errors)).toEqual(['message']);
    const malformed = await rest('POST', risksPath(), undefined, { rawBody: '{"risk": {' });
    expect(malformed.status).toBe(400);
    for (const id of ['0', '-1', '1.5', 'abc', '99999999999999999999', '9007199254740993']) {
      for (const [method, path] of [['GET', `orders/${id}/risks.json`], ['POST', `orders/${id}/risks.json`], ['GET', `orders/${orderId}/risks/${id}.json`], ['DELETE', `orders/${orderId}/risks/${id}.json`]] as const) {
        const res = await rest(method, path, method === 'POST' ? { risk: { recommendation: 'accept' } } : undefined);
        expect({ method, path, status: res.status, body: res.body }).toEqual({ method, path, status: 404, body: { errors: 'Not Found' } });
      }
    }
    // A message is bounded like the merchant's other notes: 5,000 characters, over it a 422 that writes nothing.
    const longest = await rest('POST', risksPath(), { risk: { recommendation: 'accept', message: 'x'.repeat(5_000) } });
    expect(longest.status).toBe(201);
    expect(longest.body.risk.message).toHaveLength(5_000);
    const huge = await rest('POST', risksPath(), { risk: { recommendation: 'accept', message: 'x'.repeat(100_000) } });
    expect(huge.status).toBe(422);
    expect(huge.body).toEqual({ errors: { message: ['is too long (maximum is 5000 characters)'] } });
  });

  it("answers 404 for unknown and another shop's orders, and for a risk of another order", async () => {
    const { id } = await newRisk();
    const otherOrder = (await createOrder(contextOf(t, acme))).id;
    expect((await rest('GET', risksPath(999_999_999))).status).toBe(404);
    expect((await rest('GET', risksPath(foreignOrderId))).status).toBe(404);
    expect((await rest('POST', risksPath(foreignOrderId), { risk: { recommendation: 'accept' } })).status).toBe(404);
    expect((await rest('GET', riskPath(id, otherOrder))).status).toBe(404);
    expect((await rest('PUT', riskPath(id, otherOrder), { risk: { recommendation: 'cancel' } })).status).toBe(404);
    expect((await rest('DELETE', riskPath(id, otherOrder))).status).toBe(404);
    // Globex's own token on its own host, naming Acme's order and risk.
    const globexRest = restClient(t, globex);
    expect((await globexRest('GET', riskPath(id))).body).toEqual({ errors: 'Not Found' });
    expect((await globexRest('DELETE', riskPath(id))).status).toBe(404);
    expect(await rowOf(id)).toMatchObject({ recommendation: 'investigate' });
  });

  it("answers another app's update and delete with 403 and a message, changing nothing", async () => {
    const { id } = await newRisk();
    const before = await rowOf(id);
    const update = await rest('PUT', riskPath(id), { risk: { recommendation: 'cancel', score: 1 } }, { token: otherApp });
    const remove = await rest('DELETE', riskPath(id), undefined, { token: otherApp });
    for (const res of [update, remove]) {
      expect({ status: res.status, body: res.body }).toEqual({ status: 403, body: { errors: 'This order risk was created by another app and can only be changed or deleted by that app.' } });
    }
    expect(await rowOf(id)).toEqual(before);
    // The other app reads it, and its own risks are its to change.
    expect((await rest('GET', riskPath(id), undefined, { token: otherApp })).status).toBe(200);
    const own = await newRisk({}, otherApp);
    expect((await rest('PUT', riskPath(own.id), { risk: { score: '0.9' } }, { token: otherApp })).body.risk.score).toBe('0.9');
  });

  it('does not return or count risks with display false', async () => {
    const order = (await createOrder(contextOf(t, acme))).id;
    const created = await rest('POST', risksPath(order), { risk: { recommendation: 'cancel', display: false } });
    expect({ status: created.status, display: created.body.risk.display }).toEqual({ status: 201, display: false });
    const shown = await rest('POST', risksPath(order), { risk: { recommendation: 'accept' } });
    const list = await rest('GET', risksPath(order));
    expect(list.body.risks.map((r: { id: number }) => r.id)).toEqual([shown.body.risk.id]);
    expect((await rest('GET', riskPath(created.body.risk.id, order))).status).toBe(404);
    expect((await rest('DELETE', riskPath(created.body.risk.id, order))).status).toBe(404);
    // Hiding a risk by update takes it out of the list.
    const hidden = await rest('PUT', riskPath(shown.body.risk.id, order), { risk: { display: false } });
    expect({ status: hidden.status, display: hidden.body.risk.display }).toEqual({ status: 200, display: false });
    expect((await rest('GET', risksPath(order))).body.risks).toEqual([]);
  });

  it('asks read_orders to read and write_orders to write', async () => {
    const { id } = await newRisk();
    const noOrders = await adminTokenWith(t, acme, 'read_products');
    expect((await rest('GET', risksPath(), undefined, { token: noOrders })).status).toBe(403);
    expect((await rest('GET', riskPath(id), undefined, { token: readOnly })).status).toBe(200);
    const write = await rest('POST', risksPath(), { risk: { recommendation: 'accept' } }, { token: readOnly });
    expect({ status: write.status, body: write.body }).toEqual({ status: 403, body: { errors: '[API] This action requires merchant approval for write_orders scope.' } });
    expect((await rest('PUT', riskPath(id), { risk: { score: 0 } }, { token: readOnly })).status).toBe(403);
    expect((await rest('DELETE', riskPath(id), undefined, { token: readOnly })).status).toBe(403);
  });

  it('walks the list by Link with statements that do not grow with the page size', async () => {
    const order = (await createOrder(contextOf(t, acme))).id;
    const ctx = contextOf(t, acme);
    const ids: number[] = [];
    for (let i = 0; i < 7; i += 1) ids.push((await createOrderRisk(ctx, order, { recommendation: 'accept' })).id);
    const seen: number[] = [];
    let next: string | undefined = `${risksPath(order)}?limit=3`;
    while (next) {
      const res = await rest('GET', next);
      seen.push(...res.body.risks.map((r: { id: number }) => r.id));
      next = linkTo(res.headers.link, 'next');
    }
    expect(seen).toEqual(ids);
    await rest('GET', `${risksPath(order)}?limit=1`);
    const small = await sqlDuring(() => rest('GET', `${risksPath(order)}?limit=1`));
    const large = await sqlDuring(() => rest('GET', `${risksPath(order)}?limit=250`));
    expect(large.statements.length).toBe(small.statements.length);
    expect(small.statements.length).toBeLessThanOrEqual(2);
    expect((await rest('GET', `${risksPath(order)}?limit=251`)).status).toBe(400);
    for (const name of ['limit', 'fields', 'page_info']) {
      const twice = await rest('GET', `${risksPath(order)}?${name}=1&${name}=2`);
      expect({ name, status: twice.status, keys: Object.keys(twice.body.errors) }).toEqual({ name, status: 400, keys: [name] });
    }
  });
  describe('regressions found by the hostile probe', () => {
    // display and cause_cancel are NOT NULL: null passed @IsOptional() and the update failed in Postgres (500).
    it.each(['display', 'cause_cancel'])('refuses %s: null with 422 naming it, on update and create, changing nothing', async (field) => {
      const { id } = await newRisk();
      const before = await rowOf(id);
      const updated = await rest('PUT', riskPath(id), { risk: { [field]: null } });
      expect({ status: updated.status, body: updated.body }).toEqual({ status: 422, body: { errors: { [field]: ["can't be blank"] } } });
      expect(await rowOf(id)).toEqual(before);
      const created = await rest('POST', risksPath(), { risk: { recommendation: 'accept', [field]: null } });
      expect({ status: created.status, body: created.body }).toEqual({ status: 422, body: { errors: { [field]: ["can't be blank"] } } });
    });

    it('still clears the nullable fields with null', async () => {
      const { id } = await newRisk({ checkout_id: 5 });
      const res = await rest('PUT', riskPath(id), { risk: { id: null, message: null, source: null, score: null, checkout_id: null } });
      expect(res.status).toBe(200);
      expect(res.body.risk).toMatchObject({ message: null, source: null, score: null, checkout_id: null });
    });

    it('refuses a lone surrogate in the message with 422 keyed by it, writing nothing', async () => {
      const count = async () => Number((await db.query('select count(*) from order_risks')).rows[0].count);
      const before = await count();
      const res = await rest('POST', risksPath(), { risk: { recommendation: 'accept', message: 'proxy \ud800' } });
      expect({ status: res.status, body: res.body }).toEqual({ status: 422, body: { errors: { message: ['must not contain ill-formed text (a lone UTF-16 surrogate)'] } } });
      expect(await count()).toBe(before);
    });

    it.each(['constructor', '__proto__', 'prototype', 'hasOwnProperty'])('answers a body key %s with a bad value as a field: 422, not a 500', async (key) => {
      const res = await rest('POST', risksPath(), undefined, { rawBody: `{"risk":{"recommendation":"accept","${key}":"a\\u0000"}}` });
      expect({ status: res.status, body: res.body }).toEqual({ status: 422, body: { errors: JSON.parse(`{"${key === 'hasOwnProperty' ? 'has_own_property' : key}":["must not contain NUL bytes (U+0000)"]}`) } });
    });
  });
});
