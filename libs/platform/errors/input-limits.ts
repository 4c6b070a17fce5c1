import { DomainError } from './domain-error.js';

/** The spec's limit on any list argument or input field (GraphQL and REST alike). */
export const MAX_INPUT_ARRAY_SIZE = 250;

/**
 * Text Postgres cannot take: U+0000 (it cannot store or compare it) and ill-formed UTF-16, a lone surrogate
 * (`"\ud800"` in JSON; a text column rejects it, a jsonb one fails the statement). No real value holds either.
 */
export type TextProblem = 'nul_byte' | 'ill_formed_text';

/** Something no input may carry: a list over the limit, or a string (or key) with a text problem. */
export type InputProblem = { kind: 'array_too_large'; path: string; size: number } | { kind: TextProblem; path: string };

// With the `u` flag a surrogate pair is one code point, so only a lone surrogate is of category Cs.
const LONE_SURROGATE = /\p{Cs}/u;

/** What is wrong with `text` as text to store, or null. */
export function textProblem(text: string): TextProblem | null {
  if (text.includes('\u0000')) return 'nul_byte';
  return LONE_SURROGATE.test(text) ? 'ill_formed_text' : null;
}

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
      const problem = textProblem(current);
      if (problem) return { kind: problem, path: pathOf(visit, path) };
    } else if (Array.isArray(current)) {
      if (current.length > max) return { kind: 'array_too_large', path: pathOf(visit, path), size: current.length };
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], parent: visit, key: i });
    } else if (current !== null && typeof current === 'object') {
      const keys = Object.keys(current);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        const problem = textProblem(key);
        if (problem) return { kind: problem, path: pathOf({ value: key, parent: visit, key }, path) };
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
export const ILL_FORMED_TEXT_MESSAGE = 'must not contain ill-formed text (a lone UTF-16 surrogate)';

/** How each text problem is worded after the name of what holds it, and its code. */
export const TEXT_PROBLEMS: Readonly<Record<TextProblem, { message: string; code: string }>> = {
  nul_byte: { message: NUL_BYTE_MESSAGE, code: 'NUL_BYTE' },
  ill_formed_text: { message: ILL_FORMED_TEXT_MESSAGE, code: 'ILL_FORMED_TEXT' },
};

/** A string input Postgres cannot take: refused before anything is read or written. */
export function textInput(path: string, problem: TextProblem): DomainError {
  return new DomainError('UNPROCESSABLE', TEXT_PROBLEMS[problem].message, { field: path, code: TEXT_PROBLEMS[problem].code });
}

/** The error for a problem `findInputProblem` found. */
export function inputProblemError(problem: InputProblem): DomainError {
  return problem.kind === 'array_too_large' ? inputTooLarge(problem.path, problem.size) : textInput(problem.path, problem.kind);
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
