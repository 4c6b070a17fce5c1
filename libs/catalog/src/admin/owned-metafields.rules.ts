import { MAX_INPUT_ARRAY_SIZE } from '@platform/errors';
import { METAFIELD_LIMITS, type MetafieldLimits, type MetafieldProblem, type NewMetafield, metafieldProblems } from '@platform/metafields';

/** A metafield a product, variant or collection write sets with its owner. */
export type OwnedMetafield = Omit<NewMetafield, 'ownerType' | 'ownerId'>;

export interface MetafieldInputLike {
  namespace?: string | null;
  key?: string | null;
  type?: string | null;
  value?: string | null;
}

/** How a caller words one problem: its code (the metafields' own, or TAKEN for a repeated key), message and field. */
export type MetafieldProblemOf<E> = (code: MetafieldProblem['code'] | 'TAKEN' | 'TOO_MANY', message: string, field: string) => E;

/**
 * The metafields given with a catalog object: each through the metafields' one validation (the admin's limits, or
 * REST's shorter ones), one per namespace and key, at most 250. `at` prefixes the fields (`variants[2].`). Null when a
 * problem was pushed.
 */
export function ownedMetafields<E>(problems: E[], given: readonly MetafieldInputLike[], problemOf: MetafieldProblemOf<E>, at = '', limits: MetafieldLimits = METAFIELD_LIMITS): OwnedMetafield[] | undefined {
  if (given.length > MAX_INPUT_ARRAY_SIZE) {
    problems.push(problemOf('TOO_MANY', `At most ${MAX_INPUT_ARRAY_SIZE} metafields can be given`, `${at}metafields`));
    return undefined;
  }
  const before = problems.length;
  const keys = new Set<string>();
  const kept: OwnedMetafield[] = [];
  given.forEach((metafield, i) => {
    const found = metafieldProblems(metafield, limits);
    for (const p of found) problems.push(problemOf(p.code, p.message, `${at}metafields[${i}].${p.path}`));
    if (found.length > 0) return;
    const key = `${metafield.namespace}\n${metafield.key}`;
    if (keys.has(key)) problems.push(problemOf('TAKEN', 'Key has already been taken in this namespace', `${at}metafields[${i}].key`));
    keys.add(key);
    kept.push({ namespace: metafield.namespace!, key: metafield.key!, type: metafield.type!, value: metafield.value! });
  });
  return problems.length > before ? undefined : kept;
}
