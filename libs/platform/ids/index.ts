export { idOfType, isRecordId, parseGlobalId, requireGlobalId, toGlobalId, type ParsedGlobalId } from './global-id.js';
