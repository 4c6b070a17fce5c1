import { type DomainError, type ErrorCodeOf, MAX_TAGS, MAX_TAG_LENGTH, defineErrors } from '@platform/errors';

// Tags as the hosted platform keeps them on every taggable object (customers, orders, products…): one rule for
// all, so `tagsAdd` on an order and `customerUpdate(tags:)` read a list alike.

/**
 * The problems of a tags change: the list's (INVALID, TOO_LONG) and NOT_FOUND for an object the caller named that
 * the shop does not have (a taggable context may answer its own NOT_FOUND, e.g. "Customer does not exist").
 */
export const TagErrors = defineErrors({
  INVALID: 'UNPROCESSABLE',
  TOO_LONG: 'UNPROCESSABLE',
  NOT_FOUND: 'NOT_FOUND',
});
export type TagErrorCode = ErrorCodeOf<typeof TagErrors>;
export type TagError = DomainError<TagErrorCode>;

/** Where a rule puts its problems: a context's own problem list takes them when its codes include the tag codes. */
export interface TagProblems {
  push(problem: TagError): unknown;
}

/** `"a, b"` and `["a, b", " c "]` → `['a', 'b', 'c']`: split on commas, trimmed, blanks dropped (duplicates kept). */
export function splitTags(tags: string | readonly string[]): string[] {
  const parts: string[] = [];
  for (const tag of typeof tags === 'string' ? [tags] : tags) {
    for (const part of tag.split(',')) {
      const trimmed = part.trim();
      if (trimmed !== '') parts.push(trimmed);
    }
  }
  return parts;
}

/**
 * Tags as they are kept: split on commas, trimmed, blanks dropped, one of each (case-insensitive, the first spelling
 * kept); at most MAX_TAGS of at most MAX_TAG_LENGTH characters, none with a NUL. Null when they have a problem
 * (pushed to `problems`, on `field`).
 */
export function checkedTags(problems: TagProblems, field: string, tags: unknown): string[] | null {
  if (!Array.isArray(tags)) {
    problems.push(TagErrors.INVALID('Tags must be a list of strings', { field }));
    return null;
  }
  const kept = new Map<string, string>();
  for (const tag of tags) {
    if (typeof tag !== 'string' || tag.includes('\0')) {
      problems.push(TagErrors.INVALID('Tags must be strings without NUL characters', { field }));
      return null;
    }
    for (const part of splitTags(tag)) {
      if (part.length > MAX_TAG_LENGTH) {
        problems.push(TagErrors.TOO_LONG(`Tags is too long (maximum is ${MAX_TAG_LENGTH} characters per tag)`, { field }));
        return null;
      }
      const key = part.toLowerCase();
      if (!kept.has(key)) kept.set(key, part);
    }
  }
  if (kept.size > MAX_TAGS) {
    problems.push(tooManyTags(field));
    return null;
  }
  return [...kept.values()];
}

/** The tags after adding and removing some: removal case-insensitive, one of each, the first spelling kept, in order. */
export function tagsAfter(current: readonly string[], add: readonly string[], remove: readonly string[]): string[] {
  const removed = new Set(remove.map((t) => t.toLowerCase()));
  const kept = new Map<string, string>();
  for (const tag of [...current, ...add]) {
    const key = tag.toLowerCase();
    if (!removed.has(key) && !kept.has(key)) kept.set(key, tag);
  }
  return [...kept.values()];
}

/** More than MAX_TAGS tags, in a list given or after adding to the object's own. */
export function tooManyTags(field = 'tags'): TagError {
  return TagErrors.INVALID(`Tags cannot be more than ${MAX_TAGS}`, { field });
}
