import { parseMoney } from '@platform/money';
import type { NewProduct, NewProductOption } from './catalog.inputs.js';
import { type CatalogError, type CatalogErrorCode, CatalogErrors, blank, invalidHandle } from './catalog.errors.js';
import { PRODUCT_STATUSES, type ProductStatus } from './product.entity.js';

export const HANDLE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_OPTIONS = 3;
/** The hosted platform's limit per product (older versions said 100). */
export const MAX_VARIANTS = 2048;

/** A product ready to be written: defaults applied, money normalised to two places. */
export interface ProductRows {
  product: {
    handle: string;
    title: string;
    descriptionHtml: string;
    vendor: string;
    productType: string;
    tags: string[];
    status: ProductStatus;
    publishedAt: Date | null;
    seoTitle: string | null;
    seoDescription: string | null;
  };
  options: { name: string; position: number; values: string[] }[];
  variants: {
    title: string;
    sku: string | null;
    price: string;
    compareAtPrice: string | null;
    option1: string | null;
    option2: string | null;
    option3: string | null;
    position: number;
    inventoryQuantity: number;
    availableForSale: boolean;
    tracked: boolean;
  }[];
  images: { position: number; src: string; alt: string | null; width: number | null; height: number | null }[];
  collectionIds: number[];
}

const DEFAULT_OPTIONS: NewProductOption[] = [{ name: 'Title', values: ['Default Title'] }];

/**
 * Validates a new product and turns it into rows; `now` is when an active product without a date is published,
 * `field` prefixes error fields (e.g. `products[3]`).
 */
export function productRows(input: NewProduct, now: Date, field = 'product'): ProductRows {
  const invalid = (path: string, message: string, code: CatalogErrorCode = 'INVALID'): CatalogError => CatalogErrors[code](message, { field: `${field}.${path}` });

  if (!HANDLE_PATTERN.test(input.handle)) throw invalidHandle(`${field}.handle`);
  if (!input.title.trim()) throw blank(`${field}.title`);
  const status = input.status ?? 'active';
  if (!PRODUCT_STATUSES.includes(status)) throw invalid('status', `must be one of ${PRODUCT_STATUSES.join(', ')}`);

  const options = input.options.length > 0 ? input.options : DEFAULT_OPTIONS;
  if (options.length > MAX_OPTIONS) throw invalid('options', `can have at most ${MAX_OPTIONS} options`);
  if (new Set(options.map((o) => o.name)).size !== options.length) throw invalid('options', 'names must be unique');
  options.forEach((o, i) => {
    if (!o.name.trim()) throw invalid(`options[${i}].name`, "can't be blank", 'BLANK');
    if (o.values.length === 0) throw invalid(`options[${i}].values`, "can't be empty", 'BLANK');
  });
  if (input.variants.length === 0) throw invalid('variants', 'must have at least one variant', 'BLANK');
  if (input.variants.length > MAX_VARIANTS) throw invalid('variants', `can have at most ${MAX_VARIANTS} variants`);

  const combinations = new Set<string>();
  const variants = input.variants.map((v, i) => {
    const values = input.options.length > 0 ? v.options : ['Default Title'];
    if (values.length !== options.length) throw invalid(`variants[${i}].options`, `must have one value per option (${options.length})`);
    values.forEach((value, o) => {
      if (!options[o].values.includes(value)) throw invalid(`variants[${i}].options`, `'${value}' is not a value of ${options[o].name}`);
    });
    const key = JSON.stringify(values);
    if (combinations.has(key)) throw invalid(`variants[${i}].options`, 'already exists on another variant', 'TAKEN');
    combinations.add(key);
    const price = money(v.price, () => invalid(`variants[${i}].price`, 'must be a non-negative amount with at most two decimals'));
    const compareAtPrice =
      v.compareAtPrice == null
        ? null
        : money(v.compareAtPrice, () => invalid(`variants[${i}].compareAtPrice`, 'must be a non-negative amount with at most two decimals'));
    const inventoryQuantity = v.inventoryQuantity ?? 0;
    if (!Number.isSafeInteger(inventoryQuantity)) throw invalid(`variants[${i}].inventoryQuantity`, 'must be an integer');
    return {
      title: v.title?.trim() || values.join(' / '),
      sku: v.sku ?? null,
      price,
      compareAtPrice,
      option1: values[0] ?? null,
      option2: values[1] ?? null,
      option3: values[2] ?? null,
      position: i + 1,
      inventoryQuantity,
      availableForSale: v.availableForSale ?? inventoryQuantity > 0,
      tracked: v.tracked ?? true,
    };
  });

  return {
    product: {
      handle: input.handle,
      title: input.title.trim(),
      descriptionHtml: input.descriptionHtml ?? '',
      vendor: input.vendor ?? '',
      productType: input.productType ?? '',
      tags: [...new Set(input.tags ?? [])],
      status,
      // An active product without a date is published now; drafts stay unpublished unless told.
      publishedAt: input.publishedAt !== undefined ? input.publishedAt : status === 'active' ? now : null,
      seoTitle: input.seoTitle ?? null,
      seoDescription: input.seoDescription ?? null,
    },
    options: options.map((o, i) => ({ name: o.name, position: i + 1, values: [...o.values] })),
    variants,
    images: (input.images ?? []).map((img, i) => ({
      position: i + 1,
      src: img.src,
      alt: img.alt ?? null,
      width: img.width ?? null,
      height: img.height ?? null,
    })),
    collectionIds: [...new Set(input.collectionIds ?? [])],
  };
}

/** An exact money string with two places ('5' → '5.00'); rejects floats' noise, negatives and a third decimal. */
export function money(value: string, error: () => Error): string {
  const amount = parseMoney(value);
  if (amount === null) throw error();
  return amount;
}
