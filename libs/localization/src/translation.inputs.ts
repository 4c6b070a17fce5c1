import type { TranslatableResourceType } from './translation.entity.js';

export interface NewTranslation {
  resourceType: TranslatableResourceType;
  resourceId: number;
  /** `fr`, `pt-BR` (normalised to that case). */
  locale: string;
  /** A translatable key of the resource type (TRANSLATABLE_KEYS), e.g. `title`, `body_html`. */
  key: string;
  value: string;
}
