import type { RequestContext } from '@platform/request';
import type { NewTranslation } from '../translation.inputs.js';
import { TranslationsService } from '../translations.service.js';

/** What a test says about the translation it needs: the resource, and any other field (French `title` by default). */
export type TranslationTraits = Partial<NewTranslation> & Pick<NewTranslation, 'resourceType' | 'resourceId'>;

let made = 0;

/** A translation of ctx's shop, validated and written by the localization's own import; returns its id. */
export async function createTranslation(ctx: RequestContext, traits: TranslationTraits): Promise<number> {
  made += 1;
  const [id] = await new TranslationsService().importTranslations(ctx, [{ locale: 'fr', key: 'title', value: `Traduction ${made}`, ...traits }]);
  return id!;
}
