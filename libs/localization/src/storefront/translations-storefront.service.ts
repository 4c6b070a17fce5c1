import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { SqlPool, preparedSql } from '@platform/database';
import { type MaybePromise, type RequestContext, inContextOf, requestScoped } from '@platform/request';
import type { TranslatableResourceType } from '../translation.entity.js';
import { normalizeLocale } from '../translation.rules.js';
import type { TranslatedFields } from '../translation.records.js';
import { TRANSLATIONS_OF_RESOURCES } from './translation.sql.js';

const translationsOfResources = preparedSql(TRANSLATIONS_OF_RESOURCES);

/** Text in the buyer's `@inContext(language:)`, batched per request, resource type and locale. */
@Injectable()
export class TranslationsStorefrontService {
  constructor(private readonly sql: SqlPool) {}

  /** The requested locale (`fr`, `pt-br`) when it differs from the shop's own language; null: stored text. */
  locale(ctx: RequestContext): string | null {
    const language = inContextOf(ctx).language;
    if (!language) return null;
    const primary = (ctx.shop.enabledLanguages[0] ?? 'EN').toUpperCase();
    return language.toUpperCase() === primary ? null : language.toLowerCase().replace('_', '-');
  }

  /** A translated field of a resource, or `fallback` (the stored text) when there is none. */
  translated(ctx: RequestContext, resourceType: TranslatableResourceType, id: number, key: string, fallback: string): MaybePromise<string> {
    const locale = this.locale(ctx);
    if (!locale) return fallback;
    return this.translationsOf(ctx, resourceType, id, locale).then((fields) => fields[key] ?? fallback);
  }

  /**
   * A resource's fields translated into `locale`, by key (empty when there is none; an unknown locale has
   * none). Every resource of a type asked in a request shares one statement.
   */
  translationsOf(ctx: RequestContext, resourceType: TranslatableResourceType, id: number, locale: string): Promise<TranslatedFields> {
    const normalized = normalizeLocale(locale);
    if (!normalized) return Promise.resolve({});
    const loader = requestScoped(ctx, `content:translations:${resourceType}:${normalized}`, () =>
      new DataLoader<number, TranslatedFields>(async (ids) => {
        const rows = await this.sql.rows<{ resourceId: number; key: string; value: string }>(ctx, translationsOfResources, [ctx.shop.id, resourceType, ids, normalized]);
        const byResource = new Map<number, TranslatedFields>();
        for (const row of rows) byResource.set(row.resourceId, { ...byResource.get(row.resourceId), [row.key]: row.value });
        return ids.map((id) => byResource.get(id) ?? {});
      }),
    );
    return loader.load(id);
  }
}
