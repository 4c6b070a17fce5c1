import { toGlobalId } from '@platform/ids';
import type { MetafieldOwnerType } from '../../metafield.entity.js';
import type { MetafieldRecord } from '../../metafield.records.js';
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

// A class, so `jsonValue` is a getter on the prototype rather than work done for every listed metafield.
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
}
