export { TagErrors, checkedTags, splitTags, tagsAfter, tooManyTags, type TagError, type TagErrorCode, type TagProblems } from './tags.rules.js';
export { tagsAfterSql } from './tags.sql.js';
