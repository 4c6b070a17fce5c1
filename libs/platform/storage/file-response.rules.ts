import type { FileAccess } from './file-key.rules.js';

/** An inclusive range of byte positions, as HTTP counts them (`bytes=0-99` is the first hundred). */
export interface ByteRange {
  start: number;
  end: number;
}

/** What a Range header asks of a file: all of it (also when the header is absent or ignored), one range, or none it has. */
export type RangeRequest = { kind: 'whole' } | ({ kind: 'partial' } & ByteRange) | { kind: 'unsatisfiable' };

/** A file served as immutable for a year: its key never gets other bytes (generated names; named public files are written once). */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** A file reached only through a signed URL: no shared cache keeps it, and no browser stores it. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';
// A file opened as a document (an SVG, a JSON result) runs no script and loads nothing on the shop's origin.
const FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const WHOLE = Object.freeze({ kind: 'whole' as const });
// One range of bytes; a position of more digits than a safe integer holds is no position at all.
const BYTE_RANGE = /^bytes=[ \t]*(\d{0,15})-(\d{0,15})[ \t]*$/i;

/**
 * The Range header read against a file of `size` bytes (RFC 9110 §14.2): one range of bytes, clamped to the file.
 * Several ranges, another unit or a malformed header are ignored (the whole file), as the RFC allows; a range that
 * starts past the end, or asks the last 0 bytes, is unsatisfiable (416).
 */
export function requestedRange(header: string | string[] | undefined, size: number): RangeRequest {
  if (typeof header !== 'string') return WHOLE;
  const match = BYTE_RANGE.exec(header);
  if (!match) return WHOLE;
  const [, first, last] = match;
  if (first === '' && last === '') return WHOLE;
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return WHOLE;
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

/** Whether If-None-Match names the entity tag (weak comparison: `W/` ignored) or is `*`. */
export function noneMatchHits(header: string | string[] | undefined, etag: string): boolean {
  if (typeof header !== 'string') return false;
  if (header.trim() === '*') return true;
  const wanted = opaqueTag(etag);
  return entityTags(header).some((tag) => opaqueTag(tag) === wanted);
}

/** Whether an If-Range lets the Range apply: absent, or the file's strong entity tag exactly (a date never matches: no Last-Modified is sent). */
export function ifRangeHolds(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return true;
  return typeof header === 'string' && !etag.startsWith('W/') && header.trim() === etag;
}

/** How a GET or HEAD of a stored file is answered. */
export interface FileAnswer {
  status: 200 | 206 | 304 | 416;
  headers: Record<string, string>;
  /** Present when bytes follow the headers (a GET's 200 or 206): the whole file, or the range. */
  read?: { range?: ByteRange };
}

export interface FileRequest {
  method: string;
  headers: { range?: string | string[]; 'if-none-match'?: string | string[]; 'if-range'?: string | string[] };
}

/**
 * The answer to a GET or HEAD of a file the caller may read: 304 when If-None-Match holds its tag, 206 or 416 for a
 * GET with a Range (HEAD ignores it, as RFC 9110 says), else 200; headers for caching, ranges and a safe document.
 */
export function fileAnswer(request: FileRequest, file: { size: number; contentType: string; etag: string; access: FileAccess }): FileAnswer {
  const headers: Record<string, string> = {
    etag: file.etag,
    'cache-control': file.access === 'public' ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL,
    'x-content-type-options': 'nosniff',
    'content-security-policy': FILE_CSP,
  };
  if (file.access === 'private') headers['referrer-policy'] = 'no-referrer';
  if (noneMatchHits(request.headers['if-none-match'], file.etag)) return { status: 304, headers };
  headers['accept-ranges'] = 'bytes';
  const range =
    request.method === 'GET' && ifRangeHolds(request.headers['if-range'], file.etag) ? requestedRange(request.headers.range, file.size) : WHOLE;
  if (range.kind === 'unsatisfiable') return { status: 416, headers: { ...headers, 'content-range': `bytes */${file.size}` } };
  headers['content-type'] = file.contentType;
  const body = request.method === 'GET';
  if (range.kind === 'partial') {
    headers['content-range'] = `bytes ${range.start}-${range.end}/${file.size}`;
    headers['content-length'] = String(range.end - range.start + 1);
    return { status: 206, headers, read: body ? { range: { start: range.start, end: range.end } } : undefined };
  }
  headers['content-length'] = String(file.size);
  return { status: 200, headers, read: body ? {} : undefined };
}

// The entity tags of a list (`"a", W/"b"`); a tag's opaque part may hold commas, so tags are matched, not split.
function entityTags(header: string): string[] {
  return [...header.matchAll(/(?:W\/)?"[^"]*"/g)].map((m) => m[0]);
}

function opaqueTag(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}

/** Why a get's range is not one (whole numbers, `end` not before `start`), or null. */
export function rangeProblem(range: { start: number; end?: number }): string | null {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || start < 0) return 'A range starts at a whole number of bytes';
  if (end !== undefined && (!Number.isSafeInteger(end) || end < start)) return 'A range ends at a whole number of bytes, not before its start';
  return null;
}

/** A valid range against a file of `size` bytes: clamped to its last byte; null when it starts past it. */
export function rangeWithin(range: { start: number; end?: number }, size: number): ByteRange | null {
  if (range.start >= size) return null;
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}
