import { createHash } from 'node:crypto';
import { DomainError } from '@platform/errors';
import { isSqlBigint, isSqlInteger, isSqlNumeric, isSqlReal, isSqlText, isSqlTimestamp } from '@platform/sql';
import type { PageRequest } from './page-request.js';

// Cursors are base64url JSON `[tag, ...values]`. The tag names what the cursor belongs to (connection, sort key
// and value types), so a cursor of another list or order is refused; each value is checked against the type the
// sort compares it as, so nothing a client makes up reaches Postgres as a value it cannot read.

/** The Postgres type of a cursor value (what keyset SQL casts it to), or the words an enum value may be. */
export type CursorValueType = 'integer' | 'bigint' | 'numeric' | 'real' | 'timestamptz' | 'text' | readonly string[];
export type CursorValue = string | number;

/** What a cursor belongs to: a connection (`products`, `collection.products`) walked by one sort key. */
export interface CursorScope {
  readonly connection: string;
  readonly sortKey: string;
}

/** Longest cursor read at all (a text value of MAX_CURSOR_TEXT characters, escaped, fits). */
export const MAX_CURSOR_LENGTH = 32_768;
/** Longest text value of a cursor, in UTF-16 code units. */
export const MAX_CURSOR_TEXT = 4_000;

const BASE64URL = /^[A-Za-z0-9_-]+$/;

export interface CursorCodec {
  encode(values: readonly CursorValue[]): string;
  /** The values of a cursor of this scope, or "Invalid cursor" naming `argument` (`after` or `before`). */
  decode(cursor: string, argument: string): CursorValue[];
  /** The values of the page's cursor, or null when the page has none (or an empty one). */
  positionOf(page: PageRequest): CursorValue[] | null;
}

/** The codec of the cursors of one connection and sort key whose values have `types`. */
export function cursorCodec(scope: CursorScope, types: readonly CursorValueType[]): CursorCodec {
  const signature = [scope.connection, scope.sortKey, ...types.map((t) => (typeof t === 'string' ? t : t.join('|')))].join('\n');
  let codec = codecs.get(signature);
  if (!codec) {
    codec = newCodec(signature, types);
    codecs.set(signature, codec);
  }
  return codec;
}

// Lists ask for their codec on every request; scopes are a few dozen fixed in code, so each is built once.
const codecs = new Map<string, CursorCodec>();

function newCodec(signature: string, types: readonly CursorValueType[]): CursorCodec {
  // 32 bits tell the few dozen scopes apart; a collision would still check every value's type.
  const tag = createHash('sha256').update(signature).digest().subarray(0, 4).toString('base64url');
  const codec: CursorCodec = {
    encode: (values) => Buffer.from(JSON.stringify([tag, ...values.map((value, i) => (isNumeric(types[i]) ? Number(value) : String(value)))])).toString('base64url'),
    decode(cursor, argument) {
      const decoded = parse(cursor);
      if (decoded && decoded.length === types.length + 1 && decoded[0] === tag && types.every((type, i) => isValue(decoded[i + 1], type))) {
        return decoded.slice(1) as CursorValue[];
      }
      throw invalidCursor(argument);
    },
    // An empty cursor is no cursor, as it always was here.
    positionOf: (page) => (page.cursor ? codec.decode(page.cursor, page.forward ? 'after' : 'before') : null),
  };
  return codec;
}

/** The error of a cursor that is not one this list gave out (BAD_USER_INPUT naming the argument). */
export function invalidCursor(argument: string): DomainError {
  return new DomainError('UNPROCESSABLE', `Invalid cursor for ${argument}`, { field: argument, code: 'INVALID_CURSOR', extensions: { argument } });
}

function parse(cursor: string): unknown[] | null {
  if (cursor.length > MAX_CURSOR_LENGTH || !BASE64URL.test(cursor)) return null;
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return Array.isArray(decoded) ? decoded : null;
  } catch {
    return null;
  }
}

function isNumeric(type: CursorValueType | undefined): boolean {
  return type === 'integer' || type === 'bigint';
}

function isValue(value: unknown, type: CursorValueType): boolean {
  switch (type) {
    case 'integer':
      return isSqlInteger(value);
    case 'bigint':
      return isSqlBigint(value);
    case 'numeric':
      return isSqlNumeric(value);
    case 'real':
      return isSqlReal(value);
    case 'timestamptz':
      return isSqlTimestamp(value);
    case 'text':
      return isSqlText(value, MAX_CURSOR_TEXT);
    default:
      return typeof value === 'string' && type.includes(value);
  }
}
