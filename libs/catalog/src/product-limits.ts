/** A handle: lowercase letters and digits in words joined by single hyphens. */
export const HANDLE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_OPTIONS = 3;
/** The hosted platform's limit per product (older versions said 100). */
export const MAX_VARIANTS = 2048;
