import type { RiskFactSentiment, RiskLevel, RiskRecommendation } from './order-risk.records.js';

/**
 * The REST risk's writable fields in the domain's names. Absent fields are left as they are (on update) or take
 * their default (display true, cause_cancel false); the rules check values, the request class only types.
 */
export interface OrderRiskInput {
  message?: string | null;
  recommendation?: string | null;
  /** A decimal from 0 to 1, as a JSON number or text (anything else is refused by the rules). */
  score?: unknown;
  source?: string | null;
  causeCancel?: boolean;
  display?: boolean;
  checkoutId?: number | null;
}

/** `orderRiskAssessmentCreate`'s input, the order's global id already an integer (null: it named no order). */
export interface RiskAssessmentInput {
  orderId: number | null;
  riskLevel: RiskLevel;
  facts: { description: string; sentiment: RiskFactSentiment }[];
}

/** A risk the seed writes as a given app (null: the platform itself). */
export interface NewOrderRisk {
  orderId: number;
  appId: number | null;
  recommendation: RiskRecommendation;
  score: string;
  source: string;
  message: string;
  display?: boolean;
  causeCancel?: boolean;
}
