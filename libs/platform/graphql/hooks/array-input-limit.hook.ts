import { type ArgumentNode, type SelectionSetNode, type ValueNode, Kind } from 'graphql';
import { MAX_INPUT_ARRAY_SIZE, findOversizedArray, inputTooLarge } from '@platform/errors';
import type { GraphqlHook, PreparedOperation } from '../graphql-hooks.js';

/** Any list argument or input field over 250 items is refused before execution, naming the argument. */
export const arrayInputLimitHook: GraphqlHook = {
  before(_ctx, op) {
    const visited = new Set<string>();
    checkSelectionSet(op, op.operation.selectionSet, visited);
  },
};

function checkSelectionSet(op: PreparedOperation, selectionSet: SelectionSetNode, visited: Set<string>): void {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      for (const argument of selection.arguments ?? []) checkArgument(op, argument);
      if (selection.selectionSet) checkSelectionSet(op, selection.selectionSet, visited);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      checkSelectionSet(op, selection.selectionSet, visited);
    } else if (!visited.has(selection.name.value)) {
      visited.add(selection.name.value);
      const fragment = op.document.definitions.find((d) => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === selection.name.value);
      if (fragment && fragment.kind === Kind.FRAGMENT_DEFINITION) checkSelectionSet(op, fragment.selectionSet, visited);
    }
  }
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
      const found = findOversizedArray(op.variables[value.name.value], path);
      if (found) throw inputTooLarge(found.path, found.size);
      return;
    }
    default:
      return;
  }
}
