export { DomainError, isDomainError, type DomainErrorOptions, type ErrorKind } from './domain-error.js';
export { answerFor, type ErrorAnswer } from './error-table.js';
export { MAX_INPUT_ARRAY_SIZE, findOversizedArray, inputTooLarge } from './array-input-limit.js';
export { REQUIRED_PARAMETER_MESSAGE, accessDenied, badRequest, internalError, invalidAccessToken, missingScope, notFound } from './errors.js';
