import { createHash } from 'node:crypto';
import type { NewMetafield } from './metafield.inputs.js';
import { METAFIELD_OWNER_TYPES } from './metafield.entity.js';
import { MetafieldErrors, invalidAt } from './metafields.errors.js';

// Hosted limits (Admin API metafieldsSet): namespace 3-255 and key 2-64 characters of letters, digits,
// hyphens and underscores; `$app` and `$app:<name>` are the app-reserved namespaces.
export const NAMESPACE_PATTERN = /^(?:[A-Za-z0-9_-]{3,255}|\$app(?::[A-Za-z0-9_-]{1,250})?)$/;
export const KEY_PATTERN = /^[A-Za-z0-9_-]{2,64}$/;

/** How long a namespace and a key may be: the hosted GraphQL limits, or REST's shorter ones (spec 3). */
export interface MetafieldLimits {
  readonly namespaceMax: number;
  readonly keyMax: number;
}
/** The admin GraphQL API's limits (`metafieldsSet`, imports, the owners' own writes). */
export const METAFIELD_LIMITS: MetafieldLimits = { namespaceMax: 255, keyMax: 64 };
/** REST's limits on a metafield of a resource's body: namespace at most 20 characters, key at most 30. */
export const REST_METAFIELD_LIMITS: MetafieldLimits = { namespaceMax: 20, keyMax: 30 };
// The shortest namespace and key the patterns take, said as such rather than as a pattern.
const NAMESPACE_MIN = 3;
const KEY_MIN = 2;
// What a type's name may hold before it is looked up.
const TYPE_MAX = 255;

/** How many metafields one `metafieldsSet` takes, as the hosted platform allows. */
export const MAX_METAFIELDS_SET = 25;

/** Global-id type each reference type points at (`gid://platform/<Type>/<id>`); null accepts any type. */
const REFERENCE_TYPES: Record<string, readonly string[] | null> = {
  product_reference: ['Product'],
  variant_reference: ['ProductVariant'],
  collection_reference: ['Collection'],
  page_reference: ['Page'],
  article_reference: ['Article'],
  customer_reference: ['Customer'],
  company_reference: ['Company'],
  metaobject_reference: ['Metaobject'],
  file_reference: ['GenericFile', 'MediaImage', 'Video'],
  product_taxonomy_value_reference: ['TaxonomyValue'],
  mixed_reference: null,
};

const SCALAR_TYPES = [
  'single_line_text_field',
  'multi_line_text_field',
  'rich_text_field',
  'number_integer',
  'number_decimal',
  'boolean',
  'json',
  'url',
  'date',
  'date_time',
  'color',
  'rating',
  'money',
  'link',
  'dimension',
  'volume',
  'weight',
  'id',
] as const;

// Types that have a `list.` form (the hosted platform has none for boolean, json, money, rich and multi-line text, id).
const LISTABLE = new Set<string>([
  'single_line_text_field', 'number_integer', 'number_decimal', 'url', 'date', 'date_time', 'color', 'rating', 'link',
  'dimension', 'volume', 'weight', ...Object.keys(REFERENCE_TYPES),
]);

/** Every metafield type the platform stores, `list.` forms included. */
export const METAFIELD_TYPES: readonly string[] = [...SCALAR_TYPES, ...Object.keys(REFERENCE_TYPES), ...[...LISTABLE].map((t) => `list.${t}`)];

// Value size limits: 64 KiB for most types, 128 KiB for json, 2 KiB for url and id.
const MAX_VALUE = 65_536;
const MAX_VALUE_BY_TYPE: Record<string, number> = { json: 131_072, url: 2_048, id: 2_048 };

/** Why `value` is not a valid value of metafield type `type`, or null when it is. */
export function metafieldValueError(type: string, value: string): string | null {
  if (!METAFIELD_TYPES.includes(type)) return `type must be one of the supported metafield types, not '${type}'`;
  const max = MAX_VALUE_BY_TYPE[type] ?? MAX_VALUE;
  if (value.length > max) return `is too long (maximum is ${max} characters)`;
  if (type.startsWith('list.')) {
    const items = parseJson(value);
    if (!Array.isArray(items)) return 'must be a JSON array';
    for (const item of items) {
      const error = listItemError(type.slice(5), item);
      if (error) return `has an invalid item: ${error}`;
    }
    return null;
  }
  return scalarError(type, value);
}

