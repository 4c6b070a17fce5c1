import { textProblem } from '@platform/errors';
import { MAX_CURSOR_LENGTH } from '@platform/paging';
import { invalidParameter } from './invalid-parameter.js';

// `page_info` is base64url JSON `[direction, filters, cursor]`: the way to walk, the filter parameters of the first
// request (a page_info combines only with limit and fields, so it carries them on), and the keyset cursor of the
// row the page continues from. Its parts are checked by the list that reads it (rest-list-request.ts).

export type PageDirection = 'next' | 'previous';

export interface PageInfo {
  readonly direction: PageDirection;
  readonly filters: Readonly<Record<string, string>>;
  readonly cursor: string;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
// A cursor at its longest, its filters and the JSON around them.
const MAX_PAGE_INFO_LENGTH = 2 * MAX_CURSOR_LENGTH;

export function encodePageInfo(info: PageInfo): string {
  return Buffer.from(JSON.stringify([info.direction, info.filters, info.cursor])).toString('base64url');
}

/** The parts of a page_info, or 400 `page_info` when it is not one the platform made. */
export function decodePageInfo(text: string): PageInfo {
  const decoded = parse(text);
  if (!Array.isArray(decoded) || decoded.length !== 3) throw invalidParameter('page_info');
  const [direction, filters, cursor] = decoded as unknown[];
  if ((direction !== 'next' && direction !== 'previous') || !isStringRecord(filters) || typeof cursor !== 'string' || cursor === '') {
    throw invalidParameter('page_info');
  }
  return { direction, filters, cursor };
}

function parse(text: string): unknown {
  if (text.length > MAX_PAGE_INFO_LENGTH || !BASE64URL.test(text)) return undefined;
  try {
    return JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

// Its filters skipped the pipeline's checks of query parameters (they were base64url): text Postgres cannot take is refused here.
function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.entries(value).every(([k, v]) => typeof v === 'string' && textProblem(k) === null && textProblem(v) === null)
  );
}
