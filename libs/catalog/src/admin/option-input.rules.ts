import { MAX_INPUT_ARRAY_SIZE, MAX_TITLE_LENGTH } from '@platform/errors';
import { type OptionError, OptionErrors } from '../catalog.errors.js';
import { MAX_OPTIONS } from '../product-limits.js';

// productOptionsCreate's options, checked against the product's own. Pure; names under `options[i]`.

export interface NewOptionInput {
  name?: string | null;
  position?: number | null;
  values?: { name?: string | null }[] | null;
}

/**
 * The new options (trimmed names and values), or the problems: a name missing, too long or taken (case-insensitively,
 * by the product's options or another new one), values missing, repeated or too long, more than three options in all.
 * `existing` are the names the product keeps (its default `Title` option goes when options are added).
 */
export function checkNewOptions(inputs: readonly NewOptionInput[], existing: readonly string[]): { options: { name: string; values: string[] }[]; problems: OptionError[] } {
  const problems: OptionError[] = [];
  if (existing.length + inputs.length > MAX_OPTIONS) problems.push(OptionErrors.OPTIONS_OVER_LIMIT(`A product can have at most ${MAX_OPTIONS} options`, { field: 'options' }));
  const names = new Set(existing.map((n) => n.toLowerCase()));
  const options = inputs.map((input, i) => {
    const at = `options[${i}]`;
    const name = typeof input.name === 'string' ? input.name.trim() : '';
    if (name === '') problems.push(OptionErrors.OPTION_NAME_MISSING('Option name is missing', { field: `${at}.name` }));
    else if (name.length > MAX_TITLE_LENGTH) problems.push(OptionErrors.OPTION_NAME_TOO_LONG(`Option name is too long (maximum is ${MAX_TITLE_LENGTH} characters)`, { field: `${at}.name` }));
    else if (names.has(name.toLowerCase())) {
      const code = existing.some((n) => n.toLowerCase() === name.toLowerCase()) ? 'OPTION_ALREADY_EXISTS' : 'DUPLICATED_OPTION_NAME';
      problems.push(OptionErrors[code](`Option '${name}' already exists`, { field: `${at}.name` }));
    }
    names.add(name.toLowerCase());
    const given = input.values ?? [];
    if (given.length === 0) problems.push(OptionErrors.OPTION_VALUES_MISSING('Option values are missing', { field: `${at}.values` }));
    if (given.length > MAX_INPUT_ARRAY_SIZE) problems.push(OptionErrors.OPTION_VALUES_OVER_LIMIT(`An option can have at most ${MAX_INPUT_ARRAY_SIZE} values`, { field: `${at}.values` }));
    const seen = new Set<string>();
    const values: string[] = [];
    given.forEach((value, v) => {
      const valueName = typeof value.name === 'string' ? value.name.trim() : '';
      const field = `${at}.values[${v}].name`;
      if (valueName === '') problems.push(OptionErrors.INVALID('Option value name is missing', { field }));
      else if (valueName.length > MAX_TITLE_LENGTH) problems.push(OptionErrors.OPTION_VALUE_NAME_TOO_LONG(`Option value is too long (maximum is ${MAX_TITLE_LENGTH} characters)`, { field }));
      else if (seen.has(valueName.toLowerCase())) problems.push(OptionErrors.DUPLICATED_OPTION_VALUE(`Option value '${valueName}' is given twice`, { field }));
      else values.push(valueName);
      seen.add(valueName.toLowerCase());
    });
    return { name, values };
  });
  return { options, problems };
}

/** Every combination of the options' values, the first option varying slowest (S/Red, S/Blue, M/Red…). */
export function combinations(valueLists: readonly (readonly string[])[]): string[][] {
  return valueLists.reduce<string[][]>((acc, values) => acc.flatMap((prefix) => values.map((value) => [...prefix, value])), [[]]);
}
