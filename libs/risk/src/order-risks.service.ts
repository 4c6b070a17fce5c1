import { Injectable } from '@nestjs/common';
import { ForeignKeyConstraintViolationException } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { appIdOf, callerMayChange } from '@platform/auth';
import { SqlPool, insertRows, preparedSql } from '@platform/database';
import { type ListPage, type PageRequest, cutPage, keysetPlan } from '@platform/paging';
import { SqlParams } from '@platform/sql';
import { OrdersService } from '@platform/orders';
import { type RequestContext, inTransaction, requestScoped } from '@platform/request';
import { OrderRisk } from './order-risk.entity.js';
import type { NewOrderRisk, OrderRiskInput, RiskAssessmentInput } from './order-risk.inputs.js';
import type { OrderRiskAssessmentRecord, OrderRiskRecord, OrderRiskSummaryRecord, OrderRiskWriteResult } from './order-risk.records.js';
import { MAX_RISKS_PER_ORDER, type RiskFields, assessmentFields, restRiskFields, scoreOf } from './order-risk.rules.js';
import { ASSESSMENTS_OF_ORDERS, COUNT_RISKS_OF_ORDER, LOCK_RISKS_OF_ORDER, RISK_BY_ID, RISK_OF_ORDER, risksOfOrderSql } from './order-risk.sql.js';
import { RiskErrors, notOwner, orderNotFound, riskNotFound, tooManyRisks } from './risk.errors.js';
import { orderRecommendation, riskLevelOf, sentimentOf } from './risk-level.rules.js';

const REST_RISKS = { connection: 'rest.order.risks', sortKey: 'ID' };
const BY_ID = { expression: 'r.id', cast: 'bigint', descending: false } as const;
const riskOfOrder = preparedSql(RISK_OF_ORDER);
const assessmentsOfOrders = preparedSql(ASSESSMENTS_OF_ORDERS);
const riskById = preparedSql(RISK_BY_ID);
const lockRisksOfOrder = preparedSql(LOCK_RISKS_OF_ORDER);
const countRisksOfOrder = preparedSql(COUNT_RISKS_OF_ORDER);

/**
 * Order risks: the REST resource's use cases and the admin schema's assessments, one table for both. Orders are
 * another context, asked through OrdersService; a risk belongs to the app that created it.
 */
@Injectable()
export class OrderRisksService {
  constructor(
    private readonly sql: SqlPool,
    private readonly orders: OrdersService,
  ) {}

  /** A risk on an order of the shop, owned by the calling app. */
  async create(ctx: RequestContext, orderId: number, input: OrderRiskInput): Promise<OrderRiskWriteResult> {
    if (!(await this.orderExists(ctx, orderId))) return { risk: null, problems: [orderNotFound()] };
    const { fields, problems } = restRiskFields(input);
    if (problems.length > 0) return { risk: null, problems };
    return this.insert(ctx, orderId, fields, 'order_id');
  }

  /** One page of an order's risks REST shows (displayed, with a recommendation), in id order; null for an unknown order. */
  async list(ctx: RequestContext, orderId: number, page: PageRequest): Promise<ListPage<OrderRiskRecord> | null> {
    if (!(await this.orderExists(ctx, orderId))) return null;
    // $1 shop, $2 limit, $3 order; the cursor adds its value.
    const params = new SqlParams(3);
    const keyset = keysetPlan(REST_RISKS, BY_ID, page, 'r.id', params);
    const rows = await this.sql.rows<OrderRiskRecord>(ctx, preparedSql(risksOfOrderSql(keyset)), [ctx.shop.id, page.size + 1, orderId, ...params.values]);
    return cutPage(rows, page, (row) => keyset.cursorOf(row), riskRecord);
  }

  /** A risk of the order that REST shows, or null. */
  async risk(ctx: RequestContext, orderId: number, riskId: number): Promise<OrderRiskRecord | null> {
    const [row] = await this.sql.rows<OrderRiskRecord>(ctx, riskOfOrder, [ctx.shop.id, orderId, riskId]);
    return row ? riskRecord(row) : null;
  }

  /** Changes the fields given; another app's risk is refused (403) and left as it was. */
  async update(ctx: RequestContext, orderId: number, riskId: number, input: OrderRiskInput): Promise<OrderRiskWriteResult> {
    const problems = await ctx.em.transactional(async (em) => {
      const risk = await this.owned(ctx, em, orderId, riskId);
      if (!risk) return [riskNotFound()];
      const checked = restRiskFields(input, { message: risk.message ?? null, recommendation: risk.recommendation ?? null });
      if (checked.problems.length > 0) return checked.problems;
      em.assign(risk, checked.fields);
      await em.flush();
      return [];
    });
    if (problems.length > 0) return { risk: null, problems };
    return { risk: await this.written(ctx, riskId), problems: [] };
  }

  /** Deletes a risk of the calling app; another app's is refused (403). */
  async delete(ctx: RequestContext, orderId: number, riskId: number): Promise<{ problems: ReturnType<typeof riskNotFound>[] }> {
    return ctx.em.transactional(async (em) => {
      const risk = await this.owned(ctx, em, orderId, riskId);
      if (!risk) return { problems: [riskNotFound()] };
      em.remove(risk);
      await em.flush();
      return { problems: [] };
    });
  }

