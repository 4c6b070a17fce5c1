import { DomainError } from '@platform/errors';
import { requireGlobalId } from '@platform/ids';
import type { CatalogIdentifier } from '../../admin/identifier.rules.js';

/** An `…IdentifierInput` naming exactly one of its id (a global id of `type`) or handle; else UNPROCESSABLE. */
export function catalogIdentifier(identifier: { id?: string | null; handle?: string | null }, type: string): CatalogIdentifier {
  const given = [identifier.id, identifier.handle].filter((v) => v !== undefined && v !== null);
  if (given.length !== 1) throw new DomainError('UNPROCESSABLE', 'Provide exactly one of id or handle.', { field: 'identifier' });
  return typeof identifier.id === 'string' ? { id: requireGlobalId(identifier.id, type) } : { handle: identifier.handle! };
}
