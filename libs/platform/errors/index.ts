export { DomainError, isDomainError, type DomainErrorOptions, type ErrorKind } from './domain-error.js';
export { answerFor, reasonPhrase, type ErrorAnswer } from './error-table.js';
export { defineErrors, isErrorOf, type CodedErrorOptions, type ErrorCodeOf, type ErrorConstructors } from './define-errors.js';
export { fieldPath, userErrorsOf, type UserErrorView } from './user-errors.js';
export { restErrorKey, restErrorMessage } from './rest-error-keys.js';
export {
  ILL_FORMED_TEXT_MESSAGE,
  MAX_INPUT_ARRAY_SIZE,
  NUL_BYTE_MESSAGE,
  TEXT_PROBLEMS,
  findInputProblem,
  inputProblemError,
  inputTooLarge,
  textInput,
  textProblem,
  type InputProblem,
  type TextProblem,
} from './input-limits.js';
export { REQUIRED_PARAMETER_MESSAGE, accessDenied, badRequest, internalError, invalidAccessToken, missingScope, notFound, rejection } from './errors.js';
export { MAX_ATTRIBUTES, MAX_TAGS, MAX_TAG_LENGTH, MAX_TITLE_LENGTH, checkTitle } from './value-limits.js';
