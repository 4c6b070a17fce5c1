import { toGlobalId } from '@platform/ids';
import type { MetafieldRecord } from '../../metafield.records.js';
import type { StorefrontMetafield } from './metafield.type.js';

/** A metafield record as the storefront `Metafield` (the view registered for the node type). */
export function metafieldView(record: MetafieldRecord): StorefrontMetafield {
  return {
    __typename: 'Metafield',
    id: toGlobalId('Metafield', record.id),
    namespace: record.namespace,
    key: record.key,
    type: record.type,
    value: record.value,
    description: record.description,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}
