import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { inContextOf } from '@platform/graphql';
import { type MaybePromise, type RequestContext, requestScoped } from '@platform/request';
import type { TranslatableResourceType } from '../translation.entity.js';
import { TranslationsService } from '../translations.service.js';

/** Text in the buyer's `@inContext(language:)`, batched per request and resource type. */
@Injectable()
export class StorefrontTranslationsService {
  constructor(private readonly translations: TranslationsService) {}

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
    const loader = requestScoped(ctx, `content:translations:${resourceType}`, () =>
      new DataLoader<number, Record<string, string>>((ids) => this.translations.translationsFor(ctx.shop.id, resourceType, ids, locale)),
    );
    return loader.load(id).then((fields) => fields[key] ?? fallback);
  }
}
