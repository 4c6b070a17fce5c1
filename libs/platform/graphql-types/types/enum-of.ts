/** A GraphQL enum object (`{ A: 'A', B: 'B' }`) from a list of values, for `registerEnumType`. */
export function enumOf<T extends string>(values: readonly T[]): Record<T, T> {
  return Object.fromEntries(values.map((value) => [value, value])) as Record<T, T>;
}
