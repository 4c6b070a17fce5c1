import { normalizeLocale, translationRow, translationRows } from './translation.rules.js';

describe('translations', () => {
  it('normalises locales to a lowercase language and an uppercase region', () => {
    expect(normalizeLocale('FR')).toBe('fr');
    expect(normalizeLocale('pt_br')).toBe('pt-BR');
    expect(normalizeLocale('es-419')).toBe('es-419');
    expect(normalizeLocale('french')).toBeNull();
  });

  it("accepts a resource type's translatable keys only", () => {
    expect(translationRow({ resourceType: 'PRODUCT', resourceId: 1, locale: 'FR', key: 'body_html', value: '<p>Bonjour</p>' })).toEqual({
      resourceType: 'PRODUCT',
      resourceId: 1,
      locale: 'fr',
      key: 'body_html',
      value: '<p>Bonjour</p>',
    });
    expect(() => translationRow({ resourceType: 'PRODUCT', resourceId: 1, locale: 'fr', key: 'description_html', value: 'x' })).toThrow(
      expect.objectContaining({ field: 'translation.key' }),
    );
    expect(translationRow({ resourceType: 'METAOBJECT', resourceId: 1, locale: 'fr', key: 'bio', value: 'x' }).key).toBe('bio');
    expect(() => translationRow({ resourceType: 'PAGE', resourceId: 0, locale: 'fr', key: 'title', value: 'x' })).toThrow(expect.objectContaining({ field: 'translation.resourceId' }));
    expect(() => translationRow({ resourceType: 'PAGE', resourceId: 1, locale: 'fr', key: 'title', value: ' ' })).toThrow(expect.objectContaining({ code: 'BLANK' }));
  });

  it('refuses a field of a resource twice in one locale within a batch, however the locale is written', () => {
    const title = { resourceType: 'PAGE' as const, resourceId: 1, key: 'title', value: 'À propos' };
    expect(translationRows([{ ...title, locale: 'fr' }, { ...title, locale: 'fr-CA' }])).toHaveLength(2);
    expect(() => translationRows([{ ...title, locale: 'fr' }, { ...title, locale: 'FR' }])).toThrow(
      expect.objectContaining({ field: 'translations[1].key', code: 'TAKEN' }),
    );
  });
});
