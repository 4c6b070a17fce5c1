/** The object with only the top-level `fields` asked for (in the object's order); all of it when `fields` is null. */
export function selectFields<T extends Record<string, unknown>>(object: T, fields: readonly string[] | null): Partial<T> {
  if (!fields) return object;
  return Object.fromEntries(Object.entries(object).filter(([key]) => fields.includes(key))) as Partial<T>;
}
