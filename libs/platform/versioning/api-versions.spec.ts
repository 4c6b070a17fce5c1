import { SUPPORTED_VERSIONS, compareVersions, isSupportedVersion } from './api-versions.js';
import { isFeatureAvailable } from './features.js';

describe('API versions', () => {
  it('lists the quarterly versions from 2022-01 to 2026-10 and unstable', () => {
    expect(SUPPORTED_VERSIONS[0]).toBe('2022-01');
    expect(SUPPORTED_VERSIONS).toContain('2024-07');
    expect(SUPPORTED_VERSIONS.at(-2)).toBe('2026-10');
    expect(SUPPORTED_VERSIONS.at(-1)).toBe('unstable');
    expect(SUPPORTED_VERSIONS).toHaveLength(21);
  });

  it.each(['2022-02', '2021-10', '2027-01', 'latest', '2024-7'])('does not support %s', (v) => {
    expect(isSupportedVersion(v)).toBe(false);
  });

  it('orders unstable after every dated version', () => {
    expect(compareVersions('unstable', '2026-10')).toBe(1);
    expect(compareVersions('2023-01', '2022-10')).toBe(1);
    expect(compareVersions('2023-01', '2023-01')).toBe(0);
  });

  it('opens features by version as the directive table says', () => {
    expect(isFeatureAvailable('inContextLanguage', '2022-04')).toBe(false);
    expect(isFeatureAvailable('inContextLanguage', '2022-07')).toBe(true);
    expect(isFeatureAvailable('inContextBuyer', '2024-04')).toBe(false);
    expect(isFeatureAvailable('inContextBuyer', '2024-07')).toBe(true);
    expect(isFeatureAvailable('inContextVisitorConsent', '2025-10')).toBe(false);
    expect(isFeatureAvailable('inContextVisitorConsent', '2026-01')).toBe(true);
    expect(isFeatureAvailable('defer', '2026-10')).toBe(false);
    expect(isFeatureAvailable('defer', 'unstable')).toBe(true);
  });
});
