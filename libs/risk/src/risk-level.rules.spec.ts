import type { RiskRecommendation } from './order-risk.records.js';
import { orderRecommendation, recommendationOfLevel, riskLevelOf } from './risk-level.rules.js';

const risk = (recommendation: RiskRecommendation | null, display = true) => ({ recommendation, display });

describe("an order's risk level", () => {
  it.each([
    ['no risks', [], 'NONE'],
    ['one accept', [risk('accept')], 'ACCEPT'],
    ['accept and investigate', [risk('accept'), risk('investigate')], 'INVESTIGATE'],
    ['cancel among others, in any order', [risk('investigate'), risk('cancel'), risk('accept')], 'CANCEL'],
    ['a hidden cancel does not count', [risk('accept'), risk('cancel', false)], 'ACCEPT'],
    ['only hidden risks', [risk('cancel', false)], 'NONE'],
    ['risks that recommend nothing (NONE, PENDING) do not count', [risk(null), risk('investigate'), risk(null)], 'INVESTIGATE'],
    ['only risks that recommend nothing', [risk(null)], 'NONE'],
  ] as const)('%s → %s', (_name, risks, expected) => {
    expect(orderRecommendation(risks)).toBe(expected);
  });

  it.each([
    ['cancel', 'HIGH'],
    ['investigate', 'MEDIUM'],
    ['accept', 'LOW'],
  ] as const)('maps the REST recommendation %s to the risk level %s and back', (recommendation, level) => {
    expect(riskLevelOf(recommendation)).toBe(level);
    expect(recommendationOfLevel(level)).toBe(recommendation);
  });

  it.each(['NONE', 'PENDING'] as const)('gives the level %s no recommendation', (level) => {
    expect(recommendationOfLevel(level)).toBeNull();
  });
});
