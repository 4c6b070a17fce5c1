import type { RequestContext } from '@platform/request';
import { OrderRisk } from '../order-risk.entity.js';
import type { RiskFactRecord, RiskLevel, RiskRecommendation } from '../order-risk.records.js';
import { riskLevelOf, sentimentOf } from '../risk-level.rules.js';

/** What a test says about the risk it needs; the rest gets valid defaults (an accept, displayed, of no app). */
export interface OrderRiskTraits {
  appId?: number | null;
  recommendation?: RiskRecommendation | null;
  riskLevel?: RiskLevel;
  score?: string | null;
  source?: string | null;
  message?: string | null;
  display?: boolean;
  causeCancel?: boolean;
  facts?: RiskFactRecord[];
}

/** A risk on an order of ctx's shop, written as the app given. */
export async function createOrderRisk(ctx: RequestContext, orderId: number, traits: OrderRiskTraits = {}): Promise<{ id: number }> {
  const recommendation = traits.recommendation === undefined ? 'accept' : traits.recommendation;
  const message = traits.message === undefined ? 'Factory check' : traits.message;
  return ctx.em.transactional(async (em) => {
    const risk = em.create(OrderRisk, {
      shopId: ctx.shop.id,
      orderId,
      appId: traits.appId ?? null,
      recommendation,
      riskLevel: traits.riskLevel ?? (recommendation ? riskLevelOf(recommendation) : 'PENDING'),
      score: traits.score ?? null,
      source: traits.source ?? 'External',
      message,
      display: traits.display ?? true,
      causeCancel: traits.causeCancel ?? false,
      facts: traits.facts ?? (message && recommendation ? [{ description: message, sentiment: sentimentOf(recommendation) }] : []),
    });
    await em.flush();
    return { id: risk.id };
  });
}
