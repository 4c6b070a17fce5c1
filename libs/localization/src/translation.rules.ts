import { invalidAt, taken } from './localization.errors.js';
import { TRANSLATABLE_RESOURCE_TYPES, type TranslatableResourceType } from './translation.entity.js';
import type { NewTranslation } from './translation.inputs.js';

/**
 * Keys each resource type can translate: the hosted platform's translatable content keys (a product's
 * description is `body_html`, an article's excerpt `summary_html`). A metaobject translates its field keys.
 */
export const TRANSLATABLE_KEYS: Readonly<Record<TranslatableResourceType, readonly string[] | 'FIELD_KEYS'>> = {
  PRODUCT: ['title', 'body_html', 'handle', 'product_type', 'meta_title', 'meta_description'],
  PRODUCT_OPTION: ['name'],
  COLLECTION: ['title', 'body_html', 'handle', 'meta_title', 'meta_description'],
  PAGE: ['title', 'body_html', 'handle', 'meta_title', 'meta_description'],
  BLOG: ['title', 'handle', 'meta_title', 'meta_description'],
  ARTICLE: ['title', 'body_html', 'summary_html', 'handle', 'meta_title', 'meta_description'],
  MENU: ['title'],
  MENU_ITEM: ['title'],
  METAFIELD: ['value'],
  METAOBJECT: 'FIELD_KEYS',
  SELLING_PLAN_GROUP: ['name', 'option1', 'option2', 'option3'],
  SELLING_PLAN: ['name', 'description', 'option1', 'option2', 'option3'],
};

const LOCALE = /^([A-Za-z]{2,3})(?:[-_]([A-Za-z]{2}|\d{3}))?$/;

/** `FR` → `fr`, `pt_br` → `pt-BR`; null when it is not a language code with an optional region. */
export function normalizeLocale(locale: string): string | null {
  const match = LOCALE.exec(locale.trim());
  if (!match) return null;
  return match[2] ? `${match[1].toLowerCase()}-${match[2].toUpperCase()}` : match[1].toLowerCase();
}

/** Validates a batch of translations; a field of a resource given twice in one locale is refused at its second place. */
export function translationRows(inputs: readonly NewTranslation[]) {
  const seen = new Set<string>();
  return inputs.map((input, i) => {
    const row = translationRow(input, `translations[${i}]`);
    const key = `${row.resourceType}/${row.resourceId}/${row.locale}/${row.key}`;
    if (seen.has(key)) throw taken(`translations[${i}].key`);
    seen.add(key);
    return row;
  });
}

export function translationRow(input: NewTranslation, field = 'translation') {
  const invalid = invalidAt(field);
  if (!TRANSLATABLE_RESOURCE_TYPES.includes(input.resourceType)) {
    throw invalid('resourceType', `must be one of ${TRANSLATABLE_RESOURCE_TYPES.join(', ')}`);
  }
  if (!Number.isSafeInteger(input.resourceId) || input.resourceId <= 0) throw invalid('resourceId', 'must be the id of the resource');
  const locale = normalizeLocale(input.locale);
  if (!locale) throw invalid('locale', 'must be a language code, optionally with a region (fr, pt-BR)');
  const keys = TRANSLATABLE_KEYS[input.resourceType];
  const keyOk = keys === 'FIELD_KEYS' ? /^[A-Za-z0-9_-]{2,64}$/.test(input.key) : keys.includes(input.key);
  if (!keyOk) {
    throw invalid('key', keys === 'FIELD_KEYS' ? 'must be a field key of the metaobject' : `must be one of ${keys.join(', ')} for ${input.resourceType}`);
  }
  if (!input.value.trim()) throw invalid('value', "can't be blank", 'BLANK');
  return { resourceType: input.resourceType, resourceId: input.resourceId, locale, key: input.key, value: input.value };
}
