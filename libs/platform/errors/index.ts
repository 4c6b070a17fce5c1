export { DomainError, isDomainError, type DomainErrorOptions, type ErrorKind } from './domain-error.js';
export { answerFor, type ErrorAnswer } from './error-table.js';
export { REQUIRED_PARAMETER_MESSAGE, badRequest, internalError, invalidAccessToken, missingScope, notFound } from './errors.js';
