import { MAX_INPUT_ARRAY_SIZE } from './input-limits.js';

// Limits on lists every context stores the same way (docs/decisions.md, "Stored input"): checked where they are
// written, so what a list field returns is bounded (BoundedList).

/** Tags of one resource, as the hosted platform allows. */
export const MAX_TAGS = 250;
/** One tag's characters, as the hosted platform allows. */
export const MAX_TAG_LENGTH = 255;
/** Custom attributes of one cart, cart line or order line (what one list input may carry). */
export const MAX_ATTRIBUTES = MAX_INPUT_ARRAY_SIZE;
/** A title's or name's characters (products, pages, selling plans…), as the hosted platform allows. */
export const MAX_TITLE_LENGTH = 255;

/** A title or name trimmed; throws the rule's error when it is blank or longer than MAX_TITLE_LENGTH. */
export function checkTitle(title: string, invalid: (path: string, message: string, code: 'BLANK' | 'TOO_LONG') => Error, path = 'title'): string {
  const trimmed = title.trim();
  if (!trimmed) throw invalid(path, "can't be blank", 'BLANK');
  if (trimmed.length > MAX_TITLE_LENGTH) throw invalid(path, `is too long (maximum is ${MAX_TITLE_LENGTH} characters)`, 'TOO_LONG');
  return trimmed;
}
