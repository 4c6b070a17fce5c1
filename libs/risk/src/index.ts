export { RiskModule } from './risk.module.js';
export { RiskRestApiModule } from './risk-rest-api.module.js';
export { RiskAdminApiModule } from './risk-admin-api.module.js';
export { OrderRisksService } from './order-risks.service.js';
export type { NewOrderRisk, OrderRiskInput, RiskAssessmentInput } from './order-risk.inputs.js';
export {
  RISK_FACT_SENTIMENTS,
  RISK_LEVELS,
  RISK_RECOMMENDATIONS,
  type OrderRecommendation,
  type OrderRiskAssessmentRecord,
  type OrderRiskRecord,
  type OrderRiskSummaryRecord,
  type OrderRiskWriteResult,
  type RiskFactRecord,
  type RiskFactSentiment,
  type RiskLevel,
  type RiskRecommendation,
} from './order-risk.records.js';
export { RiskErrors, type RiskError, type RiskErrorCode } from './risk.errors.js';
