import { MAX_INPUT_ARRAY_SIZE, MAX_TITLE_LENGTH } from '@platform/errors';
import { type OptionError, OptionErrors } from '../catalog.errors.js';
import { MAX_VARIANTS } from '../product-limits.js';
import { type OptionState, combinationKey } from './variant-input.rules.js';

// productOptionUpdate, planned without a database: the option renamed or moved, its values added, renamed or deleted,
// and what that does to the product's variants. Pure; fields named as the mutation's arguments.

/** An option of the product with its values' ids (in the values' order). */
export interface OptionWithValueIds extends OptionState {
  valueIds: number[];
}

/** A variant's id and its values, one per option in position order. */
export interface VariantValues {
  id: number;
  values: string[];
}

export interface OptionUpdateInput {
  optionId: number;
  name?: string | null;
  position?: number | null;
  valuesToAdd: readonly { name?: string | null }[];
  valuesToUpdate: readonly { id: number; name?: string | null }[];
  valuesToDelete: readonly number[];
}

/** LEAVE_AS_IS creates and deletes no variant (a deleted value a variant has is refused); MANAGE does both. */
export type OptionUpdateStrategy = 'LEAVE_AS_IS' | 'MANAGE';

/** What to write: every option as it ends (ids null for new values), the variants' new values, those to delete and to create. */
export interface OptionUpdatePlan {
  options: { id: number; name: string; position: number; values: string[]; valueIds: (number | null)[] }[];
  updated: VariantValues[];
  deleted: number[];
  created: string[][];
}

export function planOptionUpdate(
  options: readonly OptionWithValueIds[],
  variants: readonly VariantValues[],
  input: OptionUpdateInput,
  strategy: OptionUpdateStrategy,
): { plan: OptionUpdatePlan | null; problems: OptionError[] } {
  const at = options.findIndex((o) => o.id === input.optionId);
  if (at < 0) return refused([OptionErrors.OPTION_DOES_NOT_EXIST('Option does not exist', { field: 'option.id' })]);
  const option = options[at]!;
  const problems: OptionError[] = [];

  const name = input.name == null ? option.name : input.name.trim();
  if (name === '') problems.push(OptionErrors.INVALID_NAME('Option name is blank', { field: 'option.name' }));
  else if (name.length > MAX_TITLE_LENGTH) problems.push(OptionErrors.OPTION_NAME_TOO_LONG(`Option name is too long (maximum is ${MAX_TITLE_LENGTH} characters)`, { field: 'option.name' }));
  else if (options.some((o) => o.id !== option.id && o.name.toLowerCase() === name.toLowerCase())) {
    problems.push(OptionErrors.OPTION_ALREADY_EXISTS(`Option '${name}' already exists`, { field: 'option.name' }));
  }
  const position = input.position ?? option.position;
  if (!Number.isInteger(position) || position < 1 || position > options.length) {
    problems.push(OptionErrors.INVALID_POSITION(`Position must be between 1 and ${options.length}`, { field: 'option.position' }));
  }

  const values = checkValues(option, input, problems);
  if (problems.length > 0) return refused(problems);

  // The variants: those with a deleted value go (MANAGE) or refuse the update (LEAVE_AS_IS); renamed values follow.
  const deletedNames = new Set(input.valuesToDelete.map((id) => option.values[option.valueIds.indexOf(id)]!));
  const renamed = new Map(input.valuesToUpdate.map((u) => [option.values[option.valueIds.indexOf(u.id)]!, u.name!.trim()]));
  const doomed = variants.filter((v) => deletedNames.has(v.values[at]!));
  if (doomed.length > 0 && strategy === 'LEAVE_AS_IS') {
    const value = input.valuesToDelete.findIndex((id) => doomed.some((v) => v.values[at] === option.values[option.valueIds.indexOf(id)]));
    return refused([OptionErrors.OPTION_VALUE_HAS_VARIANTS('An option value with variants cannot be deleted', { field: `optionValuesToDelete[${value}]` })]);
  }
  const kept = variants.filter((v) => !doomed.includes(v));
  if (kept.length === 0) return refused([OptionErrors.CANNOT_LEAVE_OPTIONS_WITHOUT_VARIANTS('The option would have no value with a variant', { field: 'optionValuesToDelete' })]);
  const renamedVariants = kept.map((v) => ({ id: v.id, values: v.values.map((value, i) => (i === at ? (renamed.get(value) ?? value) : value)) }));

  // MANAGE: each added value joins every combination of the other options' values the variants have.
  const created: string[][] = [];
  if (strategy === 'MANAGE' && values.added.length > 0) {
    const others = new Map<string, string[]>();
    for (const v of renamedVariants) others.set(combinationKey(v.values.filter((_, i) => i !== at)), v.values);
    for (const value of values.added) for (const combination of others.values()) created.push(combination.map((v, i) => (i === at ? value : v)));
    if (kept.length + created.length > MAX_VARIANTS) {
      return refused([OptionErrors.TOO_MANY_VARIANTS_CREATED(`The new values would make ${kept.length + created.length} variants, more than ${MAX_VARIANTS}`, { field: 'optionValuesToAdd' })]);
    }
  }

  // The option moves to its position and the others close up around it; every variant's values follow the options.
  const order = options.map((_, i) => i).filter((i) => i !== at);
  order.splice(position - 1, 0, at);
  const reorder = (list: readonly string[]) => order.map((i) => list[i]!);
  return {
    plan: {
      options: order.map((i, p) =>
        i === at
          ? { id: option.id, name, position: p + 1, values: values.names, valueIds: values.ids }
          : { id: options[i]!.id, name: options[i]!.name, position: p + 1, values: options[i]!.values, valueIds: options[i]!.valueIds },
      ),
      updated: renamedVariants.map((v) => ({ id: v.id, values: reorder(v.values) })),
      deleted: doomed.map((v) => v.id),
      created: created.map(reorder),
    },
    problems: [],
  };
}

