import { Field, ID, InputType } from '@nestjs/graphql';
import { DomainError } from '@platform/errors';
import { idOfType, requireGlobalId } from '@platform/ids';
import { type CustomId, UniqueMetafieldValueInput } from '@platform/metafields';
import type { CatalogIdentifier } from '../../admin/identifier.rules.js';

/** A hosted `…IdentifierInput`: an id, a handle or a custom id. */
export interface IdentifierInputLike {
  id?: string | null;
  handle?: string | null;
  customId?: CustomId | null;
}

/** The fields every catalog `…IdentifierInput` has (each names its own input type by extending this). */
@InputType({ isAbstract: true })
export class CatalogIdentifierFields implements IdentifierInputLike {
  @Field(() => ID, { nullable: true })
  id?: string | null;

  @Field(() => String, { nullable: true })
  handle?: string | null;

  @Field(() => UniqueMetafieldValueInput, { nullable: true, description: 'Its custom id: the value of its `id` metafield.' })
  customId?: UniqueMetafieldValueInput | null;
}

/**
 * The one identifier an `…IdentifierInput` gives: null when it gives none, 'invalid' when more than one. A lookup takes
 * a malformed id as an error (`strict`); productSet takes it as naming nothing (0), so it answers NOT_FOUND.
 */
export function identifierOf(identifier: IdentifierInputLike | null | undefined, type: string, strict: boolean): CatalogIdentifier | null | 'invalid' {
  if (!identifier) return null;
  const given = [identifier.id, identifier.handle, identifier.customId].filter((v) => v !== undefined && v !== null);
  if (given.length === 0) return null;
  if (given.length > 1) return 'invalid';
  if (identifier.customId != null) return { customId: identifier.customId };
  if (typeof identifier.id === 'string') return { id: strict ? requireGlobalId(identifier.id, type) : (idOfType(identifier.id, type) ?? 0) };
  return { handle: identifier.handle! };
}

/** An `…IdentifierInput` of a lookup naming exactly one of its id (a global id of `type`), handle or custom id; else UNPROCESSABLE. */
export function catalogIdentifier(identifier: IdentifierInputLike, type: string): CatalogIdentifier {
  const found = identifierOf(identifier, type, true);
  if (found === null || found === 'invalid') throw new DomainError('UNPROCESSABLE', 'Provide exactly one of id, handle or customId.', { field: 'identifier' });
  return found;
}
