/** An event's fields as the outbox keeps them: JSON, so a process that did not publish it can rebuild it. */
export type EventPayload = { [field: string]: JsonValue };
type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/**
 * The event's own fields as JSON. Only values that come back the same from JSON are accepted (null, booleans,
 * finite numbers, strings, arrays and plain objects of them), so a handler sees the same event whether it runs
 * after the commit or from the outbox later: a time is an ISO 8601 string, money a decimal string, never a Date,
 * a Decimal or a bigint. A field left undefined is left out, as JSON does.
 */
export function eventPayload(event: object): EventPayload {
  const payload: EventPayload = {};
  for (const [field, value] of Object.entries(event)) {
    if (value !== undefined) payload[field] = jsonValue(value, `${event.constructor.name}.${field}`);
  }
  return payload;
}

/** The event of `type` with the fields of `payload`, without running its constructor (its fields are its data). */
export function eventFromPayload<E extends object>(type: abstract new (...args: never[]) => E, payload: EventPayload): E {
  return Object.assign(Object.create(type.prototype as object) as E, payload);
}

function jsonValue(value: unknown, path: string): JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return value;
    throw new Error(`${path} is ${value}: an event's numbers must be finite`);
  }
  if (Array.isArray(value)) return value.map((item, i) => jsonValue(item, `${path}[${i}]`));
  if (typeof value === 'object' && isPlainObject(value)) {
    const copy: { [key: string]: JsonValue } = {};
    for (const [key, item] of Object.entries(value)) if (item !== undefined) copy[key] = jsonValue(item, `${path}.${key}`);
    return copy;
  }
  const kind = value instanceof Date ? 'a Date (use an ISO 8601 string)' : typeof value === 'object' ? `a ${value.constructor?.name ?? 'object'}` : `a ${typeof value}`;
  throw new Error(`${path} is ${kind}: an event holds JSON values (ids, strings, numbers, booleans, null)`);
}

function isPlainObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
