import { type ArgumentNode, type DirectiveNode, type SelectionSetNode, type ValueNode, Kind } from 'graphql';
import { DomainError, type InputProblem, MAX_INPUT_ARRAY_SIZE, TEXT_PROBLEMS, findInputProblem, inputProblemError, inputTooLarge } from '@platform/errors';
import type { GraphqlHook, PreparedOperation } from '../graphql-hooks.js';

/**
 * Before execution: any list argument or input field over 250 items is refused, naming the argument, whether
 * it is written in the document, sent as a variable or a variable's default; and so is any variable holding a
 * NUL byte or ill-formed text, a lone surrogate (string literals in the document were checked when it was parsed).
 * The walks follow the selection (bounded by the document limits) and the variables with an explicit stack.
 */
export const inputLimitsHook: GraphqlHook = {
  before(_ctx, op) {
    const fragments = new Map<string, SelectionSetNode>();
    for (const d of op.document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d.selectionSet);
    checkSelectionSet(op, op.operation.selectionSet, fragments, new Set());
    checkDirectives(op, op.operation.directives);
    for (const [name, value] of Object.entries(op.variables)) {
      const problem = findInputProblem(value, `$${name}`);
      if (problem) throw refusal(problem);
    }
  },
};

function checkSelectionSet(op: PreparedOperation, selectionSet: SelectionSetNode, fragments: ReadonlyMap<string, SelectionSetNode>, visited: Set<string>): void {
  for (const selection of selectionSet.selections) {
    checkDirectives(op, selection.directives);
    if (selection.kind === Kind.FIELD) {
      for (const argument of selection.arguments ?? []) checkArgument(op, argument);
      if (selection.selectionSet) checkSelectionSet(op, selection.selectionSet, fragments, visited);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      checkSelectionSet(op, selection.selectionSet, fragments, visited);
    } else if (!visited.has(selection.name.value)) {
      visited.add(selection.name.value);
      const fragment = fragments.get(selection.name.value);
      if (fragment) checkSelectionSet(op, fragment, fragments, visited);
    }
  }
}

function checkDirectives(op: PreparedOperation, directives: readonly DirectiveNode[] | undefined): void {
  for (const directive of directives ?? []) for (const argument of directive.arguments ?? []) checkArgument(op, argument);
}

function checkArgument(op: PreparedOperation, argument: ArgumentNode): void {
  checkValue(op, argument.value, argument.name.value);
}

function checkValue(op: PreparedOperation, value: ValueNode, path: string): void {
  switch (value.kind) {
    case Kind.LIST:
      if (value.values.length > MAX_INPUT_ARRAY_SIZE) throw inputTooLarge(path, value.values.length);
      value.values.forEach((item, i) => checkValue(op, item, `${path}[${i}]`));
      return;
    case Kind.OBJECT:
      for (const field of value.fields) checkValue(op, field.value, `${path}.${field.name.value}`);
      return;
    case Kind.VARIABLE: {
      const problem = findInputProblem(op.variables[value.name.value], path);
      if (problem) throw refusal(problem);
      return;
    }
    default:
      return;
  }
}

// GraphQL messages stand alone (REST keys its 422 by the field instead), so they name the variable or argument.
function refusal(problem: InputProblem): DomainError {
  if (problem.kind === 'array_too_large') return inputProblemError(problem);
  const { message, code } = TEXT_PROBLEMS[problem.kind];
  return new DomainError('UNPROCESSABLE', `${problem.path} ${message}.`, { field: problem.path, code, extensions: { argument: problem.path } });
}
