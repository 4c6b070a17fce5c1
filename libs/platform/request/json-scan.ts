/** What a request body's JSON text must not do, found before it is parsed. */
export type JsonTextProblem =
  /** Opens more containers at once than allowed; `key` is the top-level key under which it happens. */
  | { kind: 'too_deep'; key?: string }
  /** Names a key twice in one object (`{"query":"a","query":"b"}`): JSON.parse would keep the last silently. */
  | { kind: 'duplicate_key'; key: string };

interface Container {
  /** The keys read so far; undefined in an array. */
  keys?: Set<string>;
  /** In an object, whether the next string is a key (after `{` or `,`). */
  expectKey: boolean;
}

/**
 * Reads JSON text once, character by character (strings skipped, escapes honoured), for what `JSON.parse` would
 * accept but the APIs refuse: nesting deeper than `maxNesting` and a key repeated in an object (keys compared
 * as parsed, so `"a"` and `"\u0061"` are one). Too deep wins over a duplicate found earlier, so the answer
 * does not depend on where in the text each is. Malformed text is left for `JSON.parse` to refuse.
 */
export function scanJsonText(text: string, maxNesting: number): JsonTextProblem | null {
  const stack: Container[] = [];
  let rootIsObject = false;
  let topLevelKey: string | undefined;
  let duplicate: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const start = i + 1;
      let escaped = false;
      for (i = start; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === 0x5c /* \ */) {
          escaped = true;
          i++;
        } else if (s === 0x22) break;
      }
      const top = stack.at(-1);
      if (top?.keys && top.expectKey) {
        top.expectKey = false;
        const key = escaped ? unescaped(text.slice(start - 1, i + 1)) : text.slice(start, i);
        if (key === undefined) continue;
        if (top.keys.has(key)) duplicate ??= key;
        top.keys.add(key);
        if (stack.length === 1) topLevelKey = key.slice(0, 100);
      }
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (stack.length === 0) rootIsObject = c === 0x7b;
      if (stack.length >= maxNesting) return { kind: 'too_deep', key: rootIsObject && stack.length > 0 ? topLevelKey : undefined };
      stack.push(c === 0x7b ? { keys: new Set(), expectKey: true } : { expectKey: false });
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop();
    } else if (c === 0x2c /* , */) {
      const top = stack.at(-1);
      if (top?.keys) top.expectKey = true;
    }
  }
  return duplicate === undefined ? null : { kind: 'duplicate_key', key: duplicate };
}

// A key written with escapes, as JSON.parse reads it; undefined when it is not a JSON string (parsing refuses it later).
function unescaped(literal: string): string | undefined {
  try {
    const value: unknown = JSON.parse(literal);
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}
