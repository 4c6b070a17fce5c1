import { MAX_INPUT_ARRAY_SIZE, MAX_TITLE_LENGTH } from '@platform/errors';
import { checkedTags } from '@platform/tags';
import { type CatalogError, CatalogErrors } from '../catalog.errors.js';
import { MAX_OPTIONS } from '../product-limits.js';
import { handleField, handleFromTitle, textField } from './catalog-text.rules.js';
import { type OwnedMetafield, ownedMetafields } from './owned-metafields.rules.js';
import { PRODUCT_STATUSES, type ProductStatus } from '../product.entity.js';
import type { ProductInput } from './product-admin.inputs.js';

// productCreate's and productUpdate's input as the catalog keeps it: every field checked, each problem on its own
// path (under `product`), nothing written unless there is none. Pure: the service adds what needs the database
// (a free handle, collections and the product of this shop).

export const MAX_HANDLE_LENGTH = MAX_TITLE_LENGTH;
export const MAX_NAME_LENGTH = MAX_TITLE_LENGTH;
export const MAX_SEO_TITLE_LENGTH = 255;
export const MAX_SEO_DESCRIPTION_LENGTH = 5000;
/** The description's HTML, in characters: a long page of text, far below the request body's limit. */
export const MAX_DESCRIPTION_LENGTH = 512 * 1024;

/** What a create or an update changes; absent fields are left as they are. */
export interface ProductChanges {
  title?: string;
  handle?: string;
  descriptionHtml?: string;
  vendor?: string;
  productType?: string;
  status?: ProductStatus;
  tags?: string[];
  seoTitle?: string | null;
  seoDescription?: string | null;
  options?: { name: string; values: string[] }[];
  metafields?: OwnedMetafield[];
  collectionsToJoin?: number[];
  collectionsToLeave?: number[];
}

export interface CheckedProductInput {
  changes: ProductChanges;
  problems: CatalogError[];
}

/** `create`: a title is required and options may be given; `update`: only what is present changes. */
export function checkProductInput(input: ProductInput, mode: 'create' | 'update'): CheckedProductInput {
  const problems: CatalogError[] = [];
  const changes: ProductChanges = {};
  const text = (field: keyof ProductInput & string, label: string, max: number, required = false) => textField(problems, field, label, input[field], max, required);

  if (mode === 'create' && (input.title === undefined || input.title === null)) problems.push(CatalogErrors.BLANK("Title can't be blank", { field: 'title' }));
  const title = text('title', 'Title', MAX_TITLE_LENGTH, true);
  if (title !== undefined) changes.title = title;
  const handle = handleField(problems, input.handle, MAX_HANDLE_LENGTH);
  if (handle !== undefined) changes.handle = handle;
  const description = text('descriptionHtml', 'Description', MAX_DESCRIPTION_LENGTH);
  if (description !== undefined) changes.descriptionHtml = description;
  const vendor = text('vendor', 'Vendor', MAX_NAME_LENGTH);
  if (vendor !== undefined) changes.vendor = vendor.trim();
  const productType = text('productType', 'Product type', MAX_NAME_LENGTH);
  if (productType !== undefined) changes.productType = productType.trim();

  if (input.status !== undefined && input.status !== null) {
    if ((PRODUCT_STATUSES as readonly string[]).includes(input.status)) changes.status = input.status;
    else problems.push(CatalogErrors.INVALID('Status is not a product status', { field: 'status' }));
  }
  if (input.tags !== undefined && input.tags !== null) {
    const tags = checkedTags(problems, 'tags', input.tags);
    if (tags) changes.tags = tags;
  }
  if (input.seo !== undefined && input.seo !== null) seoChanges(problems, changes, input.seo);
  if (input.productOptions !== undefined && input.productOptions !== null) {
    if (mode === 'update') problems.push(CatalogErrors.INVALID('Options are changed with productOptionsCreate, productOptionUpdate and productOptionsDelete', { field: 'productOptions' }));
    else changes.options = optionChanges(problems, input.productOptions);
  }
  if (input.metafields !== undefined && input.metafields !== null) changes.metafields = ownedMetafields(problems, input.metafields, catalogMetafieldProblem);
  for (const field of ['collectionsToJoin', 'collectionsToLeave'] as const) {
    const ids = input[field];
    if (ids === undefined || ids === null) continue;
    if (mode === 'create' && field === 'collectionsToLeave') continue;
    if (ids.length > MAX_INPUT_ARRAY_SIZE) problems.push(CatalogErrors.INVALID(`At most ${MAX_INPUT_ARRAY_SIZE} collections can be given`, { field }));
    else changes[field] = [...new Set(ids)];
  }
  return { changes, problems };
}

