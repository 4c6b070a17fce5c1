import { type UserErrorView, userErrorsOf } from '@platform/errors';
import { toGlobalId } from '@platform/ids';
import type { OrderRiskAssessmentRecord, OrderRiskSummaryRecord } from '../../order-risk.records.js';
import type { RiskError, RiskErrorCode } from '../../risk.errors.js';
import type { AssessmentErrorCodeValue } from './order-risk-mutations.type.js';
import type { AdminOrderRiskAssessment, AdminOrderRiskSummary } from './order-risk.type.js';

export function adminAssessmentView(record: OrderRiskAssessmentRecord): AdminOrderRiskAssessment {
  return {
    riskLevel: record.riskLevel,
    facts: record.facts.map((fact) => ({ description: fact.description, sentiment: fact.sentiment })),
    // An app that was removed leaves its assessments without a provider.
    provider: record.appId === null || record.appTitle === null ? null : { id: toGlobalId('App', record.appId), title: record.appTitle },
  };
}

export function adminRiskSummaryView(record: OrderRiskSummaryRecord): AdminOrderRiskSummary {
  return { recommendation: record.recommendation, assessments: record.assessments.map(adminAssessmentView) };
}

// Every code of the context has its hosted code (or none), so a new code without a mapping does not compile.
const ASSESSMENT_ERROR_CODES: Record<RiskErrorCode, AssessmentErrorCodeValue | null> = {
  BLANK: 'INVALID',
  INVALID: 'INVALID',
  TOO_MANY_FACTS: 'TOO_MANY_FACTS',
  ORDER_ALREADY_FULFILLED: 'ORDER_ALREADY_FULFILLED',
  NOT_FOUND: 'NOT_FOUND',
  NOT_OWNER: null,
};

/** userErrors of orderRiskAssessmentCreate, under its `orderRiskAssessmentInput` argument. */
export function assessmentUserErrors(problems: readonly RiskError[]): UserErrorView<AssessmentErrorCodeValue>[] {
  return userErrorsOf(problems, ASSESSMENT_ERROR_CODES, 'orderRiskAssessmentInput');
}
