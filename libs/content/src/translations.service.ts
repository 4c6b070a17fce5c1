import { Injectable } from '@nestjs/common';
import { insertRows } from '@platform/database';
import type { RequestContext } from '@platform/request';
import { uniqueWithin } from './content.rules.js';
import { Translation } from './translation.entity.js';
import { translationRow } from './translation.rules.js';
import type { NewTranslation } from './translation.types.js';
import { uniqueOn } from './write-guards.js';

/** Writes translations of products, collections, pages, articles, menus and other text into the shop's other languages. */
@Injectable()
export class TranslationsService {
  /** Creates translations in one transaction; returns their ids in the order given. Resources are held by plain id. */
  async importTranslations(ctx: RequestContext, translations: NewTranslation[]): Promise<number[]> {
    if (translations.length === 0) return [];
    const rows = translations.map((t, i) => translationRow(t, `translations[${i}]`));
    uniqueWithin(rows, (r) => `${r.resourceType}/${r.resourceId}/${r.locale}/${r.key}`, (i) => `translations[${i}].key`);
    return uniqueOn('key', ctx.em.transactional((em) => insertRows(em, Translation, rows.map((r) => ({ shopId: ctx.shop.id, ...r })))));
  }
}
