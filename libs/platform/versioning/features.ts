import { UNSTABLE, compareVersions } from './api-versions.js';

/** The part of a surface's schema a feature is: absent from the SDL of the versions without it. */
export interface VersionedSchemaPart {
  surface: 'storefront' | 'admin_graphql';
  /** A directive of its own. */
  directive?: string;
  /** An argument of a directive: `[directive, argument]`. */
  directiveArgument?: readonly [string, string];
  /** A value of an enum: `[enum, value]`. */
  enumValue?: readonly [string, string];
  /** Types only the part uses (its argument's input type). */
  types?: readonly string[];
}

type Rule = ({ after: string } | { only: string }) & { schema: VersionedSchemaPart };

// Version-gated features, the rule that opens them (the spec's directive table), and the schema part each is.
const FEATURES = {
  /** @inContext(language:) — versions after 2022-04. */
  inContextLanguage: { after: '2022-04', schema: { surface: 'storefront', directiveArgument: ['inContext', 'language'] } },
  /** @inContext(buyer:) — versions after 2024-04. */
  inContextBuyer: { after: '2024-04', schema: { surface: 'storefront', directiveArgument: ['inContext', 'buyer'], types: ['BuyerInput'] } },
  /** @inContext(visitorConsent:) — versions after 2025-10. */
  inContextVisitorConsent: { after: '2025-10', schema: { surface: 'storefront', directiveArgument: ['inContext', 'visitorConsent'], types: ['VisitorConsent'] } },
  /** ProductStatus.UNLISTED — from 2025-10 (older versions read it as ACTIVE and cannot set it). */
  unlistedProductStatus: { after: '2025-07', schema: { surface: 'admin_graphql', enumValue: ['ProductStatus', 'UNLISTED'] } },
  /** @defer — developer preview in `unstable` only. */
  defer: { only: UNSTABLE, schema: { surface: 'storefront', directive: 'defer' } },
} as const satisfies Record<string, Rule>;

export type VersionedFeature = keyof typeof FEATURES;

export function isFeatureAvailable(feature: VersionedFeature, version: string): boolean {
  const rule: Rule = FEATURES[feature];
  return 'only' in rule ? version === rule.only : compareVersions(version, rule.after) > 0;
}

/** The parts of `surface`'s schema that `version` does not have (its SDL leaves them out). */
export function schemaPartsNotIn(surface: VersionedSchemaPart['surface'], version: string): VersionedSchemaPart[] {
  return (Object.keys(FEATURES) as VersionedFeature[])
    .filter((feature) => FEATURES[feature].schema.surface === surface && !isFeatureAvailable(feature, version))
    .map((feature) => FEATURES[feature].schema);
}