// The option's values after the change, in order (kept ones where they were, added ones after), or the problems.
function checkValues(option: OptionWithValueIds, input: OptionUpdateInput, problems: OptionError[]): { names: string[]; ids: (number | null)[]; added: string[] } {
  const deleting = new Set<number>();
  input.valuesToDelete.forEach((id, i) => {
    const field = `optionValuesToDelete[${i}]`;
    if (!option.valueIds.includes(id)) problems.push(OptionErrors.OPTION_VALUE_DOES_NOT_EXIST('Option value does not exist', { field }));
    else if (deleting.has(id)) problems.push(OptionErrors.OPTION_VALUE_CONFLICTING_OPERATION('The option value is deleted twice', { field }));
    deleting.add(id);
  });
  const renames = new Map<number, string>();
  input.valuesToUpdate.forEach((update, i) => {
    const field = `optionValuesToUpdate[${i}]`;
    if (!option.valueIds.includes(update.id)) problems.push(OptionErrors.OPTION_VALUE_DOES_NOT_EXIST('Option value does not exist', { field: `${field}.id` }));
    else if (deleting.has(update.id) || renames.has(update.id)) {
      problems.push(OptionErrors.OPTION_VALUE_CONFLICTING_OPERATION('The option value is changed twice', { field: `${field}.id` }));
    }
    const name = valueName(update.name, `${field}.name`, problems);
    if (name !== null) renames.set(update.id, name);
  });
  const added = input.valuesToAdd.map((value, i) => valueName(value.name, `optionValuesToAdd[${i}].name`, problems));

  // A new name may not be one a value keeps, nor another new one (case aside).
  const unchanged = option.values.filter((_, i) => !deleting.has(option.valueIds[i]!) && !renames.has(option.valueIds[i]!));
  const seen = new Set(unchanged.map((v) => v.toLowerCase()));
  const check = (value: string | null, field: string) => {
    if (value === null) return;
    const key = value.toLowerCase();
    if (unchanged.some((v) => v.toLowerCase() === key)) problems.push(OptionErrors.OPTION_VALUE_ALREADY_EXISTS(`Option value '${value}' already exists`, { field }));
    else if (seen.has(key)) problems.push(OptionErrors.DUPLICATED_OPTION_VALUE(`Option value '${value}' is given twice`, { field }));
    seen.add(key);
  };
  input.valuesToUpdate.forEach((update, i) => check(renames.get(update.id) === undefined ? null : (update.name ?? '').trim(), `optionValuesToUpdate[${i}].name`));
  added.forEach((value, i) => check(value, `optionValuesToAdd[${i}].name`));

  const names: string[] = [];
  const ids: (number | null)[] = [];
  option.values.forEach((value, i) => {
    const id = option.valueIds[i]!;
    if (deleting.has(id)) return;
    names.push(renames.get(id) ?? value);
    ids.push(id);
  });
  for (const value of added) {
    if (value === null) continue;
    names.push(value);
    ids.push(null);
  }
  if (names.length === 0 && problems.length === 0) {
    problems.push(OptionErrors.CANNOT_DELETE_ALL_OPTION_VALUES_IN_OPTION('An option keeps one value at least', { field: 'optionValuesToDelete' }));
  }
  if (names.length > MAX_INPUT_ARRAY_SIZE) problems.push(OptionErrors.OPTION_VALUES_OVER_LIMIT(`An option can have at most ${MAX_INPUT_ARRAY_SIZE} values`, { field: 'optionValuesToAdd' }));
  return { names, ids, added: added.filter((v): v is string => v !== null) };
}

function valueName(given: string | null | undefined, field: string, problems: OptionError[]): string | null {
  const name = typeof given === 'string' ? given.trim() : '';
  if (name === '') problems.push(OptionErrors.INVALID_NAME('Option value name is blank', { field }));
  else if (name.length > MAX_TITLE_LENGTH) problems.push(OptionErrors.OPTION_VALUE_NAME_TOO_LONG(`Option value is too long (maximum is ${MAX_TITLE_LENGTH} characters)`, { field }));
  else return name;
  return null;
}

function refused(problems: OptionError[]): { plan: null; problems: OptionError[] } {
  return { plan: null, problems };
}
