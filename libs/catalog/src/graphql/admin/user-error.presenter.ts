import { type UserErrorView, userErrorsOf } from '@platform/errors';
import type { UserErrorCodeValue } from '@platform/graphql-types';
import type { TagError, TagErrorCode } from '@platform/tags';
import type { CatalogError, CatalogErrorCode } from '../../catalog.errors.js';

// Every code of the catalog and the tag rules, as the schema's UserErrorCode.
const CODES: Record<CatalogErrorCode | TagErrorCode, UserErrorCodeValue> = {
  BLANK: 'BLANK',
  INVALID: 'INVALID',
  TOO_LONG: 'TOO_LONG',
  TAKEN: 'TAKEN',
  NOT_FOUND: 'NOT_FOUND',
};

/** Problems as userErrors, their fields under the mutation's argument (`product`, `input`). */
export function userErrors(problems: readonly (CatalogError | TagError)[], under: string | undefined): UserErrorView<UserErrorCodeValue>[] {
  return userErrorsOf(problems, CODES, under);
}
