import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { forkForShop, insertRows } from '@platform/database';
import { uniqueWithin } from './content.rules.js';
import { Translation, type TranslatableResourceType } from './translation.entity.js';
import { normalizeLocale, translationRow } from './translation.rules.js';
import type { NewTranslation, TranslatedFields } from './translation.types.js';
import { taken } from './write-guards.js';

/** Translations of products, collections, pages, articles, menus and other text into the shop's other languages. */
@Injectable()
export class TranslationsService {
  constructor(private readonly em: EntityManager) {}

  /** Creates translations in one transaction; returns their ids in the order given. Resources are held by plain id. */
  async importTranslations(shopId: number, translations: NewTranslation[]): Promise<number[]> {
    if (translations.length === 0) return [];
    const rows = translations.map((t, i) => translationRow(t, `translations[${i}]`));
    uniqueWithin(rows, (r) => `${r.resourceType}/${r.resourceId}/${r.locale}/${r.key}`, (i) => `translations[${i}].key`);
    return taken('key', forkForShop(this.em, shopId).transactional((em) => insertRows(em, Translation, rows.map((r) => ({ shopId, ...r })))));
  }

  /**
   * For each resource (in the order asked), its fields translated into `locale`, by key (empty when there is
   * none): one statement for any number of resources. An unknown locale has no translations.
   */
  async translationsFor(shopId: number, resourceType: TranslatableResourceType, resourceIds: readonly number[], locale: string): Promise<TranslatedFields[]> {
    if (resourceIds.length === 0) return [];
    const normalized = normalizeLocale(locale);
    if (!normalized) return resourceIds.map(() => ({}));
    const rows = await forkForShop(this.em, shopId).find(
      Translation,
      { resourceType, resourceId: { $in: [...new Set(resourceIds)] }, locale: normalized },
      { fields: ['resourceId', 'key', 'value'], disableIdentityMap: true },
    );
    const byResource = new Map<number, TranslatedFields>();
    for (const row of rows) byResource.set(row.resourceId, { ...byResource.get(row.resourceId), [row.key]: row.value });
    return resourceIds.map((id) => ({ ...byResource.get(id) }));
  }
}
