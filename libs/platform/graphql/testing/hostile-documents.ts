// GraphQL documents an attacker sends, shared by the hostile-input tests, the fuzz suites and the bench.

/** `{ shop { ...Fn } }` where each fragment spreads the one before twice: 2^levels fields once expanded. */
export function fragmentBomb(levels: number): string {
  const fragments = ['fragment F0 on Shop { name }'];
  for (let i = 1; i <= levels; i++) fragments.push(`fragment F${i} on Shop { ...F${i - 1} ...F${i - 1} }`);
  return `{ shop { ...F${levels} } } ${fragments.join(' ')}`;
}

/** A selection `levels` fields deep (`{a{a{…}}}`); not valid, but it must be refused before the parser recurses into it. */
export function deepSelection(levels: number): string {
  return `${'{a'.repeat(levels)}{a}${'}'.repeat(levels)}`;
}

/** Products → collections → products … `levels` connections deep, each a page of `first`: a valid, enormous query. */
export function nestedConnections(levels: number, first = 250): string {
  let inner = 'id';
  for (let i = levels; i > 0; i--) inner = `${i % 2 === 1 ? 'collections' : 'products'}(first: ${first}) { nodes { ${inner} } }`;
  return `{ ${inner} }`;
}

/** A list nested `levels` deep, as a JSON text (built as text: JSON.stringify itself recurses). */
export function deepJsonList(levels: number): string {
  return `${'['.repeat(levels)}"x"${']'.repeat(levels)}`;
}
