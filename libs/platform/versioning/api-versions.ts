// Supported versions: quarterly from 2022-01 to 2026-10, plus `unstable` (previews). One list for every surface.
const FIRST_YEAR = 2022;
const LAST_YEAR = 2026;
const QUARTER_MONTHS = ['01', '04', '07', '10'];

export const UNSTABLE = 'unstable';

export const SUPPORTED_VERSIONS: readonly string[] = Object.freeze([
  ...Array.from({ length: LAST_YEAR - FIRST_YEAR + 1 }, (_, i) => QUARTER_MONTHS.map((m) => `${FIRST_YEAR + i}-${m}`)).flat(),
  UNSTABLE,
]);

const SUPPORTED = new Set(SUPPORTED_VERSIONS);

export function isSupportedVersion(version: string): boolean {
  return SUPPORTED.has(version);
}

/** Orders versions; `unstable` is newer than every dated version. */
export function compareVersions(a: string, b: string): number {
  if (a === b) return 0;
  if (a === UNSTABLE) return 1;
  if (b === UNSTABLE) return -1;
  return a < b ? -1 : 1;
}

export function unsupportedVersionMessage(version: string): string {
  return `API version '${version}' is not supported. Supported versions: ${SUPPORTED_VERSIONS.join(', ')}.`;
}
