import type { DomainError } from './domain-error.js';

/** A GraphQL `userErrors` entry: the schema's code for the problem (null when it has none), the input path, the message. */
export interface UserErrorView<SchemaCode> {
  code: SchemaCode | null;
  field: string[] | null;
  message: string;
}

/**
 * A mutation's input problems as `userErrors`. `codes` maps every code of the context to the schema's code
 * enum (or null); it is a `Record` over the context's code union, so a code without a mapping does not compile.
 */
export function userErrorsOf<Code extends string, SchemaCode>(
  errors: readonly DomainError<Code>[],
  codes: Record<Code, SchemaCode | null>,
  /** The argument the service's fields are under (`input` for `customerCreate(input:)`); none when they name it. */
  under?: string,
): UserErrorView<SchemaCode>[] {
  return errors.map((e) => ({
    code: codes[e.code],
    field: fieldPath(under && e.field ? `${under}.${e.field}` : e.field),
    message: e.message,
  }));
}

/** `input.lines[2].quantity` as the path GraphQL reports: `['input', 'lines', '2', 'quantity']`. */
export function fieldPath(field: string | undefined): string[] | null {
  if (!field) return null;
  return field.split(/\.|\[(\d+)\]\.?/).filter((part): part is string => Boolean(part));
}
