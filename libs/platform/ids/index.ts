export { idOfType, parseGlobalId, requireGlobalId, toGlobalId, type ParsedGlobalId } from './global-id.js';
