/**
 * A lower bound of the UTF-8 bytes `value` takes as JSON, counted only until it passes `limit`: an answer over
 * the response cap is refused before it is serialized, so no over-large string is ever built (a 10,000-address
 * answer took the process to 1.4 GB and ended in `RangeError: Invalid string length` inside JSON.stringify).
 * Iterative, as answers can nest as deep as the document allows.
 */
export function jsonBytesAtLeast(value: unknown, limit: number): number {
  let size = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0 && size <= limit) {
    const next = pending.pop();
    if (typeof next === 'string') size += next.length + 2;
    else if (typeof next === 'number') size += 1;
    else if (typeof next === 'boolean') size += 4;
    else if (next === null) size += 4;
    else if (Array.isArray(next)) {
      size += next.length + 1;
      for (const item of next) pending.push(item);
    } else if (typeof next === 'object') {
      size += 2;
      for (const key in next) {
        const field = (next as Record<string, unknown>)[key];
        // JSON leaves out undefined and functions, key included.
        if (field === undefined || typeof field === 'function') continue;
        size += key.length + 3;
        pending.push(field);
      }
    }
  }
  return size;
}