function scalarError(type: string, value: string): string | null {
  if (type in REFERENCE_TYPES) return referenceError(type, value);
  switch (type) {
    case 'single_line_text_field':
      return /[\r\n]/.test(value) ? 'must be a single line' : null;
    case 'multi_line_text_field':
      return null;
    case 'id':
      return value.trim() ? null : "can't be blank";
    case 'number_integer':
      return /^-?\d{1,16}$/.test(value) && Number.isSafeInteger(Number(value)) ? null : 'must be an integer';
    case 'number_decimal':
      return /^-?\d{1,13}(?:\.\d{1,9})?$/.test(value) ? null : 'must be a decimal number with at most 9 decimals';
    case 'boolean':
      return value === 'true' || value === 'false' ? null : "must be 'true' or 'false'";
    case 'json':
    case 'rich_text_field':
      return parseJson(value) === undefined ? 'must be valid JSON' : null;
    case 'url':
      return isUrl(value) ? null : 'must be an http(s), mailto, sms or tel URL';
    case 'date':
      return isDate(value) ? null : 'must be a date (YYYY-MM-DD)';
    case 'date_time':
      return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?$/.test(value) && isDate(value.slice(0, 10))
        ? null
        : 'must be an ISO 8601 date and time';
    case 'color':
      return /^#[0-9A-Fa-f]{6}$/.test(value) ? null : 'must be a hex color (#RRGGBB)';
    default:
      return objectError(type, parseJson(value));
  }
}

// Items of list types: JSON strings for text, dates, colors, URLs and references; numbers for numbers; objects otherwise.
function listItemError(type: string, item: unknown): string | null {
  if (type === 'number_integer' || type === 'number_decimal') {
    return typeof item === 'number' || typeof item === 'string' ? scalarError(type, String(item)) : 'must be a number';
  }
  if (['rating', 'link', 'dimension', 'volume', 'weight'].includes(type)) return objectError(type, item);
  return typeof item === 'string' ? scalarError(type, item) : 'must be a string';
}

// JSON-valued types: rating {value, scale_min, scale_max}, money {amount, currency_code}, link {text, url},
// dimension/volume/weight {value, unit}.
function objectError(type: string, parsed: unknown): string | null {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return `must be a JSON object for ${type}`;
  const o = parsed as Record<string, unknown>;
  const numeric = (v: unknown) => (typeof v === 'number' || typeof v === 'string') && v !== '' && Number.isFinite(Number(v));
  switch (type) {
    case 'rating':
      if (![o.value, o.scale_min, o.scale_max].every(numeric)) return 'needs numeric value, scale_min and scale_max';
      return Number(o.scale_min) <= Number(o.value) && Number(o.value) <= Number(o.scale_max) ? null : 'value must be within the scale';
    case 'money':
      return typeof o.amount === 'string' && /^-?\d+(?:\.\d{1,2})?$/.test(o.amount) && typeof o.currency_code === 'string' && /^[A-Z]{3}$/.test(o.currency_code)
        ? null
        : 'needs a decimal amount and a currency_code';
    case 'link':
      return typeof o.text === 'string' && typeof o.url === 'string' && isUrl(o.url) ? null : 'needs text and a url';
    default:
      return numeric(o.value) && typeof o.unit === 'string' && o.unit !== '' ? null : 'needs a numeric value and a unit';
  }
}

function referenceError(type: string, value: string): string | null {
  const match = /^gid:\/\/platform\/([A-Za-z]+)\/([1-9]\d{0,18})$/.exec(value);
  if (!match) return 'must be a global id (gid://platform/<Type>/<id>)';
  const allowed = REFERENCE_TYPES[type];
  return allowed === null || allowed.includes(match[1]) ? null : `must reference a ${allowed.join(' or ')}`;
}

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

function isUrl(value: string): boolean {
  return /^(https?:\/\/[^\s/]+\S*|mailto:\S+|sms:\S+|tel:\S+)$/.test(value);
}

function isDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** What is wrong with one part of a metafield: the part, a code of the metafields' errors and a whole sentence. */
export interface MetafieldProblem {
  readonly path: 'namespace' | 'key' | 'type' | 'value';
  readonly code: 'BLANK' | 'INVALID' | 'TOO_SHORT' | 'TOO_LONG' | 'INVALID_TYPE' | 'INVALID_VALUE';
  readonly message: string;
}

