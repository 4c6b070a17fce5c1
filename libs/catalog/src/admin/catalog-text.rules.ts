import { type CatalogError, CatalogErrors } from '../catalog.errors.js';
import { HANDLE_PATTERN } from '../product-limits.js';

// The text fields of the catalog's admin writes (titles, handles, descriptions, names), checked one way for products
// and collections: each problem on its field, null is "leave as it is".

/**
 * The value of a text field, or undefined when absent or null (left as it is) or refused (the problem pushed).
 * `required`: a title, which cannot be blank and is trimmed.
 */
export function textField(problems: CatalogError[], field: string, label: string, value: unknown, max: number, required = false): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.includes('\0')) return void problems.push(CatalogErrors.INVALID(`${label} is invalid`, { field }));
  if (required && value.trim() === '') return void problems.push(CatalogErrors.BLANK(`${label} can't be blank`, { field }));
  if (value.length > max) return void problems.push(CatalogErrors.TOO_LONG(`${label} is too long (maximum is ${max} characters)`, { field }));
  return required ? value.trim() : value;
}

/** A handle given: lowercase words joined by single hyphens; an empty one is none (made from the title). */
export function handleField(problems: CatalogError[], value: unknown, max: number): string | undefined {
  const handle = textField(problems, 'handle', 'Handle', value, max);
  if (handle === undefined || handle === '') return undefined;
  if (HANDLE_PATTERN.test(handle)) return handle;
  problems.push(CatalogErrors.INVALID('Handle must be lowercase letters, digits and single hyphens', { field: 'handle' }));
  return undefined;
}

/** A handle made from a title: lowercase letters and digits joined by single hyphens ('Blue  Shirt!' → 'blue-shirt'). */
export function handleFromTitle(title: string, max: number, fallback: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  // Room for a `-n` suffix; a title of symbols only (or another script entirely) still gets a handle.
  return words.join('-').slice(0, max - 8).replace(/-+$/, '') || fallback;
}

/**
 * The first of `base`, `base-1`, `base-2`… that `taken` does not hold: the hosted platform's way of keeping a generated
 * handle unique in the shop.
 */
export function freeHandle(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 1; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
