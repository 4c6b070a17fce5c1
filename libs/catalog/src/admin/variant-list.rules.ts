import { type OptionError, OptionErrors, type VariantError, VariantErrors } from '../catalog.errors.js';
import { MAX_VARIANTS } from '../product-limits.js';
import { type NewOptionInput, checkNewOptions } from './option-input.rules.js';
import { type OptionState, type VariantFields, type VariantInput, checkVariantInput, combinationKey, variantTitle } from './variant-input.rules.js';

// A product's whole list of options and variants (productSet's), checked and matched against what the product has.
// Pure: the service brings the product's options and variants (none for a new product). Names under `options[i]`
// and `variants[i]`.

/** A variant the product has, as the list is matched against it. */
export interface ExistingVariant {
  id: number;
  title: string;
  option1: string | null;
  option2: string | null;
  option3: string | null;
  position: number;
}

/** One variant of the list: what it sets, the existing variant it updates (none: it is created), its position. */
export interface PlannedVariant {
  fields: VariantFields;
  match: ExistingVariant | undefined;
  position: number;
}

export interface VariantListPlan {
  /** The options as given (trimmed), in order. */
  options: { name: string; values: string[] }[];
  variants: PlannedVariant[];
  problems: (VariantError | OptionError)[];
}

/**
 * Checks the list and matches each variant to one the product has: by `id` when given (it must be the product's),
 * else by its values under the same option names. A price not given keeps a matched variant's.
 */
export function planVariantList(
  optionInputs: readonly NewOptionInput[],
  inputs: readonly VariantInput[],
  current: { options: readonly { name: string }[]; variants: readonly ExistingVariant[] } = { options: [], variants: [] },
): VariantListPlan {
  const checked = checkNewOptions(optionInputs, []);
  const wanted = checked.options;
  const problems: (VariantError | OptionError)[] = [...checked.problems];
  if (wanted.length === 0) problems.push(OptionErrors.OPTION_VALUES_MISSING('A product has one option at least', { field: 'productOptions' }));
  if (inputs.length === 0) problems.push(VariantErrors.NEED_TO_ADD_OPTION_VALUES('A product has one variant at least', { field: 'variants' }));
  if (inputs.length > MAX_VARIANTS) problems.push(VariantErrors.TOO_MANY_VARIANTS(`A product can have at most ${MAX_VARIANTS} variants`, { field: 'variants' }));
  if (problems.length > 0) return { options: wanted, variants: [], problems };

  const states: OptionState[] = wanted.map((o, i) => ({ id: 0, name: o.name, position: i + 1, values: o.values }));
  const byId = new Map(current.variants.map((v) => [v.id, v]));
  // An existing variant's values by its options' names, to match it under the new options.
  const oldKey = (v: ExistingVariant) => {
    const values = [v.option1, v.option2, v.option3];
    const named = new Map(current.options.map((o, i) => [o.name, values[i] ?? '']));
    return combinationKey(wanted.map((o) => named.get(o.name) ?? ''));
  };
  const byValues = new Map(current.variants.map((v) => [oldKey(v), v]));
  const taken = new Set<string>();
  const used = new Set<number>();
  const variants = inputs.map((input, i) => {
    const { fields, problems: found } = checkVariantInput({ ...input, id: null }, i, states, 'create');
    problems.push(...found);
    const key = fields.values ? combinationKey(fields.values) : '';
    if (fields.values) {
      if (taken.has(key)) problems.push(VariantErrors.VARIANT_ALREADY_EXISTS(`The variant '${variantTitle(fields.values)}' is given twice`, { field: `variants[${i}]` }));
      taken.add(key);
    }
    let match: ExistingVariant | undefined;
    if (input.id != null) {
      match = byId.get(input.id);
      if (!match || used.has(match.id)) problems.push(VariantErrors.PRODUCT_VARIANT_DOES_NOT_EXIST('Product variant does not exist', { field: `variants[${i}].id` }));
    } else {
      match = byValues.get(key);
      if (match && used.has(match.id)) match = undefined;
    }
    if (match) used.add(match.id);
    if (input.price == null && match) delete fields.price;
    return { fields, match, position: i + 1 };
  });
  return { options: wanted, variants, problems };
}

/** Each option's values: those given, then those its variants use that were not given, in the variants' order. */
export function optionValuesWithUsed(options: readonly { name: string; values: readonly string[] }[], combinations: readonly (readonly string[])[]): { name: string; values: string[] }[] {
  return options.map((o, i) => {
    const values = [...o.values];
    for (const value of combinations.map((c) => c[i]!)) if (!values.includes(value)) values.push(value);
    return { name: o.name, values };
  });
}
