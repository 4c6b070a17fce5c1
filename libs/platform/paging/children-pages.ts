import type { KeysetPlan } from './keyset.js';

/**
 * The same page of every parent's children in one statement (a nested connection costs one statement per level,
 * not one per parent): rows are numbered per parent in the page's order (`keyset.orderBy`) and cut at the page
 * size + 1, the extra row telling hasNextPage. `from` names the table(s) and the parents' condition; `where`
 * adds filters, the keyset's position comes last. Parameters: `$1` shop, `$2` parent ids, `$3` rows per parent
 * (page size + 1), then those the filters and the keyset added. Each row comes back with `parentId` and `rn`.
 */
export function childrenPageSql(options: {
  columns: string;
  from: string;
  parentColumn: string;
  keyset: Pick<KeysetPlan, 'orderBy' | 'after'>;
  where?: readonly string[];
}): string {
  // The text is a prepared statement's key: it depends only on the list, its order and whether a cursor is given.
  const conditions = [...(options.where ?? []), options.keyset.after]
    .filter(Boolean)
    .map((condition) => `and ${condition}`)
    .join(' ');
  return `select * from (
    select ${options.columns}, ${options.parentColumn} as "parentId",
      row_number() over (partition by ${options.parentColumn} order by ${options.keyset.orderBy}) as rn
    from ${options.from} ${conditions}
  ) x where x.rn <= $3 order by x."parentId", x.rn`;
}
