import { DomainError } from './domain-error.js';

/** The spec's limit on any list argument or input field (GraphQL and REST alike). */
export const MAX_INPUT_ARRAY_SIZE = 250;

/** Something no input may carry: a list over the limit, or a string (or key) holding U+0000. */
export type InputProblem = { kind: 'array_too_large'; path: string; size: number } | { kind: 'nul_byte'; path: string };

interface Visit {
  value: unknown;
  parent?: Visit;
  key?: string | number;
}

/**
 * The first problem anywhere inside a JSON-like value, or null. Walks with an explicit stack (a value nested
 * 20,000 deep must not overflow the call stack) and builds the path only for the problem it reports.
 */
export function findInputProblem(value: unknown, path: string, max = MAX_INPUT_ARRAY_SIZE): InputProblem | null {
  const stack: Visit[] = [{ value }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return { kind: 'nul_byte', path: pathOf(visit, path) };
    } else if (Array.isArray(current)) {
      if (current.length > max) return { kind: 'array_too_large', path: pathOf(visit, path), size: current.length };
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], parent: visit, key: i });
    } else if (current !== null && typeof current === 'object') {
      const keys = Object.keys(current);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        if (key.includes('\u0000')) return { kind: 'nul_byte', path: pathOf({ value: key, parent: visit, key }, path) };
        stack.push({ value: (current as Record<string, unknown>)[key], parent: visit, key });
      }
    }
  }
  return null;
}

export function inputTooLarge(path: string, size: number, max = MAX_INPUT_ARRAY_SIZE): DomainError {
  return new DomainError('MAX_INPUT_SIZE_EXCEEDED', `The input array size of ${size} is greater than the maximum allowed of ${max} (${path}).`, {
    field: path,
    extensions: { argument: path, maxInputSize: max },
  });
}

export const NUL_BYTE_MESSAGE = 'must not contain NUL bytes (U+0000)';

/** A string input holding U+0000: Postgres cannot store it, so it is refused before anything is read or written. */
export function nulByteInput(path: string): DomainError {
  return new DomainError('UNPROCESSABLE', NUL_BYTE_MESSAGE, { field: path, code: 'NUL_BYTE' });
}

/** The error for a problem `findInputProblem` found. */
export function inputProblemError(problem: InputProblem): DomainError {
  return problem.kind === 'array_too_large' ? inputTooLarge(problem.path, problem.size) : nulByteInput(problem.path);
}

function pathOf(visit: Visit, root: string): string {
  const keys: (string | number)[] = [];
  for (let v: Visit | undefined = visit; v?.parent; v = v.parent) keys.push(v.key!);
  let path = root;
  for (let i = keys.length - 1; i >= 0; i--) {
    const key = keys[i]!;
    path = typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;
  }
  return path;
}
