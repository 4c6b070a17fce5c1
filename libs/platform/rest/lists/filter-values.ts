import { MAX_INPUT_ARRAY_SIZE } from '@platform/errors';
import { invalidParameter } from './invalid-parameter.js';

// The values REST list filters take, read as the hosted platform reads them; anything else is 400 naming the filter.

type Query = Readonly<Record<string, unknown>>;

/** A filter given once, as text (a repeated one is an array to Fastify: refused). */
export function filterText(query: Query, name: string): string | undefined {
  if (!Object.hasOwn(query, name)) return undefined;
  const value = query[name];
  if (typeof value !== 'string') throw invalidParameter(name);
  return value;
}

/** A filter given once, read with `parse`; undefined when it is absent. */
export function filterValue<T>(query: Query, name: string, parse: (text: string) => T): T | undefined {
  const text = filterText(query, name);
  return text === undefined ? undefined : parse(text);
}

/** The fields of `value` that are not undefined: a filter or input the caller left out is absent, not undefined. */
export function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** `ids`: a comma list of ids; empty items are skipped (`1,,2` is `1,2`), and one without any id filters nothing (null). */
export function filterIds(text: string, name = 'ids'): number[] | null {
  const parts = text.split(',').map((part) => part.trim()).filter(Boolean);
  if (parts.length > MAX_INPUT_ARRAY_SIZE) throw invalidParameter(name);
  return parts.length === 0 ? null : parts.map((part) => filterId(part, name));
}

export function filterId(text: string, name: string): number {
  const id = /^\d{1,16}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(id)) throw invalidParameter(name);
  return id;
}

// ISO 8601 as the hosted platform takes it: a date, or a date and time (`T` or a space) with an optional offset; no
// offset is UTC. A day or time that does not exist (Feb 30, 25:00) is refused, not rolled over.
const TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A `*_min`/`*_max` time filter. */
export function filterTime(text: string, name: string): Date {
  const match = TIME.exec(text.trim());
  if (!match) throw invalidParameter(name);
  const [, year, month, day, hour = '00', minute = '00', second = '00', zone = 'Z'] = match;
  const utc = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`);
  if (Number.isNaN(utc.getTime()) || utc.toISOString().slice(0, 19) !== `${year}-${month}-${day}T${hour}:${minute}:${second}`) throw invalidParameter(name);
  const date = new Date(Date.parse(`${year}-${month}-${day}T${hour}:${minute}:${second}${zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone}`));
  // Years Postgres and ISO 8601 both read.
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1 || date.getUTCFullYear() > 9999) throw invalidParameter(name);
  return date;
}

/** A day filter, `YYYY-MM-DD`: a day that exists (no Feb 30) in the years Postgres and ISO 8601 both read (1 to 9999). */
export function filterDay(text: string, name: string): string {
  const match = /^(\d{4})-\d{2}-\d{2}$/.exec(text);
  const date = match ? new Date(`${text}T00:00:00Z`) : undefined;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text || Number(match![1]) < 1) throw invalidParameter(name);
  return text;
}

/** A filter that takes one of `values`. */
export function filterChoice<T extends string>(text: string, values: readonly T[], name: string): T {
  if (!(values as readonly string[]).includes(text)) throw invalidParameter(name);
  return text as T;
}
