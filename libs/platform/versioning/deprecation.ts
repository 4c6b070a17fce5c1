import { compareVersions } from './api-versions.js';

/** The header a deprecated route or field answers with: why, and what to use instead. */
export const DEPRECATED_REASON_HEADER = 'X-Platform-API-Deprecated-Reason';

/** A deprecation: its reason, and the first version it applies to (none: every version). */
export interface Deprecation {
  readonly reason: string;
  readonly since?: string;
}

/** Whether `deprecation` applies to a request of `version`. */
export function isDeprecatedIn(deprecation: Deprecation, version: string): boolean {
  return deprecation.since === undefined || compareVersions(version, deprecation.since) >= 0;
}
