import { type DomainError, userErrorsOf } from '@platform/errors';
import type { AdminUserError, UserErrorCodeValue } from '@platform/graphql-types';
import { toGlobalId } from '@platform/ids';
import type { MetafieldOwnerType } from '../../metafield.entity.js';
import { metafieldDigest } from '../../metafield.rules.js';
import type { MetafieldRecord } from '../../metafield.records.js';
import type { MetafieldErrorCode } from '../../metafields.errors.js';
import type { AdminMetafieldIdentifier, MetafieldsSetErrorCodeValue, MetafieldsSetUserError } from './metafield-mutations.type.js';
import type { AdminMetafield } from './metafield.type.js';

// Types whose stored string is a JSON document (list types too).
const JSON_TYPES = new Set(['json', 'rich_text_field', 'rating', 'money', 'link', 'dimension', 'volume', 'weight']);

/** A metafield record as the admin `Metafield` (the view registered for the node type, which other contexts use). */
export function adminMetafieldView(record: MetafieldRecord): AdminMetafield {
  return new AdminMetafieldView(record);
}

/** `jsonValue` of a stored value: parsed only when a query asks for it. */
export function metafieldJsonValue(type: string, value: string): unknown {
  if (type === 'boolean') return value === 'true';
  if (type === 'number_integer') return Number(value);
  if (!JSON_TYPES.has(type) && !type.startsWith('list.')) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

// A class, so `jsonValue` and `compareDigest` are getters on the prototype rather than work done for every listed metafield.
class AdminMetafieldView implements AdminMetafield {
  readonly __typename = 'Metafield';
  readonly id: string;
  readonly namespace: string;
  readonly key: string;
  readonly type: string;
  readonly value: string;
  readonly description: string | null;
  readonly ownerType: MetafieldOwnerType;
  readonly createdAt: Date;
  readonly updatedAt: Date;

  constructor(record: MetafieldRecord) {
    this.id = toGlobalId('Metafield', record.id);
    this.namespace = record.namespace;
    this.key = record.key;
    this.type = record.type;
    this.value = record.value;
    this.description = record.description;
    this.ownerType = record.ownerType;
    this.createdAt = record.createdAt;
    this.updatedAt = record.updatedAt;
  }

  get jsonValue(): unknown {
    return metafieldJsonValue(this.type, this.value);
  }

  get compareDigest(): string {
    return metafieldDigest(this.type, this.value);
  }
}

const SET_ERROR_CODES: Record<MetafieldErrorCode, MetafieldsSetErrorCodeValue> = {
  BLANK: 'BLANK',
  INVALID: 'INVALID',
  TOO_SHORT: 'TOO_SHORT',
  TOO_LONG: 'TOO_LONG',
  INVALID_TYPE: 'INVALID_TYPE',
  INVALID_VALUE: 'INVALID_VALUE',
  TAKEN: 'TAKEN',
  LESS_THAN_OR_EQUAL_TO: 'LESS_THAN_OR_EQUAL_TO',
  // The hosted schema has no code of its own for an owner that does not exist.
  OWNER_NOT_FOUND: 'INVALID',
  INVALID_COMPARE_DIGEST: 'INVALID_COMPARE_DIGEST',
  STALE_OBJECT: 'STALE_OBJECT',
};

const DELETE_ERROR_CODES: Record<MetafieldErrorCode, UserErrorCodeValue> = {
  BLANK: 'BLANK',
  INVALID: 'INVALID',
  TOO_SHORT: 'TOO_SHORT',
  TOO_LONG: 'TOO_LONG',
  INVALID_TYPE: 'INVALID',
  INVALID_VALUE: 'INVALID',
  TAKEN: 'TAKEN',
  LESS_THAN_OR_EQUAL_TO: 'INVALID',
  OWNER_NOT_FOUND: 'NOT_FOUND',
  INVALID_COMPARE_DIGEST: 'INVALID',
  STALE_OBJECT: 'INVALID',
};

/** `metafieldsSet`'s userErrors, each with the index of the metafield at fault (`metafields[3].value`: 3). */
export function metafieldsSetUserErrors(problems: readonly DomainError<MetafieldErrorCode>[]): MetafieldsSetUserError[] {
  return userErrorsOf(problems, SET_ERROR_CODES).map((error) => {
    const index = error.field?.[0] === 'metafields' ? error.field[1] : undefined;
    return { ...error, elementIndex: index !== undefined && /^\d+$/.test(index) ? Number(index) : null };
  });
}

/** `metafieldsDelete`'s userErrors, in the shared UserError. */
export function metafieldsDeleteUserErrors(problems: readonly DomainError<MetafieldErrorCode>[]): AdminUserError[] {
  return userErrorsOf(problems, DELETE_ERROR_CODES);
}

/** `deletedMetafields`: each identifier as given where a metafield was deleted, null where there was none. */
export function deletedMetafieldsOf(identifiers: readonly AdminMetafieldIdentifier[], deleted: readonly boolean[] | null): (AdminMetafieldIdentifier | null)[] | null {
  return deleted && identifiers.map(({ ownerId, namespace, key }, i) => (deleted[i] ? { ownerId, namespace, key } : null));
}
