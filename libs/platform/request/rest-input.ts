import type { FastifyRequest } from 'fastify';
import { type DomainError, badRequest, findInputProblem, inputProblemError, NUL_BYTE_MESSAGE } from '@platform/errors';

/**
 * Input no REST route accepts, refused before any controller runs (so nothing is read or written): a NUL
 * byte in a path or query parameter (400 keyed by it), and in the body a NUL byte or a list over 250 items
 * (422 keyed by the field's path under the root key).
 */
export function restInputError(request: FastifyRequest): DomainError | null {
  for (const source of [request.params, request.query]) {
    const problem = findInputProblem(source ?? {}, '');
    if (problem) return problem.kind === 'nul_byte' ? badRequest(problem.path.replace(/\[\d+\]$/, ''), NUL_BYTE_MESSAGE) : inputProblemError(problem);
  }
  const problem = request.body === undefined ? null : findInputProblem(request.body, '');
  return problem && inputProblemError({ ...problem, path: underRootKey(problem.path) });
}

/**
 * A body field's path keyed as every other REST problem is: by the field under the body's root key
 * (`customer.addresses[0].city` → `addresses[0].city`, answered as `addresses.city`); the root key alone stays.
 */
export function underRootKey(path: string): string {
  const match = /^[^.[]+(?:\.|(?=\[))(.+)$/.exec(path);
  return match ? match[1]!.replace(/^\[\d+\]\.?/, '') || path : path;
}
