import { DomainError } from '@platform/errors';
import type { NewProduct } from '../catalog.inputs.js';
import { invalidHandle } from '../catalog.errors.js';
import { MAX_VARIANTS } from '../product-limits.js';
import type { AdminProductRecord } from './product-admin.records.js';
import { checkNewOptions } from './option-input.rules.js';
import { checkProductInput } from './product-input.rules.js';
import { type OptionState, checkVariantInput, combinationKey, variantTitle } from './variant-input.rules.js';
import { optionValuesWithUsed } from './variant-list.rules.js';
import { VariantErrors } from '../catalog.errors.js';

// A new product (the import's: the seed, productCreate, productSet of a new product) checked by the admin writes'
// own rules and turned into rows. One validation for every way a product is made.

/** A product ready to be written: defaults applied, money normalised to two places. */
export interface ProductRows {
  /** The product's own fields: those of the record it is read back as that a write sets. */
  product: Pick<AdminProductRecord, 'handle' | 'title' | 'descriptionHtml' | 'vendor' | 'productType' | 'tags' | 'status' | 'publishedAt' | 'seoTitle' | 'seoDescription'>;
  options: { name: string; position: number; values: string[] }[];
  variants: {
    title: string;
    sku: string | null;
    barcode: string | null;
    price: string;
    compareAtPrice: string | null;
    option1: string | null;
    option2: string | null;
    option3: string | null;
    position: number;
    inventoryQuantity: number;
    availableForSale: boolean;
    tracked: boolean;
    taxable: boolean;
    requiresShipping: boolean;
    unitCost: string | null;
  }[];
  images: { position: number; src: string; fileKey: string | null; mimeType: string | null; alt: string | null; width: number | null; height: number | null }[];
  collectionIds: number[];
}

const DEFAULT_OPTIONS = [{ name: 'Title', values: [{ name: 'Default Title' }] }];

/**
 * Checks a new product with productCreate's, productOptionsCreate's and the variant writes' rules and turns it into
 * rows; the first problem is thrown with its field under `field` (`products[3].variants[0].price`). `now` is when an
 * active product without a date is published. A value a variant uses that its option does not list joins the option.
 */
export function productRows(input: NewProduct, now: Date, field = 'product'): ProductRows {
  const fail = (problem: DomainError): never => {
    throw new DomainError(problem.kind, problem.message, { field: `${field}.${problem.field ?? ''}`.replace(/\.$/, ''), code: problem.code });
  };
  const first = (problems: readonly DomainError[]) => problems.length > 0 && fail(problems[0]!);

  const seo = input.seoTitle !== undefined || input.seoDescription !== undefined ? { title: input.seoTitle, description: input.seoDescription } : undefined;
  const { changes, problems } = checkProductInput(
    { title: input.title, handle: input.handle, descriptionHtml: input.descriptionHtml, vendor: input.vendor, productType: input.productType, status: input.status, tags: input.tags, seo },
    'create',
  );
  first(problems);
  // The import names every product's handle (the admin writes make one from the title first).
  if (changes.handle === undefined) fail(invalidHandle('handle'));

  const given = input.options.length > 0;
  const checked = checkNewOptions(given ? input.options.map((o) => ({ name: o.name, values: o.values.map((name) => ({ name })) })) : DEFAULT_OPTIONS, []);
  first(checked.problems);
  if (input.variants.length === 0) fail(VariantErrors.NEED_TO_ADD_OPTION_VALUES('A product has one variant at least', { field: 'variants' }));
  if (input.variants.length > MAX_VARIANTS) fail(VariantErrors.TOO_MANY_VARIANTS(`A product can have at most ${MAX_VARIANTS} variants`, { field: 'variants' }));

  const states: OptionState[] = checked.options.map((o, i) => ({ id: 0, name: o.name, position: i + 1, values: o.values }));
  const taken = new Set<string>();
  const variants = input.variants.map((v, i) => {
    const values = given ? v.options : ['Default Title'];
    const optionValues = values.map((name, o) => ({ optionName: states[o]?.name ?? `Option${o + 1}`, name }));
    const checkedVariant = checkVariantInput(
      { price: v.price, compareAtPrice: v.compareAtPrice, sku: v.sku, barcode: v.barcode, taxable: v.taxable, tracked: v.tracked, requiresShipping: v.requiresShipping, cost: v.unitCost, optionValues },
      i,
      states,
      'create',
    );
    first(checkedVariant.problems);
    const fields = checkedVariant.fields;
    const key = combinationKey(fields.values!);
    if (taken.has(key)) fail(VariantErrors.VARIANT_ALREADY_EXISTS(`The variant '${variantTitle(fields.values!)}' is given twice`, { field: `variants[${i}]` }));
    taken.add(key);
    const inventoryQuantity = v.inventoryQuantity ?? 0;
    if (!Number.isSafeInteger(inventoryQuantity)) fail(VariantErrors.INVALID('Inventory quantity must be an integer', { field: `variants[${i}].inventoryQuantity` }));
    const tracked = fields.tracked ?? true;
    return {
      title: v.title?.trim() || variantTitle(fields.values!),
      sku: fields.sku ?? null,
      barcode: fields.barcode ?? null,
      price: fields.price!,
      compareAtPrice: fields.compareAtPrice ?? null,
      option1: fields.values![0] ?? null,
      option2: fields.values![1] ?? null,
      option3: fields.values![2] ?? null,
      position: i + 1,
      inventoryQuantity,
      availableForSale: v.availableForSale ?? (!tracked || inventoryQuantity > 0),
      tracked,
      taxable: fields.taxable ?? true,
      requiresShipping: fields.requiresShipping ?? true,
      unitCost: fields.unitCost ?? null,
    };
  });

  const status = changes.status ?? 'active';
  return {
    product: {
      handle: changes.handle!,
      title: changes.title!,
      descriptionHtml: changes.descriptionHtml ?? '',
      vendor: changes.vendor ?? '',
      productType: changes.productType ?? '',
      tags: changes.tags ?? [],
      status,
      // An active product without a date is published now; drafts stay unpublished unless told.
      publishedAt: input.publishedAt !== undefined ? input.publishedAt : status === 'active' ? now : null,
      seoTitle: changes.seoTitle ?? null,
      seoDescription: changes.seoDescription ?? null,
    },
    options: optionValuesWithUsed(checked.options, variants.map((v) => [v.option1, v.option2, v.option3].slice(0, states.length) as string[])).map((o, i) => ({
      ...o,
      position: i + 1,
    })),
    variants,
    images: (input.images ?? []).map((img, i) => ({
      position: i + 1,
      src: img.src ?? '',
      fileKey: img.fileKey ?? null,
      mimeType: img.mimeType ?? null,
      alt: img.alt ?? null,
      width: img.width ?? null,
      height: img.height ?? null,
    })),
    collectionIds: [...new Set(input.collectionIds ?? [])],
  };
}
