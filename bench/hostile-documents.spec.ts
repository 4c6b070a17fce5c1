import { type DocumentNode, Kind, type SelectionSetNode, parse } from 'graphql';
import { deepSelection, fragmentBomb, nestedConnections } from '../libs/platform/graphql/testing/hostile-documents.js';
import { hostileDocuments } from './hostile-documents.js';

// The shapes must be what their names say, or the hostile-load scenario measures something milder.

function depth(selectionSet: SelectionSetNode | undefined): number {
  if (!selectionSet) return 0;
  return 1 + Math.max(0, ...selectionSet.selections.map((s) => (s.kind === Kind.FIELD ? depth(s.selectionSet) : 0)));
}

const operation = (document: DocumentNode) => document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION)!;

describe('hostile documents', () => {
  it('builds the fragment bomb: F0 selects name, each Fn spreads F(n-1) twice, up to F30', () => {
    const document = parse(fragmentBomb(30), { maxTokens: Number.MAX_SAFE_INTEGER });
    const fragments = document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION);
    expect(fragments).toHaveLength(31);
    const f7 = fragments.find((f) => f.name.value === 'F7')!;
    expect(f7.selectionSet.selections.map((s) => (s.kind === Kind.FRAGMENT_SPREAD ? s.name.value : '?'))).toEqual(['F6', 'F6']);
  });

  it('nests selections 1,000 deep and connections of 250 eight deep', () => {
    const deep = operation(parse(deepSelection(1_000), { maxTokens: Number.MAX_SAFE_INTEGER }));
    expect(deep.kind === Kind.OPERATION_DEFINITION && depth(deep.selectionSet)).toBe(1_001);
    const wide = nestedConnections(8);
    expect(wide.match(/\(first: 250\)/g)).toHaveLength(8);
    expect(depth((operation(parse(wide)) as { selectionSet: SelectionSetNode }).selectionSet)).toBe(17);
  });

  it('sends every document as a JSON body with a query', () => {
    for (const document of hostileDocuments()) expect(JSON.parse(document.body)).toEqual({ query: expect.any(String) });
  });
});
