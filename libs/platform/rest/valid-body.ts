import { plainToInstance } from 'class-transformer';
import { type ValidationError, validateSync } from 'class-validator';
import { DomainError, badRequest } from '@platform/errors';
import { nullInNonNullableField } from './null-fields.js';

/**
 * Shapes a REST body into `type`: a missing root key is a 400 keyed by it (the hosted platform's
 * "Required parameter missing or invalid"); a field that breaks a rule is a 422 keyed by the field, and so is
 * null in a field whose `@ApiProperty` is not `nullable` ("can't be blank", as a required value is refused).
 * Lists over 250 items, NUL bytes and ill-formed text never get here: the request pipeline refuses them.
 */
export function validBody<T extends object>(type: new () => T, body: unknown, rootKey: string): T {
  // The root must be an object: null, a list or a scalar under it is as missing as no root at all.
  const root = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>)[rootKey] : undefined;
  if (typeof root !== 'object' || root === null || Array.isArray(root)) throw badRequest(rootKey);
  const instance = plainToInstance(type, body);
  const errors = validateSync(instance, { forbidUnknownValues: false });
  if (errors.length > 0) {
    const [field, message] = firstProblem(errors);
    throw new DomainError('UNPROCESSABLE', message, { field });
  }
  const nullField = nullInNonNullableField(instance);
  if (nullField !== null) throw new DomainError('UNPROCESSABLE', NULL_MESSAGE, { field: nullField });
  return instance;
}

export const NULL_MESSAGE = "can't be blank";

function firstProblem(errors: ValidationError[]): [string, string] {
  let error = errors[0];
  let field = error.property;
  while (error.children?.length) {
    error = error.children[0];
    // A list's items are keyed by the list (`addresses`), as the hosted platform keys them.
    if (!/^\d+$/.test(error.property)) field = error.property;
  }
  const constraints = error.constraints ?? {};
  // A list item that is not an object: class-validator's "each value in nested property … must be either object or array".
  const message = constraints.nestedValidation ? 'is invalid' : (Object.values(constraints)[0] ?? 'is invalid');
  // class-validator says "title must be longer…"; the hosted platform keys by field and drops the name.
  return [field, message.startsWith(`${field} `) ? message.slice(field.length + 1) : message];
}
