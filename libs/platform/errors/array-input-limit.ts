import { DomainError } from './domain-error.js';

/** The spec's limit on any list argument or input field (GraphQL and REST alike). */
export const MAX_INPUT_ARRAY_SIZE = 250;

/** The path of the first array longer than the limit anywhere inside `value`, or null. */
export function findOversizedArray(value: unknown, path: string, max = MAX_INPUT_ARRAY_SIZE): { path: string; size: number } | null {
  if (Array.isArray(value)) {
    if (value.length > max) return { path, size: value.length };
    for (let i = 0; i < value.length; i++) {
      const found = findOversizedArray(value[i], `${path}[${i}]`, max);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const found = findOversizedArray(child, path ? `${path}.${key}` : key, max);
      if (found) return found;
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
