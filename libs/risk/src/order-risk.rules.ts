import { Decimal } from '@platform/money';
import type { OrderRiskInput, RiskAssessmentInput } from './order-risk.inputs.js';
import { RISK_RECOMMENDATIONS, type RiskFactRecord, type RiskLevel, type RiskRecommendation } from './order-risk.records.js';
import { type RiskError, RiskErrors } from './risk.errors.js';
import { recommendationOfLevel, riskLevelOf, sentimentOf } from './risk-level.rules.js';

export const MAX_FACTS = 20;
export const MAX_FACT_DESCRIPTION = 256;
/** Risks (and assessments) one order holds: each app's checks, far above what a real order gathers. */
export const MAX_RISKS_PER_ORDER = 20;
const MAX_SOURCE = 255;
// A risk's message, as long as the other notes a merchant reads (order and refund notes).
const MAX_MESSAGE = 5_000;
// numeric(5, 4): four decimals are kept exactly; more would be rounded, so they are refused.
const MAX_SCORE_DECIMALS = 4;

/** The columns a REST write sets. */
export interface RiskFields {
  message?: string | null;
  recommendation?: RiskRecommendation;
  riskLevel?: RiskLevel;
  score?: string | null;
  source?: string | null;
  causeCancel?: boolean;
  display?: boolean;
  checkoutId?: number | null;
  facts?: RiskFactRecord[];
}

/**
 * A REST create or update checked: `recommendation` in cancel|investigate|accept (required to create), `score` a
 * decimal from 0 to 1. `current` is the risk being updated (its message and recommendation make the fact it shows).
 */
export function restRiskFields(input: OrderRiskInput, current?: { message: string | null; recommendation: RiskRecommendation | null }): { fields: RiskFields; problems: RiskError[] } {
  const problems: RiskError[] = [];
  const fields: RiskFields = {};
  if (input.recommendation === undefined || input.recommendation === null) {
    if (!current || input.recommendation === null) problems.push(RiskErrors.BLANK("Recommendation can't be blank", { field: 'recommendation' }));
  } else if (!(RISK_RECOMMENDATIONS as readonly string[]).includes(input.recommendation)) {
    problems.push(RiskErrors.INVALID('Recommendation is not included in the list', { field: 'recommendation' }));
  } else {
    fields.recommendation = input.recommendation as RiskRecommendation;
    fields.riskLevel = riskLevelOf(fields.recommendation);
  }
  if (input.score !== undefined) {
    const score = scoreOf(input.score);
    if (score === undefined) problems.push(RiskErrors.INVALID('Score must be a number from 0 to 1 with at most 4 decimals', { field: 'score' }));
    else fields.score = score;
  }
  if (input.source !== undefined) {
    if (input.source !== null && input.source.length > MAX_SOURCE) problems.push(RiskErrors.INVALID(`Source is too long (maximum is ${MAX_SOURCE} characters)`, { field: 'source' }));
    else fields.source = input.source;
  }
  if (input.message !== undefined) {
    if (input.message !== null && input.message.length > MAX_MESSAGE) problems.push(RiskErrors.INVALID(`Message is too long (maximum is ${MAX_MESSAGE} characters)`, { field: 'message' }));
    else fields.message = input.message;
  }
  if (input.causeCancel !== undefined) fields.causeCancel = input.causeCancel;
  if (input.display !== undefined) fields.display = input.display;
  if (input.checkoutId !== undefined) {
    // A bigint column: a JSON number past 2^53 (or not positive) is no id it could hold exactly.
    if (input.checkoutId !== null && !(Number.isSafeInteger(input.checkoutId) && input.checkoutId > 0)) {
      problems.push(RiskErrors.INVALID('Checkout id is invalid', { field: 'checkoutId' }));
    } else fields.checkoutId = input.checkoutId;
  }
  if (problems.length > 0) return { fields: {}, problems };
  // The message shows on the admin schema as the assessment's one fact.
  const message = fields.message !== undefined ? fields.message : (current?.message ?? null);
  const recommendation = fields.recommendation ?? current?.recommendation ?? null;
  if (fields.message !== undefined || fields.recommendation !== undefined) {
    fields.facts = message && recommendation ? [{ description: cut(message), sentiment: sentimentOf(recommendation) }] : [];
  }
  return { fields, problems };
}

/**
 * `orderRiskAssessmentCreate`'s input as the columns it writes: at most 20 facts, each description cut at 256
 * characters; the facts' descriptions are the REST message.
 */
export function assessmentFields(input: RiskAssessmentInput): { fields: RiskFields; problems: RiskError[] } {
  const problems: RiskError[] = [];
  if (input.facts.length > MAX_FACTS) {
    problems.push(RiskErrors.TOO_MANY_FACTS(`Too many facts were provided: at most ${MAX_FACTS} are allowed`, { field: 'facts' }));
  }
  input.facts.forEach((fact, i) => {
    if (!fact.description.trim()) problems.push(RiskErrors.BLANK("Description can't be blank", { field: `facts[${i}].description` }));
  });
  if (problems.length > 0) return { fields: {}, problems };
  const facts = input.facts.map((fact) => ({ description: cut(fact.description), sentiment: fact.sentiment }));
  return {
    fields: {
      riskLevel: input.riskLevel,
      recommendation: recommendationOfLevel(input.riskLevel) ?? undefined,
      facts,
      message: facts.map((fact) => fact.description).join('\n') || null,
      display: true,
      causeCancel: false,
    },
    problems,
  };
}


/** A score as exact text (`0.75`), or undefined when it is not a decimal from 0 to 1 with at most 4 decimals. */
export function scoreOf(value: unknown): string | null | undefined {
  if (value === null) return null;
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return undefined;
  const score = new Decimal(text);
  if (score.isNegative() || score.greaterThan(1) || score.decimalPlaces() > MAX_SCORE_DECIMALS) return undefined;
  return score.toFixed(Math.max(1, score.decimalPlaces()));
}

// Cut by characters (code points), not UTF-16 units, so a description never ends in half an emoji.
function cut(text: string): string {
  const characters = Array.from(text);
  return characters.length > MAX_FACT_DESCRIPTION ? characters.slice(0, MAX_FACT_DESCRIPTION).join('') : text;
}
