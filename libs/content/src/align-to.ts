/** Values for `keys`, in their order (null where none): what a DataLoader batch function returns. */
export function alignTo<K, T>(keys: readonly K[], found: Map<K, T>): (T | null)[] {
  return keys.map((k) => found.get(k) ?? null);
}
