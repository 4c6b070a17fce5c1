import { DomainError } from '@platform/errors';

export const MAX_PAGE_SIZE = 250;

export interface PaginationInput {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
  reverse?: boolean | null;
}

/** A validated page request: a direction, a size and an optional opaque cursor. */
export interface PageRequest {
  readonly forward: boolean;
  readonly size: number;
  readonly cursor?: string;
  readonly reverse: boolean;
}

/** A short key naming the page (request-scoped loaders are kept per page of a nested connection). */
export function pageKey(page: PageRequest): string {
  return `${page.forward ? 'F' : 'B'}${page.size}${page.reverse ? 'R' : ''}:${page.cursor ?? ''}`;
}

/** Checks the connection arguments the way the hosted platform does; errors name the argument. */
export function pageRequest(input: PaginationInput): PageRequest {
  const { first, last } = input;
  if ((first === undefined || first === null) && (last === undefined || last === null)) {
    throw invalid('first', 'you must provide one of first or last');
  }
  if (first !== undefined && first !== null && last !== undefined && last !== null) {
    throw invalid('last', 'providing both first and last is not supported');
  }
  const forward = first !== undefined && first !== null;
  const size = (forward ? first : last) as number;
  const argument = forward ? 'first' : 'last';
  if (!Number.isInteger(size) || size < 0) throw invalid(argument, `${argument} must be a non-negative integer`);
  if (size > MAX_PAGE_SIZE) throw invalid(argument, `${argument} must be at most ${MAX_PAGE_SIZE}`);
  const cursor = forward ? input.after : input.before;
  if (forward && input.before) throw invalid('before', 'before can only be used with last');
  if (!forward && input.after) throw invalid('after', 'after can only be used with first');
  return { forward, size, cursor: cursor ?? undefined, reverse: Boolean(input.reverse) };
}

/**
 * The items a plain list's `first` asks for (`Product.options(first:)`, `Customer.addresses(first:)`), checked as a
 * connection's page size is: negative or over 250 is INVALID_PAGINATION naming the argument. Undefined: no limit asked.
 */
export function listSize(first: number | null | undefined, argument = 'first'): number | undefined {
  if (first === null || first === undefined) return undefined;
  if (!Number.isInteger(first) || first < 0) throw invalid(argument, `${argument} must be a non-negative integer`);
  if (first > MAX_PAGE_SIZE) throw invalid(argument, `${argument} must be at most ${MAX_PAGE_SIZE}`);
  return first;
}

/** Whether a page walks its list downwards: a descending key, flipped by `reverse`, flipped again for `last/before`. */
export function walksDescending(page: PageRequest, descendingKey = false): boolean {
  return descendingKey !== page.reverse !== !page.forward;
}

function invalid(argument: string, message: string): DomainError {
  return new DomainError('UNPROCESSABLE', message, { field: argument, code: 'INVALID_PAGINATION', extensions: { argument } });
}
