import { deepSelection, fragmentBomb, nestedConnections } from '../libs/platform/graphql/testing/hostile-documents.js';

// Documents a hostile client sends, every one of which the platform must refuse before running it: the
// first three by the rules every document passes (complexity, syntax, input size), the last three by the
// document guard (fields after expanding fragments, depth, the cost cap of token requests).

export interface HostileDocument {
  name: string;
  body: string;
  /** A token, for the documents only a token request may try (token requests have no complexity limit). */
  withToken?: boolean;
}

const query = (text: string) => JSON.stringify({ query: text });

export function hostileDocuments(): HostileDocument[] {
  return [
    { name: 'tokenless over complexity 1,000', body: query('{ products(first: 250) { nodes { title variants(first: 250) { nodes { title } } } } }') },
    { name: 'malformed document', body: query(`{ products(first: 20) { nodes { title ${'{'.repeat(50)}`) },
    {
      name: 'array argument of 251 ids',
      body: query(`{ nodes(ids: [${Array.from({ length: 251 }, (_, i) => `"gid://platform/Product/${i + 1}"`).join(', ')}]) { id } }`),
    },
    { name: 'fragment bomb (F30)', body: query(fragmentBomb(30)) },
    { name: 'selection 1,000 deep', body: query(deepSelection(1_000)) },
    { name: 'token query, 8 nested connections of 250', body: query(nestedConnections(8)), withToken: true },
  ];
}
