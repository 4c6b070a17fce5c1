import { MAX_TITLE_LENGTH } from '@platform/errors';
import { parseMoney } from '@platform/money';
import { type OwnedMetafield, ownedMetafields } from './owned-metafields.rules.js';
import { type VariantError, VariantErrors } from '../catalog.errors.js';

// One variant of productVariantsBulkCreate or productVariantsBulkUpdate, checked against the product's options.
// Pure: the service brings the options and the existing variants. Fields are named under `variants[i]`.

/** A variant of the bulk inputs in the catalog's terms (the edge turned global ids into numbers, 0 for none). */
export interface VariantInput {
  id?: number | null;
  price?: string | null;
  compareAtPrice?: string | null;
  barcode?: string | null;
  taxable?: boolean | null;
  /** `inventoryItem.sku`, `.tracked`, `.requiresShipping`, `.cost`. */
  sku?: string | null;
  tracked?: boolean | null;
  requiresShipping?: boolean | null;
  cost?: string | null;
  optionValues?: { name?: string | null; optionName?: string | null; optionId?: number | null }[] | null;
  metafields?: { namespace?: string | null; key?: string | null; type?: string | null; value?: string | null }[] | null;
}

/** An option of the product as the variant rules see it. */
export interface OptionState {
  id: number;
  name: string;
  position: number;
  values: string[];
}

/** What a variant write sets; `values` holds a value per option, in option position order. */
export interface VariantFields {
  price?: string;
  compareAtPrice?: string | null;
  barcode?: string | null;
  taxable?: boolean;
  sku?: string | null;
  tracked?: boolean;
  requiresShipping?: boolean;
  unitCost?: string | null;
  values?: string[];
  metafields?: OwnedMetafield[];
}

const MAX_CODE_LENGTH = MAX_TITLE_LENGTH;

/** `create`: a price and a value for every option are required; `update`: what is present changes. */
export function checkVariantInput(input: VariantInput, index: number, options: readonly OptionState[], mode: 'create' | 'update'): { fields: VariantFields; problems: VariantError[] } {
  const at = (path: string) => `variants[${index}]${path ? `.${path}` : ''}`;
  const problems: VariantError[] = [];
  const fields: VariantFields = {};

  if (mode === 'create' && input.id != null) problems.push(VariantErrors.NO_KEY_ON_CREATE('On create, the id cannot be given', { field: at('id') }));
  if (mode === 'create' && input.price == null) fields.price = '0.00';
  if (input.price != null) {
    const price = amount(problems, at('price'), 'Price', input.price);
    if (price !== null) fields.price = price;
  }
  if (input.compareAtPrice !== undefined) {
    fields.compareAtPrice = input.compareAtPrice === null ? null : amount(problems, at('compareAtPrice'), 'Compare at price', input.compareAtPrice);
  }
  for (const [key, label] of [['barcode', 'Barcode'], ['sku', 'SKU']] as const) {
    const value = input[key];
    if (value === undefined) continue;
    if (value !== null && value.length > MAX_CODE_LENGTH) {
      problems.push(VariantErrors.INVALID(`${label} is too long (maximum is ${MAX_CODE_LENGTH} characters)`, { field: at(key === 'sku' ? 'inventoryItem.sku' : key) }));
    } else fields[key] = value === null || value.trim() === '' ? null : value.trim();
  }
  if (input.taxable != null) fields.taxable = input.taxable;
  if (input.tracked != null) fields.tracked = input.tracked;
  if (input.requiresShipping != null) fields.requiresShipping = input.requiresShipping;
  if (input.cost !== undefined) fields.unitCost = input.cost === null ? null : amount(problems, at('inventoryItem.cost'), 'Cost', input.cost);
  if (input.optionValues != null) {
    const values = optionValues(problems, at('optionValues'), input.optionValues, options);
    if (values) fields.values = values;
  } else if (mode === 'create') {
    problems.push(VariantErrors.NEED_TO_ADD_OPTION_VALUES('Option values are required for every option of the product', { field: at('optionValues') }));
  }
  if (input.metafields != null) {
    const metafields = ownedMetafields(problems, input.metafields, (_code, message, field) => VariantErrors.INVALID(message, { field }), `${at('')}.`);
    if (metafields) fields.metafields = metafields;
  }
  return { fields, problems };
}

/** The option values as the variant's title shows them ('S / Red'). */
export function variantTitle(values: readonly string[]): string {
  return values.join(' / ');
}

/** A variant's values as a key: two variants of one product never share one. */
export function combinationKey(values: readonly (string | null)[]): string {
  return JSON.stringify(values.map((v) => v ?? ''));
}

function amount(problems: VariantError[], field: string, label: string, value: string): string | null {
  const parsed = parseMoney(value);
  if (parsed !== null) return parsed;
  if (value.trim().startsWith('-')) problems.push(VariantErrors.GREATER_THAN_OR_EQUAL_TO(`${label} must be greater than or equal to 0`, { field }));
  else problems.push(VariantErrors.INVALID(`${label} must be an amount with at most two decimals`, { field }));
  return null;
}

// One value per option, each naming its option by id or name; a value the option lacks is added to it on write.
function optionValues(problems: VariantError[], field: string, given: NonNullable<VariantInput['optionValues']>, options: readonly OptionState[]): string[] | null {
  const before = problems.length;
  const values: (string | undefined)[] = options.map(() => undefined);
  given.forEach((value, i) => {
    const option = options.findIndex((o) => (value.optionId != null ? o.id === value.optionId : o.name === value.optionName));
    if (value.optionId == null && value.optionName == null) {
      problems.push(VariantErrors.INVALID('An option value names its option by optionId or optionName', { field: `${field}[${i}]` }));
    } else if (option < 0) {
      const code = given.length > options.length ? 'OPTION_VALUES_FOR_NUMBER_OF_UNKNOWN_OPTIONS' : 'OPTION_DOES_NOT_EXIST';
      problems.push(VariantErrors[code]('Option does not exist', { field: `${field}[${i}]` }));
    } else if (values[option] !== undefined) {
      problems.push(VariantErrors.INVALID('Each option can have only one value', { field: `${field}[${i}]` }));
    } else if (typeof value.name !== 'string' || value.name.trim() === '' || value.name.length > MAX_TITLE_LENGTH) {
      problems.push(VariantErrors.INVALID(`Option value must be 1 to ${MAX_TITLE_LENGTH} characters`, { field: `${field}[${i}].name` }));
    } else values[option] = value.name.trim();
  });
  if (problems.length > before) return null;
  if (values.some((v) => v === undefined)) {
    problems.push(VariantErrors.NEED_TO_ADD_OPTION_VALUES('Option values are required for every option of the product', { field }));
    return null;
  }
  return values as string[];
}
