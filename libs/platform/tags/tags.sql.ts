/**
 * SQL of the tags a `text[]` column keeps after adding the `text[]` value `added` and removing `removed`:
 * tagsAfter's rule in Postgres (one of each case-insensitively, the first spelling kept, in order; removal
 * case-insensitive). In an UPDATE's SET and WHERE it reads the row as the update finds it, so two changes of one
 * row at once both count, in one statement.
 */
export function tagsAfterSql(column: string, added: string, removed: string): string {
  return `array(select k.t from (select distinct on (lower(u.t)) u.t, u.n from unnest(${column} || ${added}) with ordinality as u (t, n)
    where lower(u.t) <> all (select lower(r) from unnest(${removed}) as r) order by lower(u.t), u.n) as k order by k.n)`;
}
