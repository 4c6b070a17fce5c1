import { type DomainError, badRequest } from '@platform/errors';

/** A list parameter the platform cannot use: 400 `{"errors":{"<parameter>":"Invalid value."}}`, as the hosted platform answers. */
export function invalidParameter(parameter: string): DomainError {
  return badRequest(parameter, 'Invalid value.');
}
