import pg from 'pg';
import { AuthModule, AuthService } from '@platform/auth';
import { pageRequest } from '@platform/paging';
import { OrdersModule } from '@platform/orders';
import { createOrder } from '@platform/orders/testing';
import type { RequestContext } from '@platform/request';
import { OrderRisksService, RiskModule } from '@platform/risk';
import { createOrderRisk } from '@platform/risk/testing';
import type { ShopSnapshot } from '@platform/tenancy';
import { type ContextTestModule, createContextTestModule } from '../../support/context-test-module.js';
import { sqlDuring } from '../../support/sql.js';

// Order risks on Postgres: REST's and the admin schema's writes on one table, ownership by app, hidden risks,
// the order's recommendation, the shop's orders only, and one statement for the risks of a page of orders.
describe('order risks on Postgres', () => {
  let t: ContextTestModule;
  let risks: OrderRisksService;
  let shopA: ShopSnapshot;
  let shopB: ShopSnapshot;
  let db: pg.Client;
  let appOne: number;
  let appTwo: number;
  const asApp = (shop: ShopSnapshot, appId: number): RequestContext => {
    const ctx = t.ctxOf(shop);
    return Object.assign(Object.create(Object.getPrototypeOf(ctx)), ctx, {
      caller: { kind: 'admin', appId, tokenId: 0, scopes: new Set(['write_orders', 'read_orders']) },
      em: ctx.em,
    });
  };

  beforeAll(async () => {
    t = await createContextTestModule([OrdersModule, RiskModule, AuthModule]);
    risks = t.moduleRef.get(OrderRisksService);
    shopA = await t.createShop('risk-a');
    shopB = await t.createShop('risk-b');
    const auth = t.moduleRef.get(AuthService);
    appOne = (await auth.installApp(shopA.id, 'Fraud Filter', 'write_orders')).appId;
    appTwo = (await auth.installApp(shopA.id, 'Risk Radar', 'write_orders')).appId;
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  it('creates a REST risk owned by the calling app, which the admin schema shows as an assessment', async () => {
    const order = await createOrder(t.ctxOf(shopA));
    const created = await risks.create(asApp(shopA, appOne), order.id, { recommendation: 'investigate', score: '0.5', message: 'Proxy', source: 'External' });
    expect(created.problems).toEqual([]);
    expect(created.risk).toMatchObject({ orderId: order.id, appId: appOne, recommendation: 'investigate', riskLevel: 'MEDIUM', score: '0.5', display: true, causeCancel: false, appTitle: 'Fraud Filter' });
    const summary = await risks.riskOfOrder(t.ctxOf(shopA), order.id);
    expect(summary.recommendation).toBe('INVESTIGATE');
    expect(summary.assessments.map((a) => [a.riskLevel, a.appTitle, a.facts])).toEqual([['MEDIUM', 'Fraud Filter', [{ description: 'Proxy', sentiment: 'NEUTRAL' }]]]);
  });

  it("refuses another app's update and delete and changes nothing", async () => {
    const order = await createOrder(t.ctxOf(shopA));
    const { risk } = await risks.create(asApp(shopA, appOne), order.id, { recommendation: 'accept', score: 0.1 });
    const before = (await db.query('select * from order_risks where id = $1', [risk!.id])).rows;
    await expect(risks.update(asApp(shopA, appTwo), order.id, risk!.id, { recommendation: 'cancel' })).rejects.toMatchObject({ kind: 'FORBIDDEN', code: 'NOT_OWNER' });
    await expect(risks.delete(asApp(shopA, appTwo), order.id, risk!.id)).rejects.toMatchObject({ kind: 'FORBIDDEN' });
    expect((await db.query('select * from order_risks where id = $1', [risk!.id])).rows).toEqual(before);
    // Its own app may.
    const updated = await risks.update(asApp(shopA, appOne), order.id, risk!.id, { recommendation: 'cancel', causeCancel: true });
    expect(updated.risk).toMatchObject({ recommendation: 'cancel', riskLevel: 'HIGH', causeCancel: true, score: '0.1' });
    expect(await risks.delete(asApp(shopA, appOne), order.id, risk!.id)).toEqual({ problems: [] });
    expect((await db.query('select * from order_risks where id = $1', [risk!.id])).rows).toEqual([]);
  });

  it('answers problems for bad input and unknown orders, writing nothing', async () => {
    const order = await createOrder(t.ctxOf(shopA));
    const foreign = await createOrder(t.ctxOf(shopB));
    const count = async () => Number((await db.query('select count(*) from order_risks')).rows[0].count);
    const before = await count();
    expect((await risks.create(asApp(shopA, appOne), order.id, { recommendation: 'nope', score: '3' })).problems.map((p) => p.field)).toEqual(['recommendation', 'score']);
    expect((await risks.create(asApp(shopA, appOne), foreign.id, { recommendation: 'accept' })).problems.map((p) => p.code)).toEqual(['NOT_FOUND']);
    expect((await risks.createAssessment(asApp(shopA, appOne), { orderId: foreign.id, riskLevel: 'HIGH', facts: [] })).problems.map((p) => p.code)).toEqual(['NOT_FOUND']);
    expect(await risks.list(t.ctxOf(shopA), foreign.id, pageRequest({ first: 10 }))).toBeNull();
    expect(await count()).toBe(before);
  });

  it('hides risks with display false and those that recommend nothing from REST, and counts only displayed ones', async () => {
    const order = await createOrder(t.ctxOf(shopA));
    const ctx = t.ctxOf(shopA);
    const shown = await createOrderRisk(ctx, order.id, { appId: appOne, recommendation: 'investigate' });
    const hidden = await createOrderRisk(ctx, order.id, { appId: appTwo, recommendation: 'cancel', display: false });
    const pending = await risks.createAssessment(asApp(shopA, appTwo), { orderId: order.id, riskLevel: 'PENDING', facts: [{ description: 'Checking', sentiment: 'NEUTRAL' }] });
    const page = await risks.list(ctx, order.id, pageRequest({ first: 10 }));
    expect(page!.items.map((i) => i.record.id)).toEqual([shown.id]);
    expect(await risks.risk(ctx, order.id, hidden.id)).toBeNull();
    expect(await risks.risk(ctx, order.id, pending.risk!.id)).toBeNull();
    const summary = await risks.riskOfOrder(t.ctxOf(shopA), order.id);
    expect(summary.recommendation).toBe('INVESTIGATE');
    expect(summary.assessments.map((a) => a.riskLevel)).toEqual(['MEDIUM', 'PENDING']);
    // A hidden risk cannot be changed either: to REST it does not exist.
    expect((await risks.update(asApp(shopA, appTwo), order.id, hidden.id, { recommendation: 'accept' })).problems.map((p) => p.code)).toEqual(['NOT_FOUND']);
  });

  it('reads the risks of every order of a page in one statement', async () => {
    const ctx = t.ctxOf(shopA);
    const orders = await Promise.all([1, 2, 3, 4, 5].map(() => createOrder(ctx)));
    for (const order of orders) await createOrderRisk(ctx, order.id, { appId: appOne, recommendation: 'cancel' });
    const fresh = t.ctxOf(shopA);
    const { result, statements } = await sqlDuring(() => Promise.all(orders.map((o) => risks.riskOfOrder(fresh, o.id))));
    expect(result.map((r) => r.recommendation)).toEqual(orders.map(() => 'CANCEL'));
    expect(statements.filter((s) => s.includes('order_risks'))).toHaveLength(1);
  });

  it("never shows another shop's risks", async () => {
    const order = await createOrder(t.ctxOf(shopA));
    const { id } = await createOrderRisk(t.ctxOf(shopA), order.id, { appId: appOne });
    expect(await risks.risk(t.ctxOf(shopB), order.id, id)).toBeNull();
    expect(await risks.riskOfOrder(t.ctxOf(shopB), order.id)).toEqual({ recommendation: 'NONE', assessments: [] });
  });
});
