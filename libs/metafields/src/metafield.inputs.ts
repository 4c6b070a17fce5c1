import type { MetafieldOwnerType } from './metafield.entity.js';

export interface NewMetafield {
  ownerType: MetafieldOwnerType;
  /** For SHOP, the shop's own id. */
  ownerId: number;
  namespace: string;
  key: string;
  type: string;
  value: string;
  description?: string | null;
}

export interface MetafieldIdentifier {
  namespace: string;
  key: string;
}

/** A custom id: the value of an owner's `id` metafield (the hosted `UniqueMetafieldValueInput`). */
export interface CustomId {
  /** Omitted: the calling app's reserved namespace. */
  namespace?: string | null;
  key: string;
  value: string;
}

/** One metafield to set on any owner (`metafieldsSet`): the owner by global id, found through the owner registry. */
export interface MetafieldToSet {
  /** `gid://platform/<Type>/<id>` of the owner (`Product`, `Customer`, `Shop` …). */
  ownerId: string;
  /** Omitted: the calling app's reserved namespace (`app--<app id>`). */
  namespace?: string | null;
  key: string;
  /** Required: the platform keeps no metafield definitions to take it from. */
  type?: string | null;
  value: string;
  /**
   * What the caller read (`Metafield.compareDigest`): the metafield is set only if it still holds that. Null: only if
   * it does not exist yet. Omitted: whatever it holds.
   */
  compareDigest?: string | null;
}

/** One metafield to delete (`metafieldsDelete`): its owner by global id, its namespace and key. */
export interface MetafieldToDelete {
  ownerId: string;
  namespace: string;
  key: string;
}
