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

/** `{ shop { ...F30 } }` where each Fn spreads F(n−1) twice: 2^30 `name` fields once expanded. */
export function fragmentBomb(levels = 30): string {
  const fragments = ['fragment F0 on Shop { name }'];
  for (let n = 1; n <= levels; n++) fragments.push(`fragment F${n} on Shop { ...F${n - 1} ...F${n - 1} }`);
  return `{ shop { ...F${levels} } } ${fragments.join(' ')}`;
}

/** A selection `levels` deep, alternating collections and products. */
export function deepSelection(levels = 1_000): string {
  let open = '';
  let close = '';
  for (let i = 0; i < levels / 2; i++) {
    open += i % 2 === 0 ? 'collections(first: 1) { nodes { ' : 'products(first: 1) { nodes { ';
    close += ' } }';
  }
  return `{ ${open}id${close} }`;
}

/** collections → products → collections … , `levels` connections of 250 each: a cost no token may run. */
export function wideNesting(levels = 8): string {
  let open = '';
  let close = '';
  for (let i = 0; i < levels; i++) {
    open += i % 2 === 0 ? 'collections(first: 250) { nodes { ' : 'products(first: 250) { nodes { ';
    close += ' } }';
  }
  return `{ ${open}id${close} }`;
}

export function hostileDocuments(): HostileDocument[] {
  return [
    { name: 'tokenless over complexity 1,000', body: query('{ products(first: 250) { nodes { title variants(first: 250) { nodes { title } } } } }') },
    { name: 'malformed document', body: query(`{ products(first: 20) { nodes { title ${'{'.repeat(50)}`) },
    {
      name: 'array argument of 251 ids',
      body: query(`{ nodes(ids: [${Array.from({ length: 251 }, (_, i) => `"gid://platform/Product/${i + 1}"`).join(', ')}]) { id } }`),
    },
    { name: 'fragment bomb (F30)', body: query(fragmentBomb()) },
    { name: 'selection 1,000 deep', body: query(deepSelection()) },
    { name: 'token query, 8 nested connections of 250', body: query(wideNesting()), withToken: true },
  ];
}
