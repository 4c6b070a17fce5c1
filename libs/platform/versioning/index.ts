export { SUPPORTED_VERSIONS, UNSTABLE, compareVersions, isSupportedVersion, unsupportedVersionMessage } from './api-versions.js';
export { isFeatureAvailable, schemaPartsNotIn, type VersionedFeature, type VersionedSchemaPart } from './features.js';
export { DEPRECATED_REASON_HEADER, isDeprecatedIn, type Deprecation } from './deprecation.js';
