import type { NewOrderRisk } from '@platform/risk';

/** The two fraud-check apps whose risks the seeded orders carry. */
export const RISK_APP_NAMES = ['Fraud Filter', 'Risk Radar'] as const;

type Check = Omit<NewOrderRisk, 'orderId' | 'appId'>;

const FILTER_CHECKS: Check[] = [
  { recommendation: 'accept', score: '0.1', source: 'External', message: 'Billing and shipping addresses match' },
  { recommendation: 'investigate', score: '0.55', source: 'External', message: 'The card was used on three orders within an hour' },
  { recommendation: 'cancel', score: '0.92', source: 'External', message: 'This order came from an anonymous proxy', causeCancel: true },
];
const RADAR_CHECKS: Check[] = [
  { recommendation: 'accept', score: '0.05', source: 'Risk Radar', message: 'Card verification (CVV) passed' },
  { recommendation: 'investigate', score: '0.6', source: 'Risk Radar', message: 'The IP address is far from the shipping address' },
  // Hidden: not returned and not counted (spec 3), kept so the demo shows the rule.
  { recommendation: 'cancel', score: '0.8', source: 'Risk Radar', message: 'Chargeback on a previous order', display: false },
];

/**
 * Risks on the seeded orders, by position (deterministic): every third order gets a check of the first app,
 * every fourth from the second one; the others have none.
 */
export function seedRisks(orderIds: readonly number[], appIds: readonly [number, number]): NewOrderRisk[] {
  return orderIds.flatMap((orderId, i) => [
    ...(i % 3 === 0 ? [{ ...FILTER_CHECKS[(i / 3) % FILTER_CHECKS.length]!, orderId, appId: appIds[0] }] : []),
    ...(i % 4 === 1 ? [{ ...RADAR_CHECKS[((i - 1) / 4) % RADAR_CHECKS.length]!, orderId, appId: appIds[1] }] : []),
  ]);
}
