import type { Attribute } from '@platform/graphql-types';
import type { OrderLineProperty } from '../order.records.js';

/** A line item's `properties` (the REST names) as the `customAttributes` both GraphQL schemas show. */
export function customAttributesOf(properties: readonly OrderLineProperty[]): Attribute[] {
  return properties.map((p) => ({ key: p.name, value: p.value }));
}
