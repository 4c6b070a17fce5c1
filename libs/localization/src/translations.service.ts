import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { insertRows } from '@platform/database';
import type { RequestContext } from '@platform/request';
import { taken } from './localization.errors.js';
import { Translation } from './translation.entity.js';
import { translationRows } from './translation.rules.js';
import type { NewTranslation } from './translation.inputs.js';

/** Writes translations of products, collections, pages, articles, menus and other text into the shop's other languages. */
@Injectable()
export class TranslationsService {
  /** Creates translations in one transaction; returns their ids in the order given. Resources are held by plain id. */
  async importTranslations(ctx: RequestContext, translations: NewTranslation[]): Promise<number[]> {
    if (translations.length === 0) return [];
    const rows = translationRows(translations);
    try {
      return await ctx.em.transactional((em) => insertRows(em, Translation, rows.map((r) => ({ shopId: ctx.shop.id, ...r }))));
    } catch (error) {
      // The shop already has a translation of one of these fields in that locale.
      if (error instanceof UniqueConstraintViolationException) throw taken('key');
      throw error;
    }
  }
}
