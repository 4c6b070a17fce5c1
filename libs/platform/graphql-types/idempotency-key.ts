import { type GraphQLResolveInfo, valueFromASTUntyped } from 'graphql';
import { DomainError } from '@platform/errors';
import { compareVersions } from '@platform/versioning';

/** The version from which the mutations that take `@idempotent` require it (optional before, as hosted). */
export const IDEMPOTENT_REQUIRED_FROM = '2026-04';
const MAX_KEY_LENGTH = 255;

/**
 * The `@idempotent(key:)` of the field being resolved: null when absent (refused from 2026-04), a blank or overlong
 * key refused at once. The refusals are top-level errors on the field, as the directive belongs to the request.
 */
export function idempotencyKeyOf(info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'variableValues' | 'fieldName'>, version: string): string | null {
  const directive = info.fieldNodes[0]?.directives?.find((d) => d.name.value === 'idempotent');
  const argument = directive?.arguments?.find((a) => a.name.value === 'key');
  const key = argument ? valueFromASTUntyped(argument.value, variablesOf(info.variableValues)) : undefined;
  if (key === undefined || key === null) {
    if (compareVersions(version, IDEMPOTENT_REQUIRED_FROM) >= 0) {
      throw new DomainError('UNPROCESSABLE', `${info.fieldName} requires the @idempotent(key:) directive from API version ${IDEMPOTENT_REQUIRED_FROM}.`, { code: 'IDEMPOTENCY_KEY_REQUIRED' });
    }
    return null;
  }
  if (typeof key !== 'string' || key.trim() === '' || key.length > MAX_KEY_LENGTH) {
    throw new DomainError('UNPROCESSABLE', `The @idempotent key must be 1 to ${MAX_KEY_LENGTH} characters, not blank.`, { code: 'INVALID_IDEMPOTENCY_KEY' });
  }
  return key;
}

// graphql-js 17 hands resolvers `{ sources, coerced }`; a compiled query hands the values themselves.
function variablesOf(values: unknown): Record<string, unknown> {
  if (values && typeof values === 'object' && 'coerced' in values) return (values as { coerced: Record<string, unknown> }).coerced;
  return (values ?? {}) as Record<string, unknown>;
}
