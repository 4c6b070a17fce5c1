import { preparedSql } from '@platform/database';
import { type KeysetPlan, childrenPageSql } from '@platform/paging';

// The reads and writes of metafields, in one reviewable place. Each is scoped by shop_id ($1) and served by the
// unique index (shop_id, owner_type, owner_id, namespace, key).

const METAFIELD_COLUMNS = `mf.id, mf.owner_type as "ownerType", mf.owner_id as "ownerId", mf.namespace, mf.key, mf.type, mf.value,
  mf.description, mf.created_at as "createdAt", mf.updated_at as "updatedAt"`;

/**
 * The same page of the metafields of each owner `$2` of type `ownerType` (a placeholder), `$3` rows each
 * (`childrenPageSql`), in id order; `where` narrows them (a namespace, namespace.key pairs).
 */
export function metafieldsOfOwnersSql(keyset: KeysetPlan, ownerType: string, where: readonly string[]): string {
  return childrenPageSql({
    columns: METAFIELD_COLUMNS,
    from: `metafields mf where mf.shop_id = $1 and mf.owner_type = ${ownerType} and mf.owner_id = any($2::bigint[])`,
    parentColumn: 'mf.owner_id',
    keyset,
    where,
  });
}

/** Metafields of owners of type `$2` by (owner id, namespace, key) triples: `$3`, `$4` and `$5`, position by position. */
export const METAFIELDS_BY_OWNER_KEYS = `select ${METAFIELD_COLUMNS} from metafields mf
  join unnest($3::bigint[], $4::text[], $5::text[]) as k(owner_id, namespace, key)
    on mf.owner_id = k.owner_id and mf.namespace = k.namespace and mf.key = k.key
  where mf.shop_id = $1 and mf.owner_type = $2`;

/** The metafields `$2`, in no particular order. */
export const ADMIN_METAFIELDS_BY_IDS = `select ${METAFIELD_COLUMNS} from metafields mf where mf.shop_id = $1 and mf.id = any($2::bigint[])`;

/**
 * Sets metafields of one owner ($2 type, $3 id) by namespace and key, one array per column ($4 … $8): new ones are
 * created, existing ones take the new type, value and description. One statement whatever their number.
 */
export const SET_METAFIELDS = preparedSql(
  `insert into metafields (shop_id, owner_type, owner_id, namespace, key, type, value, description)
   select $1, $2, $3, m.namespace, m.key, m.type, m.value, m.description
     from unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[]) as m(namespace, key, type, value, description)
   on conflict (shop_id, owner_type, owner_id, namespace, key)
   do update set type = excluded.type, value = excluded.value, description = excluded.description, updated_at = now()`,
);
