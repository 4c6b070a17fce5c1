import type { RiskError } from './risk.errors.js';

/** REST's recommendations, most severe first. */
export const RISK_RECOMMENDATIONS = ['cancel', 'investigate', 'accept'] as const;
export type RiskRecommendation = (typeof RISK_RECOMMENDATIONS)[number];

/** The admin schema's RiskAssessmentResult. */
export const RISK_LEVELS = ['HIGH', 'MEDIUM', 'LOW', 'NONE', 'PENDING'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const RISK_FACT_SENTIMENTS = ['POSITIVE', 'NEUTRAL', 'NEGATIVE'] as const;
export type RiskFactSentiment = (typeof RISK_FACT_SENTIMENTS)[number];

/** An order's recommendation (OrderRiskRecommendationResult): NONE when no displayed risk recommends anything. */
export type OrderRecommendation = 'CANCEL' | 'INVESTIGATE' | 'ACCEPT' | 'NONE';

export interface RiskFactRecord {
  description: string;
  sentiment: RiskFactSentiment;
}

/** A risk as the REST resource and the admin schema read it. */
export interface OrderRiskRecord {
  id: number;
  orderId: number;
  appId: number | null;
  checkoutId: number | null;
  source: string | null;
  score: string | null;
  recommendation: RiskRecommendation | null;
  riskLevel: RiskLevel;
  display: boolean;
  causeCancel: boolean;
  message: string | null;
  facts: RiskFactRecord[];
  createdAt: Date;
  updatedAt: Date;
}

/** A risk with the app that created it, as `Order.risk.assessments` shows it. */
export interface OrderRiskAssessmentRecord extends OrderRiskRecord {
  appTitle: string | null;
}

/** An order's risks summed up: its recommendation and every displayed assessment. */
export interface OrderRiskSummaryRecord {
  recommendation: OrderRecommendation;
  assessments: OrderRiskAssessmentRecord[];
}

/** A write's answer: the risk read after commit (with its app), or its problems and nothing written. */
export interface OrderRiskWriteResult {
  risk: OrderRiskAssessmentRecord | null;
  problems: RiskError[];
}
