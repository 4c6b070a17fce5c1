import { UNSTABLE, compareVersions } from './api-versions.js';

// Version-gated features and the rule that opens them (the spec's directive table).
const FEATURES = {
  /** @inContext(language:) — versions after 2022-04. */
  inContextLanguage: { after: '2022-04' },
  /** @inContext(buyer:) — versions after 2024-04. */
  inContextBuyer: { after: '2024-04' },
  /** @inContext(visitorConsent:) — versions after 2025-10. */
  inContextVisitorConsent: { after: '2025-10' },
  /** ProductStatus.UNLISTED — from 2025-10 (older versions read it as ACTIVE and cannot set it). */
  unlistedProductStatus: { after: '2025-07' },
  /** @defer — developer preview in `unstable` only. */
  defer: { only: UNSTABLE },
} as const satisfies Record<string, { after: string } | { only: string }>;

export type VersionedFeature = keyof typeof FEATURES;

export function isFeatureAvailable(feature: VersionedFeature, version: string): boolean {
  const rule: { after: string } | { only: string } = FEATURES[feature];
  return 'only' in rule ? version === rule.only : compareVersions(version, rule.after) > 0;
}
