import { type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode, Kind } from 'graphql';

/** The size of a document with every fragment expanded where it is spread. */
export interface DocumentMeasure {
  /** Fields nested in fields (fragments are transparent). */
  readonly depth: number;
  /** Fields and fragment spreads. */
  readonly fields: number;
  readonly aliases: number;
  readonly directives: number;
}

const NONE: DocumentMeasure = { depth: 0, fields: 0, aliases: 0, directives: 0 };

/**
 * Measures a parsed document in time linear in its text: each fragment is measured once, and a spread adds
 * its fragment's measure, so `fragment F1 { ...F0 ...F0 } … fragment F30 { ...F29 ...F29 }` counts 2^30
 * fields without walking them. Fragments are ordered by an explicit stack (a chain of thousands of
 * fragments must not recurse); within one selection set the recursion is bounded by the bracket nesting
 * the lexical check allows. Cycles and unknown fragments count nothing here: validation reports them.
 */
export function measureDocument(document: DocumentNode): DocumentMeasure {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const measured = measureFragments(fragments);
  let total = NONE;
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    const own = (definition.directives?.length ?? 0) + (definition.variableDefinitions ?? []).reduce((n, v) => n + (v.directives?.length ?? 0), 0);
    const operation = measureSelectionSet(definition.selectionSet, measured);
    total = {
      depth: Math.max(total.depth, operation.depth),
      fields: add(total.fields, operation.fields),
      aliases: add(total.aliases, operation.aliases),
      directives: add(total.directives, add(operation.directives, own)),
    };
  }
  return total;
}

function measureSelectionSet(selectionSet: SelectionSetNode, fragments: ReadonlyMap<string, DocumentMeasure>): DocumentMeasure {
  let depth = 0;
  let fields = 0;
  let aliases = 0;
  let directives = 0;
  for (const selection of selectionSet.selections) {
    directives = add(directives, selection.directives?.length ?? 0);
    let inner: DocumentMeasure;
    if (selection.kind === Kind.FIELD) {
      inner = selection.selectionSet ? measureSelectionSet(selection.selectionSet, fragments) : NONE;
      depth = Math.max(depth, inner.depth + 1);
      fields = add(fields, 1);
      if (selection.alias) aliases = add(aliases, 1);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      inner = measureSelectionSet(selection.selectionSet, fragments);
      depth = Math.max(depth, inner.depth);
    } else {
      inner = fragments.get(selection.name.value) ?? NONE;
      depth = Math.max(depth, inner.depth);
      fields = add(fields, 1);
    }
    fields = add(fields, inner.fields);
    aliases = add(aliases, inner.aliases);
    directives = add(directives, inner.directives);
  }
  return { depth, fields, aliases, directives };
}

// Measures every fragment after the fragments it spreads (post-order over an explicit stack).
function measureFragments(fragments: ReadonlyMap<string, FragmentDefinitionNode>): Map<string, DocumentMeasure> {
  const measured = new Map<string, DocumentMeasure>();
  const entered = new Set<string>();
  for (const start of fragments.keys()) {
    const stack: { name: string; expanded: boolean }[] = [{ name: start, expanded: false }];
    while (stack.length > 0) {
      const top = stack.pop()!;
      const fragment = fragments.get(top.name);
      if (!fragment || measured.has(top.name)) continue;
      if (top.expanded) {
        const own = fragment.directives?.length ?? 0;
        const body = measureSelectionSet(fragment.selectionSet, measured);
        measured.set(top.name, { ...body, directives: add(body.directives, own) });
        continue;
      }
      if (entered.has(top.name)) continue; // a cycle: validation refuses the document
      entered.add(top.name);
      stack.push({ name: top.name, expanded: true });
      for (const spread of spreadsIn(fragment.selectionSet)) {
        if (!measured.has(spread) && !entered.has(spread)) stack.push({ name: spread, expanded: false });
      }
    }
  }
  return measured;
}

function spreadsIn(selectionSet: SelectionSetNode, into = new Set<string>()): Set<string> {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FRAGMENT_SPREAD) into.add(selection.name.value);
    else if (selection.selectionSet) spreadsIn(selection.selectionSet, into);
  }
  return into;
}

// Counts of fragment bombs exceed 2^53; they saturate there (any limit is far below).
function add(a: number, b: number): number {
  return Math.min(a + b, Number.MAX_SAFE_INTEGER);
}
