import type { OrderRecommendation, RiskFactSentiment, RiskLevel, RiskRecommendation } from './order-risk.records.js';

// How REST's recommendations and the admin schema's risk levels meet (docs/decisions.md): one row each way.

const LEVEL_OF: Record<RiskRecommendation, RiskLevel> = { cancel: 'HIGH', investigate: 'MEDIUM', accept: 'LOW' };
// NONE ("will not provide a recommendation") and PENDING (not done yet) recommend nothing.
const RECOMMENDATION_OF: Record<RiskLevel, RiskRecommendation | null> = { HIGH: 'cancel', MEDIUM: 'investigate', LOW: 'accept', NONE: null, PENDING: null };
const SEVERITY: Record<RiskRecommendation, number> = { cancel: 3, investigate: 2, accept: 1 };
const SUMMARY: Record<RiskRecommendation, OrderRecommendation> = { cancel: 'CANCEL', investigate: 'INVESTIGATE', accept: 'ACCEPT' };
const SENTIMENT_OF: Record<RiskRecommendation, RiskFactSentiment> = { cancel: 'NEGATIVE', investigate: 'NEUTRAL', accept: 'POSITIVE' };

export function riskLevelOf(recommendation: RiskRecommendation): RiskLevel {
  return LEVEL_OF[recommendation];
}

export function recommendationOfLevel(level: RiskLevel): RiskRecommendation | null {
  return RECOMMENDATION_OF[level];
}

/** The sentiment of the fact a REST risk's message shows as. */
export function sentimentOf(recommendation: RiskRecommendation): RiskFactSentiment {
  return SENTIMENT_OF[recommendation];
}

/**
 * An order's risk level: the most severe recommendation among its displayed risks (cancel > investigate >
 * accept); risks with display false and those that recommend nothing do not count; none left is NONE.
 */
export function orderRecommendation(risks: readonly { display: boolean; recommendation: RiskRecommendation | null }[]): OrderRecommendation {
  let worst: RiskRecommendation | null = null;
  for (const risk of risks) {
    if (!risk.display || risk.recommendation === null) continue;
    if (worst === null || SEVERITY[risk.recommendation] > SEVERITY[worst]) worst = risk.recommendation;
  }
  return worst === null ? 'NONE' : SUMMARY[worst];
}
