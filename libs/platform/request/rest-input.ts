import type { FastifyRequest } from 'fastify';
import { type DomainError, TEXT_PROBLEMS, badRequest, findInputProblem, inputProblemError } from '@platform/errors';

/**
 * Input no REST route accepts, refused before any controller runs (so nothing is read or written): a NUL
 * byte or ill-formed text (a lone surrogate) in a path or query parameter (400 keyed by it), and in the body
 * either of those or a list over 250 items (422 keyed by the field's path under the root key).
 */
export function restInputError(request: FastifyRequest): DomainError | null {
  for (const source of [request.params, request.query]) {
    const problem = findInputProblem(source ?? {}, '');
    if (problem) return problem.kind === 'array_too_large' ? inputProblemError(problem) : badRequest(problem.path.replace(/\[\d+\]$/, ''), TEXT_PROBLEMS[problem.kind].message);
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