/** A product's handle made from its title (`product` when nothing is left of it). */
export function productHandle(title: string): string {
  return handleFromTitle(title, MAX_HANDLE_LENGTH, 'product');
}

function seoChanges(problems: CatalogError[], changes: ProductChanges, seo: NonNullable<ProductInput['seo']>): void {
  for (const [key, label, max, field] of [
    ['title', 'SEO title', MAX_SEO_TITLE_LENGTH, 'seoTitle'],
    ['description', 'SEO description', MAX_SEO_DESCRIPTION_LENGTH, 'seoDescription'],
  ] as const) {
    const value = seo[key];
    if (value === undefined) continue;
    if (value !== null && (typeof value !== 'string' || value.includes('\0'))) problems.push(CatalogErrors.INVALID(`${label} is invalid`, { field: `seo.${key}` }));
    else if (value !== null && value.length > max) problems.push(CatalogErrors.TOO_LONG(`${label} is too long (maximum is ${max} characters)`, { field: `seo.${key}` }));
    // An empty one is no SEO text of its own: the title and description stand in.
    else changes[field] = value === null || value.trim() === '' ? null : value.trim();
  }
}

function optionChanges(problems: CatalogError[], options: NonNullable<ProductInput['productOptions']>): ProductChanges['options'] {
  if (options.length > MAX_OPTIONS) {
    problems.push(CatalogErrors.INVALID(`A product can have at most ${MAX_OPTIONS} options`, { field: 'productOptions' }));
    return undefined;
  }
  const names = new Set<string>();
  const checked = options.map((option, i) => {
    const field = `productOptions[${i}]`;
    const name = optionText(problems, `${field}.name`, 'Option name', option.name);
    if (name !== null) {
      if (names.has(name.toLowerCase())) problems.push(CatalogErrors.TAKEN(`Option '${name}' already exists`, { field: `${field}.name` }));
      names.add(name.toLowerCase());
    }
    const values = option.values ?? [];
    if (values.length === 0) problems.push(CatalogErrors.BLANK('Option values can\'t be blank', { field: `${field}.values` }));
    if (values.length > MAX_INPUT_ARRAY_SIZE) {
      problems.push(CatalogErrors.INVALID(`An option can have at most ${MAX_INPUT_ARRAY_SIZE} values`, { field: `${field}.values` }));
      return { name: name ?? '', values: [] };
    }
    const seen = new Set<string>();
    const kept: string[] = [];
    values.forEach((value, v) => {
      const valueName = optionText(problems, `${field}.values[${v}].name`, 'Option value', value.name);
      if (valueName === null) return;
      if (seen.has(valueName.toLowerCase())) problems.push(CatalogErrors.TAKEN(`Option value '${valueName}' already exists`, { field: `${field}.values[${v}].name` }));
      seen.add(valueName.toLowerCase());
      kept.push(valueName);
    });
    return { name: name ?? '', values: kept };
  });
  // Given positions place the options; the rest keep their order after them.
  const order = options.map((o, i) => ({ i, position: o.position ?? Number.MAX_SAFE_INTEGER })).sort((a, b) => a.position - b.position || a.i - b.i);
  return order.map(({ i }) => checked[i]);
}

function optionText(problems: CatalogError[], field: string, label: string, value: unknown): string | null {
  if (typeof value !== 'string' || value.includes('\0')) return (problems.push(CatalogErrors.INVALID(`${label} is invalid`, { field })), null);
  if (value.trim() === '') return (problems.push(CatalogErrors.BLANK(`${label} can't be blank`, { field })), null);
  if (value.length > MAX_NAME_LENGTH) return (problems.push(CatalogErrors.TOO_LONG(`${label} is too long (maximum is ${MAX_NAME_LENGTH} characters)`, { field })), null);
  return value.trim();
}

/** A metafield problem as the catalog's error. */
export function catalogMetafieldProblem(code: string, message: string, field: string): CatalogError {
  const known = code === 'TOO_LONG' || code === 'BLANK' || code === 'TAKEN' ? code : 'INVALID';
  return CatalogErrors[known](message, { field });
}
