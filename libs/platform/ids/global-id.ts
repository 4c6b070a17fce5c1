import { DomainError } from '@platform/errors';

const GID = /^gid:\/\/platform\/([A-Za-z]+)\/(\d{1,18})$/;

/** `gid://platform/<Type>/<id>`: the global id of every node; REST ids are the same integers. */
export function toGlobalId(type: string, id: number): string {
  return `gid://platform/${type}/${id}`;
}

export interface ParsedGlobalId {
  type: string;
  id: number;
}

export function parseGlobalId(gid: string): ParsedGlobalId | null {
  const match = GID.exec(gid);
  if (!match) return null;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) ? { type: match[1], id } : null;
}

/** Whether `id` can name a row: a positive safe integer (0, negatives, fractions and NaN name nothing). */
export function isRecordId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0;
}

/**
 * The integer id a global id of `type` names, or null for anything else (another type, a malformed id, no string,
 * id 0): what an input naming an object reads it with, answered as not found when null.
 */
export function idOfType(gid: unknown, type: string): number | null {
  const parsed = typeof gid === 'string' ? parseGlobalId(gid) : null;
  return parsed && parsed.type === type && parsed.id > 0 ? parsed.id : null;
}

/** The integer id of a global id of `type`; anything else is a clear error naming the argument. */
export function requireGlobalId(gid: string, type: string, argument = 'id'): number {
  const parsed = parseGlobalId(gid);
  if (!parsed || parsed.type !== type) {
    throw new DomainError('UNPROCESSABLE', `Invalid global id '${gid}' for ${type}`, { field: argument, code: 'INVALID_ID' });
  }
  return parsed.id;
}