/**
 * Every problem of a metafield's namespace, key, type and value, in that order (value before type, as a form reads),
 * each part checked whatever shape it came in: present, a string without NUL, within `limits` and the patterns, a
 * supported type, a value of that type. The one validation every way of writing a metafield goes through.
 */
export function metafieldProblems(
  input: { readonly namespace?: unknown; readonly key?: unknown; readonly type?: unknown; readonly value?: unknown },
  limits: MetafieldLimits = METAFIELD_LIMITS,
): MetafieldProblem[] {
  const problems: MetafieldProblem[] = [];
  namedPart(problems, 'namespace', 'Namespace', input.namespace, [NAMESPACE_MIN, limits.namespaceMax], NAMESPACE_PATTERN);
  namedPart(problems, 'key', 'Key', input.key, [KEY_MIN, limits.keyMax], KEY_PATTERN);
  const value = namedPart(problems, 'value', 'Value', input.value, null, null);
  const type = namedPart(problems, 'type', 'Type', input.type, [1, TYPE_MAX], null);
  if (type !== null && value !== null) {
    if (!METAFIELD_TYPES.includes(type)) problems.push({ path: 'type', code: 'INVALID_TYPE', message: 'Type is not a supported metafield type' });
    else {
      const error = metafieldValueError(type, value);
      if (error) problems.push({ path: 'value', code: 'INVALID_VALUE', message: `Value ${error}` });
    }
  }
  return problems;
}

// A required string part: present, not blank, a string without NUL, `min` to `max` characters, of `pattern` when given.
function namedPart(
  problems: MetafieldProblem[],
  path: MetafieldProblem['path'],
  label: string,
  value: unknown,
  length: [min: number, max: number] | null,
  pattern: RegExp | null,
): string | null {
  const problem = (code: MetafieldProblem['code'], message: string) => (problems.push({ path, code, message }), null);
  if (value === undefined || value === null || value === '') return problem('BLANK', `${label} can't be blank`);
  if (typeof value !== 'string' || value.includes('\0')) return problem('INVALID', `${label} is invalid`);
  if (length !== null && value.length > length[1]) return problem('TOO_LONG', `${label} is too long (maximum is ${length[1]} characters)`);
  if (length !== null && value.length < length[0]) return problem('TOO_SHORT', `${label} is too short (minimum is ${length[0]} characters)`);
  if (pattern && !pattern.test(value)) return problem('INVALID', `${label} is invalid: use letters, digits, hyphens and underscores`);
  return value;
}

/**
 * The digest of a stored metafield (`compareDigest`): SHA-256 of its type and value, hex. A write that names it sets
 * the metafield only while it still holds what the caller read.
 */
export function metafieldDigest(type: string, value: string): string {
  return createHash('sha256').update(`${type}\n${value}`, 'utf8').digest('hex');
}

/** Whether `digest` has the shape of one `metafieldDigest` makes. */
export function isMetafieldDigest(digest: string): boolean {
  return /^[0-9a-f]{64}$/.test(digest);
}

/** Validates a new metafield and turns it into a row (imports, the owners' own writes); a SHOP metafield belongs to `shopId` itself. */
export function metafieldRow(input: NewMetafield, shopId: number, field = 'metafield') {
  const invalid = invalidAt(field);
  if (!METAFIELD_OWNER_TYPES.includes(input.ownerType)) throw invalid('ownerType', `must be one of ${METAFIELD_OWNER_TYPES.join(', ')}`);
  if (!Number.isSafeInteger(input.ownerId) || input.ownerId <= 0) throw invalid('ownerId', 'must be the id of the owner');
  if (input.ownerType === 'SHOP' && input.ownerId !== shopId) throw invalid('ownerId', "must be the shop's own id");
  const [problem] = metafieldProblems(input);
  if (problem) throw MetafieldErrors[problem.code](problem.message, { field: `${field}.${problem.path}` });
  return {
    ownerType: input.ownerType,
    ownerId: input.ownerId,
    namespace: input.namespace,
    key: input.key,
    type: input.type,
    value: input.value,
    description: input.description ?? null,
  };
}
