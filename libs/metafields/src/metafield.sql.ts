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
/** The owner (of type $2) whose `id` metafield $3.$4 holds $5: a custom id; the lowest owner when several hold it. */
export const OWNER_OF_CUSTOM_ID = preparedSql(`select owner_id as "ownerId" from metafields
  where shop_id = $1 and owner_type = $2 and namespace = $3 and key = $4 and type = 'id' and md5(value) = md5($5) and value = $5
  order by owner_id limit 1`);

export const METAFIELDS_BY_OWNER_KEYS = preparedSql(`select ${METAFIELD_COLUMNS} from metafields mf
  join unnest($3::bigint[], $4::text[], $5::text[]) as k(owner_id, namespace, key)
    on mf.owner_id = k.owner_id and mf.namespace = k.namespace and mf.key = k.key
  where mf.shop_id = $1 and mf.owner_type = $2`);

/** Metafields of owners (`$2` type, `$3` ids) for (namespace, key) pairs (`$4`, `$5`): the unique index serves it. */
export const METAFIELDS_OF_OWNERS_BY_IDENTIFIERS = preparedSql(`select ${METAFIELD_COLUMNS} from metafields mf
  join unnest($4::text[], $5::text[]) as k(namespace, key) on mf.namespace = k.namespace and mf.key = k.key
  where mf.shop_id = $1 and mf.owner_type = $2 and mf.owner_id = any($3::bigint[])`);

/** The metafields `$2`, in no particular order. */
export const METAFIELDS_BY_IDS = preparedSql(`select ${METAFIELD_COLUMNS} from metafields mf where mf.shop_id = $1 and mf.id = any($2::bigint[])`);

// Metafields by (owner type, owner id, namespace, key) quadruples, $2 … $5 position by position.
const BY_QUADRUPLES = `unnest($2::text[], $3::bigint[], $4::text[], $5::text[]) as k(owner_type, owner_id, namespace, key)`;
const MATCHES_QUADRUPLE = `mf.owner_type = k.owner_type and mf.owner_id = k.owner_id and mf.namespace = k.namespace and mf.key = k.key`;

/** Locks the metafields of the quadruples that exist (a compare-and-set reads them in the write's transaction). */
export const LOCK_METAFIELDS = preparedSql(`select ${METAFIELD_COLUMNS} from metafields mf join ${BY_QUADRUPLES} on ${MATCHES_QUADRUPLE}
  where mf.shop_id = $1 order by mf.id for update of mf`);

// The rows to set, one array per column ($2 … $8), and what the write answers: each row as stored, and whether it is new.
const SET_ROWS = `insert into metafields as mf (shop_id, owner_type, owner_id, namespace, key, type, value, description)
   select $1, m.owner_type, m.owner_id, m.namespace, m.key, m.type, m.value, m.description
     from unnest($2::text[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
       as m(owner_type, owner_id, namespace, key, type, value, description)
   on conflict (shop_id, owner_type, owner_id, namespace, key)`;
const SET_RETURNING = `returning ${METAFIELD_COLUMNS}, (mf.xmax = 0) as inserted`;

/**
 * Sets metafields of any owners by owner, namespace and key: new ones are created, existing ones take the new type,
 * value and description (updated_at moves only when one of them changes). One statement whatever their number.
 */
export const SET_METAFIELDS = preparedSql(
  `${SET_ROWS}
   do update set type = excluded.type, value = excluded.value, description = excluded.description,
     updated_at = case when (mf.type, mf.value, mf.description) is not distinct from (excluded.type, excluded.value, excluded.description) then mf.updated_at else now() end
   ${SET_RETURNING}`,
);

/** As SET_METAFIELDS, keeping the description of existing ones (`metafieldsSet` takes none). */
export const SET_METAFIELD_VALUES = preparedSql(
  `${SET_ROWS}
   do update set type = excluded.type, value = excluded.value,
     updated_at = case when (mf.type, mf.value) is not distinct from (excluded.type, excluded.value) then mf.updated_at else now() end
   ${SET_RETURNING}`,
);

/** Deletes the metafields of the quadruples; answers the quadruples it deleted. */
export const DELETE_METAFIELDS = preparedSql(`delete from metafields mf using ${BY_QUADRUPLES} where mf.shop_id = $1 and ${MATCHES_QUADRUPLE}
  returning mf.owner_type as "ownerType", mf.owner_id as "ownerId", mf.namespace, mf.key`);
