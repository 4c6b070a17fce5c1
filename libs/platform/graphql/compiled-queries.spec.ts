import { type ExecutionResult, GraphQLScalarType, buildSchema, executeRootSelectionSet, getIntrospectionQuery, parse, validate, validateExecutionArgs } from 'graphql';
import { CompiledQueries } from './compiled-queries.js';

// The compiled form of an operation must answer exactly what graphql-js answers for it: data, errors
// (message, locations, path), null propagation, abstract types, directives, variables.

const schema = buildSchema(`
  interface Node { id: ID! }
  type Product implements Node { id: ID! title: String! price: Money! tags: [String!]! variants(first: Int!): [Variant!]! broken: String failing: String! }
  type Variant implements Node { id: ID! sku: String available: Boolean! }
  union Result = Product | Variant
  scalar Money
  enum Sort { TITLE PRICE }
  input Filter { title: String sort: Sort = TITLE }
  type Query {
    products(first: Int!, filter: Filter): [Product!]!
    node(id: ID!): Node
    search(term: String!): [Result!]!
    brokenList: [Product!]
  }
`);

const products = [
  { id: '1', title: 'Cap', price: '10.00', tags: ['a', 'b'], variants: [{ id: 'v1', sku: 'C-1', available: true }, { id: 'v2', sku: null, available: false }] },
  { id: '2', title: 'Bag', price: '25.50', tags: [], variants: [{ id: 'v3', sku: 'B-1', available: true }] },
];
const query = schema.getQueryType()!.getFields();
query.products!.resolve = async (_root, args: { first: number; filter?: { title?: string; sort: string } }) =>
  products.filter((p) => !args.filter?.title || p.title === args.filter.title).slice(0, args.first);
query.node!.resolve = (_root, { id }: { id: string }) => products.find((p) => p.id === id) ?? products.flatMap((p) => p.variants).find((v) => v.id === id) ?? null;
query.search!.resolve = () => [products[0], products[0]!.variants[0]];
query.brokenList!.resolve = () => [products[0], { ...products[1], title: null }];
const product = schema.getType('Product') as unknown as { getFields(): Record<string, { resolve?: unknown }> };
product.getFields().variants!.resolve = async (p: (typeof products)[number], { first }: { first: number }) => p.variants.slice(0, first);
product.getFields().broken!.resolve = () => {
  throw new Error('broken field');
};
product.getFields().failing!.resolve = async () => Promise.reject(new Error('failing field'));
const typeOf = (value: { title?: string }) => ('title' in value ? 'Product' : 'Variant');
(schema.getType('Node') as unknown as { resolveType: typeof typeOf }).resolveType = typeOf;
(schema.getType('Result') as unknown as { resolveType: typeof typeOf }).resolveType = typeOf;
const money = (v: unknown) => `${String(v)} USD`;
Object.assign(schema.getType('Money') as GraphQLScalarType, { serialize: money, coerceOutputValue: money });

async function interpreted(text: string, variables: Record<string, unknown> = {}): Promise<string> {
  const validated = validateExecutionArgs({ schema, document: parse(text), variableValues: variables });
  if (!('schema' in validated)) throw new Error('bad variables');
  return comparable(await executeRootSelectionSet(validated));
}

async function compiledRuns(text: string, variables: Record<string, unknown> = {}): Promise<string[]> {
  const document = parse(text);
  expect(validate(schema, document)).toEqual([]);
  const compiled = new CompiledQueries(schema);
  const runs: string[] = [];
  for (let run = 1; run <= 3; run++) {
    const operation = compiled.forRun(text, document, undefined);
    if (run === 1) expect(operation).toBeUndefined();
    else runs.push(comparable(await operation!({}, variables)));
  }
  return runs;
}

// Compared as the client reads them (JSON text, so key order counts), errors in path order: both engines
// finish async fields in their own order.
function comparable(result: ExecutionResult): string {
  const errors = result.errors?.map((e) => e.toJSON()).sort((a, b) => JSON.stringify(a.path).localeCompare(JSON.stringify(b.path)));
  return JSON.stringify({ data: result.data, errors }, null, 1);
}

