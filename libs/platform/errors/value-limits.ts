import { MAX_INPUT_ARRAY_SIZE } from './input-limits.js';

// Limits on lists every context stores the same way (docs/decisions.md, "Stored input"): checked where they are
// written, so what a list field returns is bounded (BoundedList).

/** Tags of one resource, as the hosted platform allows. */
export const MAX_TAGS = 250;
/** One tag's characters, as the hosted platform allows. */
export const MAX_TAG_LENGTH = 255;
/** Custom attributes of one cart, cart line or order line (what one list input may carry). */
export const MAX_ATTRIBUTES = MAX_INPUT_ARRAY_SIZE;