  /** `orderRiskAssessmentCreate`: an assessment of the calling app, which REST shows as a risk (unless NONE or PENDING). */
  async createAssessment(ctx: RequestContext, input: RiskAssessmentInput): Promise<OrderRiskWriteResult> {
    const order = input.orderId === null ? null : (await this.orders.ordersByIds(ctx, [input.orderId]))[0];
    if (!order) return { risk: null, problems: [orderNotFound('orderId')] };
    if (order.fulfillmentStatus === 'fulfilled') {
      return { risk: null, problems: [RiskErrors.ORDER_ALREADY_FULFILLED('The order is fulfilled and can no longer accept new risk assessments', { field: 'orderId' })] };
    }
    const { fields, problems } = assessmentFields(input);
    if (problems.length > 0) return { risk: null, problems };
    return this.insert(ctx, order.id, fields, 'orderId');
  }

  /**
   * An order's risk summary (`Order.risk`): its displayed assessments with their apps, and its recommendation.
   * Every order of a request shares one statement (a per-request DataLoader), so a page of orders costs one read.
   */
  riskOfOrder(ctx: RequestContext, orderId: number): Promise<OrderRiskSummaryRecord> {
    return requestScoped(ctx, 'risk:ofOrders', () =>
      new DataLoader<number, OrderRiskSummaryRecord>(async (orderIds) => {
        const rows = await this.sql.rows<OrderRiskAssessmentRecord>(ctx, assessmentsOfOrders, [ctx.shop.id, orderIds]);
        const byOrder = new Map<number, OrderRiskAssessmentRecord[]>();
        for (const row of rows) {
          const assessment = { ...riskRecord(row), appTitle: row.appTitle };
          const list = byOrder.get(row.orderId);
          if (list) list.push(assessment);
          else byOrder.set(row.orderId, [assessment]);
        }
        return orderIds.map((id) => {
          const assessments = byOrder.get(id) ?? [];
          return { recommendation: orderRecommendation(assessments), assessments };
        });
      }),
    ).load(orderId);
  }

  /** Writes risks as the apps given, in one statement (the demo shop's seed). */
  async importRisks(ctx: RequestContext, risks: NewOrderRisk[]): Promise<number[]> {
    if (risks.length === 0) return [];
    const shopId = ctx.shop.id;
    return ctx.em.transactional((em) =>
      insertRows(
        em,
        OrderRisk,
        risks.map((risk) => ({
          shopId,
          orderId: risk.orderId,
          appId: risk.appId,
          source: risk.source,
          score: scoreOf(risk.score) ?? null,
          recommendation: risk.recommendation,
          riskLevel: riskLevelOf(risk.recommendation),
          display: risk.display ?? true,
          causeCancel: risk.causeCancel ?? false,
          message: risk.message,
          facts: [{ description: risk.message, sentiment: sentimentOf(risk.recommendation) }],
        })),
      ),
    );
  }

  private async orderExists(ctx: RequestContext, orderId: number): Promise<boolean> {
    return (await this.orders.ordersByIds(ctx, [orderId]))[0] !== null;
  }

  // An order holds at most MAX_RISKS_PER_ORDER risks (`field` names the order in the caller's input).
  private async insert(ctx: RequestContext, orderId: number, fields: RiskFields, field: string): Promise<OrderRiskWriteResult> {
    let id: number | null;
    try {
      id = await ctx.em.transactional(async (em) => {
        const tx = inTransaction(ctx, em);
        await this.sql.rows(tx, lockRisksOfOrder, [orderId]);
        const [{ n }] = await this.sql.rows<{ n: number }>(tx, countRisksOfOrder, [ctx.shop.id, orderId]);
        if (n >= MAX_RISKS_PER_ORDER) return null;
        const risk = em.create(OrderRisk, { shopId: ctx.shop.id, orderId, appId: appIdOf(ctx.caller), riskLevel: fields.riskLevel!, ...fields });
        await em.flush();
        return risk.id;
      });
    } catch (error) {
      // The order went between the check and the insert.
      if (error instanceof ForeignKeyConstraintViolationException) return { risk: null, problems: [orderNotFound()] };
      throw error;
    }
    if (id === null) return { risk: null, problems: [tooManyRisks(MAX_RISKS_PER_ORDER, field)] };
    return { risk: await this.written(ctx, id), problems: [] };
  }

  // A write's answer, read after its commit: as written, even when it hides the risk (display false).
  private async written(ctx: RequestContext, riskId: number): Promise<OrderRiskAssessmentRecord> {
    const [row] = await this.sql.rows<OrderRiskAssessmentRecord>(ctx, riskById, [ctx.shop.id, riskId]);
    return riskRecord(row!);
  }

  // The risk REST shows on the order, locked for the change, or null; another app's is thrown as a 403.
  private async owned(ctx: RequestContext, em: RequestContext['em'], orderId: number, riskId: number): Promise<OrderRisk | null> {
    const risk = await em.findOne(OrderRisk, { id: riskId, orderId, display: true, recommendation: { $ne: null } }, { lockMode: 4 /* PESSIMISTIC_WRITE */ });
    if (!risk) return null;
    if (!callerMayChange(ctx.caller, risk.appId ?? null)) throw notOwner();
    return risk;
  }
}

// Scores come back as numeric text ('0.7500'); the API shows them without trailing zeros ('0.75', '1.0').
function riskRecord<T extends OrderRiskRecord>(row: T): T {
  return { ...row, score: row.score === null ? null : (scoreOf(row.score) ?? row.score) };
}