const cases: { name: string; text: string; variables?: Record<string, unknown> }[] = [
  { name: 'fields, aliases and arguments', text: '{ products(first: 2) { id name: title price tags variants(first: 1) { sku available } } }' },
  { name: 'variables and input objects with defaults', text: 'query ($n: Int!, $f: Filter) { products(first: $n, filter: $f) { title } }', variables: { n: 5, f: { title: 'Bag' } } },
  { name: 'fragments and inline fragments on interfaces', text: '{ node(id: "1") { id ...P ... on Variant { sku } } } fragment P on Product { title }' },
  { name: 'unions with __typename', text: '{ search(term: "c") { __typename ... on Product { title } ... on Variant { sku } } }' },
  { name: '@skip and @include from variables', text: 'query ($s: Boolean!) { products(first: 1) { id title @skip(if: $s) price @include(if: $s) } }', variables: { s: true } },
  { name: 'a nullable field that throws', text: '{ products(first: 2) { id broken } }' },
  { name: 'a non-null field that rejects: null propagates to the nearest nullable parent', text: '{ node(id: "1") { id ... on Product { failing } } }' },
  { name: 'non-null propagation through a list', text: '{ brokenList { title } }' },
  { name: 'an unknown node', text: '{ node(id: "nope") { id } }' },
  { name: 'string literals that look like code', text: '{ products(first: 2, filter: { title: "Cap\\"); throw 1; `${x}` //" }) { t: title } x: node(id: "\\u0027+1+\\u0027") { id } }' },
  { name: 'introspection', text: getIntrospectionQuery() },
];

describe('compiled queries', () => {
  it.each(cases)('answers like graphql-js: $name', async ({ text, variables }) => {
    const expected = await interpreted(text, variables);
    for (const answer of await compiledRuns(text, variables)) expect(answer).toBe(expected);
  });

  // Found by the storefront fuzz suite: graphql-jit answered "Variable "$v" of required type "String!" was not
  // provided." (without a code) from the second run of `query ($v: String! = "x") { … }` sent without $v.
  it('interprets for good an operation whose non-null variable or input field has a default, which graphql-jit ignores', async () => {
    const withDefaults = buildSchema(`
      input Range { min: Int! = 0, max: Int }
      input Outer { range: Range }
      type Query { count(n: Int!): Int! within(outer: Outer): Int! }
    `);
    const fields = withDefaults.getQueryType()!.getFields();
    fields.count!.resolve = (_root, { n }: { n: number }) => n;
    fields.within!.resolve = (_root, { outer }: { outer?: { range?: { min: number } } }) => outer?.range?.min ?? -1;
    const compiled = new CompiledQueries(withDefaults);
    const operations = [
      ['query ($n: Int! = 3) { count(n: $n) }', { count: 3 }],
      ['query ($o: Outer) { within(outer: $o) }', { within: 0 }],
    ] as const;
    for (const [text, data] of operations) {
      const document = parse(text);
      for (let run = 1; run <= 3; run++) expect(compiled.forRun(text, document, undefined)).toBeUndefined();
      const variables = text.includes('$o') ? { o: { range: {} } } : {};
      const validated = validateExecutionArgs({ schema: withDefaults, document, variableValues: variables });
      expect('schema' in validated && (await executeRootSelectionSet(validated))).toEqual({ data });
    }
    // A nullable variable's default is honoured by graphql-jit: such operations are compiled.
    const nullable = 'query ($n: Int = 3) { count(n: 1) m: count(n: 2) @include(if: true) x: count(n: 3) @skip(if: false) }';
    compiled.forRun(nullable, parse(nullable), undefined);
    expect(compiled.forRun(nullable, parse(nullable), undefined)).toBeInstanceOf(Function);
  });

  it('compiles an operation on its second run and keeps one compiled form per operation name', () => {
    const text = 'query A { products(first: 1) { id } } query B { products(first: 1) { title } }';
    const document = parse(text);
    const compiled = new CompiledQueries(schema);
    expect(compiled.forRun(text, document, 'A')).toBeUndefined();
    expect(compiled.forRun(text, document, 'B')).toBeUndefined();
    const a = compiled.forRun(text, document, 'A');
    expect(a).toBeInstanceOf(Function);
    expect(compiled.forRun(text, document, 'A')).toBe(a);
    expect(compiled.forRun(text, document, 'B')).not.toBe(a);
  });
});
