import { BigIntType, type Opt } from '@mikro-orm/core';
import { Entity, Enum, Index, Property } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';
import { RISK_LEVELS, RISK_RECOMMENDATIONS, type RiskFactRecord, type RiskLevel, type RiskRecommendation } from './order-risk.records.js';

/**
 * One fraud check of an order, written by the REST risk resource or by `orderRiskAssessmentCreate`: both read
 * the same rows. `riskLevel` and `recommendation` always agree (risk-level.rules.ts); NONE and PENDING have no
 * recommendation. Orders and apps are other contexts: plain ids (SQL foreign keys cascade / set null).
 */
@Entity({ tableName: 'order_risks' })
@Index({ properties: ['shopId', 'orderId', 'id'] })
export class OrderRisk extends TenantEntity {
  @Property({ type: new BigIntType('number') })
  orderId!: number;

  /** The app that created it; null for the platform's own (seed, CLI). Only that app may change it. */
  @Property({ type: new BigIntType('number'), nullable: true })
  appId?: number | null;

  @Property({ type: new BigIntType('number'), nullable: true })
  checkoutId?: number | null;

  @Property({ type: 'text', nullable: true })
  source?: string | null;

  /** Exact decimal text from 0 to 1. */
  @Property({ type: 'decimal', precision: 5, scale: 4, nullable: true })
  score?: string | null;

  @Enum({ items: () => RISK_RECOMMENDATIONS, nullable: true })
  recommendation?: RiskRecommendation | null;

  @Enum({ items: () => RISK_LEVELS })
  riskLevel!: RiskLevel;

  @Property({ type: 'boolean' })
  display: Opt<boolean> = true;

  @Property({ type: 'boolean' })
  causeCancel: Opt<boolean> = false;

  @Property({ type: 'text', nullable: true })
  message?: string | null;

  @Property({ type: 'json' })
  facts: Opt<RiskFactRecord[]> = [];
}
