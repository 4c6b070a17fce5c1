import { invalidAt } from './content.errors.js';
import { checkTitle } from '@platform/errors';
import { checkHandle } from './content.rules.js';
import type { MetaobjectFieldDefinition } from './metaobject-definition.entity.js';
import type { NewMetaobject, NewMetaobjectDefinition } from './metaobject.inputs.js';
import { KEY_PATTERN, METAFIELD_TYPES, metafieldValueError } from '@platform/metafields';

// Hosted limits: a definition's type is 3-255 characters, field keys 2-64, of letters, digits, hyphens and underscores.
export const METAOBJECT_TYPE_PATTERN = /^[A-Za-z0-9_-]{3,255}$/;
export const MAX_METAOBJECT_FIELDS = 40;

export function metaobjectDefinitionRow(input: NewMetaobjectDefinition, field = 'definition') {
  const invalid = invalidAt(field);
  if (!METAOBJECT_TYPE_PATTERN.test(input.type)) throw invalid('type', 'must be 3-255 characters of letters, digits, hyphens and underscores');
  if (input.fieldDefinitions.length === 0) throw invalid('fieldDefinitions', 'must define at least one field', 'BLANK');
  if (input.fieldDefinitions.length > MAX_METAOBJECT_FIELDS) throw invalid('fieldDefinitions', `can define at most ${MAX_METAOBJECT_FIELDS} fields`);
  const keys = new Set<string>();
  const fieldDefinitions: MetaobjectFieldDefinition[] = input.fieldDefinitions.map((f, i) => {
    const at = `fieldDefinitions[${i}]`;
    if (!KEY_PATTERN.test(f.key)) throw invalid(`${at}.key`, 'must be 2-64 characters of letters, digits, hyphens and underscores');
    if (keys.has(f.key)) throw invalid(`${at}.key`, 'has already been taken', 'TAKEN');
    keys.add(f.key);
    if (!METAFIELD_TYPES.includes(f.type)) throw invalid(`${at}.type`, `'${f.type}' is not a supported metafield type`);
    return { key: f.key, name: f.name?.trim() || f.key, type: f.type, required: f.required ?? false, description: f.description ?? null };
  });
  return { type: input.type, name: checkTitle(input.name, invalid, 'name'), description: input.description ?? null, fieldDefinitions };
}

/** Checks a metaobject's fields against its definition: known keys, required ones present, values of the right type. */
export function metaobjectRow(input: NewMetaobject, definition: { fieldDefinitions: MetaobjectFieldDefinition[] }, field = 'metaobject') {
  const invalid = invalidAt(field);
  const byKey = new Map(definition.fieldDefinitions.map((f) => [f.key, f]));
  for (const [key, value] of Object.entries(input.fields)) {
    const def = byKey.get(key);
    if (!def) throw invalid(`fields.${key}`, `is not a field of ${input.type}`, 'UNDEFINED_OBJECT_FIELD');
    if (typeof value !== 'string') throw invalid(`fields.${key}`, 'must be a string');
    const error = value === '' ? null : metafieldValueError(def.type, value);
    if (error) throw invalid(`fields.${key}`, error);
  }
  for (const def of definition.fieldDefinitions) {
    if (def.required && !input.fields[def.key]) throw invalid(`fields.${def.key}`, "can't be blank", 'BLANK');
  }
  // Empty values are not stored: a field without a value is absent, as on the storefront.
  const fields = Object.fromEntries(definition.fieldDefinitions.filter((d) => input.fields[d.key]).map((d) => [d.key, input.fields[d.key]]));
  return { type: input.type, handle: checkHandle(input.handle, invalid), fields };
}
