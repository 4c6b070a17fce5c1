import { type GraphQLObjectType, buildSchema, getOperationAST, parse } from 'graphql';
import type { ListBound } from '@platform/graphql-types';
import { LIST_BOUND_KEY } from '../graphql-types/list-bound.js';
import { unboundedLists } from './cost/list-bounds.js';
import { actualCost, flattenPlan, planCost } from './query-cost.js';

const schema = buildSchema(`
  interface Node { id: ID! }
  type Image { url: String! }
  type Variant implements Node { id: ID! price: String! image: Image }
  type VariantEdge { cursor: String! node: Variant! }
  type PageInfo { hasNextPage: Boolean! endCursor: String }
  type VariantConnection { edges: [VariantEdge!]! nodes: [Variant!]! pageInfo: PageInfo! }
  type Address { city: String! }
  type Product implements Node { id: ID! title: String! featuredImage: Image images: [Image!]! variants(first: Int, last: Int): VariantConnection! addresses(first: Int): [Address!]! tags: [String!]! }
  type ProductEdge { cursor: String! node: Product! }
  type ProductConnection { edges: [ProductEdge!]! nodes: [Product!]! pageInfo: PageInfo! }
  enum Status { ACTIVE DRAFT }
  type Shop { name: String! status: Status! }
  type Query { shop: Shop! products(first: Int, last: Int): ProductConnection! node(id: ID!): Node nodes(ids: [ID!]!): [Node]! }
  type Mutation { productUpdate(id: ID!): Product }
`);

// BoundedList declares these in the real schemas; SDL has no extensions, so they are set here.
function bound(typeName: string, fieldName: string, listBound: ListBound): void {
  const field = (schema.getType(typeName) as GraphQLObjectType).getFields()[fieldName]!;
  Object.assign(field, { extensions: { ...field.extensions, [LIST_BOUND_KEY]: listBound } });
}
bound('Query', 'nodes', { max: 250, sizedBy: 'ids' });
bound('Product', 'images', { max: 250, withParent: true });
bound('Product', 'tags', { max: 250, withParent: true });
bound('Product', 'addresses', { max: 100, sizedBy: 'first' });

function plan(query: string, variables: Record<string, unknown> = {}) {
  const document = parse(query);
  return planCost(schema, document, getOperationAST(document)!, variables);
}

describe('query cost', () => {
  it('charges 0 for scalars and enums, 1 for an object', () => {
    expect(plan('{ shop { name status } }').requested).toBe(1);
  });

  it('charges a connection 2 + first × the cost of one node', () => {
    expect(plan('{ products(first: 10) { edges { cursor node { id title } } pageInfo { hasNextPage } } }').requested).toBe(12);
    expect(plan('{ products(first: 10) { nodes { id featuredImage { url } } } }').requested).toBe(2 + 10 * 2);
  });

  it('multiplies nested connections', () => {
    const q = '{ products(first: 5) { edges { node { variants(first: 3) { edges { node { price } } } } } } }';
    expect(plan(q).requested).toBe(2 + 5 * (1 + 2 + 3 * 1));
  });

  it('reads page sizes from variables and honours @skip/@include', () => {
    const q = 'query($n: Int, $no: Boolean!) { products(first: $n) { nodes { id } } shop @skip(if: $no) { name } }';
    expect(plan(q, { n: 50, no: true }).requested).toBe(52);
    expect(plan(q, { n: 50, no: false }).requested).toBe(53);
  });

  it('charges an interface the most expensive possible selection', () => {
    const q = '{ node(id: "1") { id ... on Product { featuredImage { url } } ... on Variant { image { url } } } }';
    expect(plan(q).requested).toBe(2);
  });

  it('charges mutation fields 10, their payload included unless it selects more', () => {
    expect(plan('mutation { productUpdate(id: "1") { id } }').requested).toBe(10);
    expect(plan('mutation { productUpdate(id: "1") { featuredImage { url } variants(first: 2) { nodes { id } } } }').requested).toBe(10);
    const wide = plan('mutation { productUpdate(id: "1") { variants(first: 20) { nodes { image { url } } } } }');
    expect(wide.requested).toBe(2 + 20 * 2);
    expect(plan('mutation { a: productUpdate(id: "1") { id } b: productUpdate(id: "2") { id } }').requested).toBe(20);
  });

  it('counts a list whose items come with its parent as one item, requested and actual alike', () => {
    const p = plan('{ products(first: 2) { nodes { images { url } } } }');
    expect(p.requested).toBe(2 + 2 * 2);
    const data = { products: { nodes: [{ images: [{ url: 'a' }, { url: 'b' }, { url: 'c' }] }, { images: [] }] } };
    expect(actualCost(p, data)).toBe(2 + (1 + 1) + 1);
    expect(actualCost(p, data)).toBeLessThanOrEqual(p.requested);
  });

  it('counts a mutation 10 however little it returned, and its payload when that is more', () => {
    const p = plan('mutation { productUpdate(id: "1") { variants(first: 20) { nodes { image { url } } } } }');
    expect(actualCost(p, { productUpdate: null })).toBe(10);
    const nodes = Array.from({ length: 12 }, () => ({ image: { url: 'u' } }));
    expect(actualCost(p, { productUpdate: { variants: { nodes } } })).toBe(2 + 12 * 2);
  });

  it('counts what was returned for the actual cost', () => {
    const p = plan('{ products(first: 10) { edges { node { id featuredImage { url } } } } }');
    expect(p.requested).toBe(2 + 10 * 2);
    const data = { products: { edges: [{ node: { id: '1', featuredImage: null } }, { node: { id: '2', featuredImage: { url: 'u' } } }] } };
    expect(actualCost(p, data)).toBe(2 + 1 + (1 + 1));
  });

  it('counts a fragment at each spread and every field as written', () => {
    expect(plan('{ ...S ...S } fragment S on Query { shop { name } }').requested).toBe(2);
    expect(plan('{ shop { name } shop { status } }').requested).toBe(2);
    const nested = '{ products(first: 10) { nodes { ...V ...V } } } fragment V on Product { variants(first: 5) { nodes { id } } }';
    expect(plan(nested).requested).toBe(2 + 10 * (1 + 2 * (2 + 5)));
  });

  it('charges nodes(ids:) per id, with what each may hold', () => {
    const ids = Array.from({ length: 250 }, (_, i) => String(i));
    expect(plan('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids }).requested).toBe(250);
    const q = 'query($ids: [ID!]!) { nodes(ids: $ids) { ... on Product { variants(first: 10) { nodes { id } } } } }';
    expect(plan(q, { ids: ids.slice(0, 3) }).requested).toBe(3 * (1 + 2 + 10));
    const p = plan(q, { ids: ids.slice(0, 3) });
    expect(actualCost(p, { nodes: [{ variants: { nodes: [{ id: 'a' }] } }, null, { variants: { nodes: [] } }] })).toBe(1 + 2 + 1 + (1 + 2));
  });

  it('charges a bounded list each item it can return: its bound, or fewer when an argument asks for fewer', () => {
    expect(plan('{ node(id: "1") { ... on Product { addresses { city } } } }').requested).toBe(1 + 100);
    expect(plan('{ node(id: "1") { ... on Product { addresses(first: 5) { city } } } }').requested).toBe(1 + 5);
    expect(plan('{ node(id: "1") { ... on Product { addresses(first: 5000) { city } } } }').requested).toBe(1 + 100);
    const aliases = Array.from({ length: 99 }, (_, i) => `a${i}: addresses { city }`).join(' ');
    expect(plan(`{ node(id: "1") { ... on Product { ${aliases} } } }`).requested).toBe(1 + 99 * 100);
    const p = plan('{ products(first: 2) { nodes { addresses(first: 10) { city } tags } } }');
    expect(p.requested).toBe(2 + 2 * (1 + 10));
    expect(actualCost(p, { products: { nodes: [{ addresses: [{ city: 'a' }, { city: 'b' }], tags: ['x'] }, { addresses: [], tags: [] }] } })).toBe(2 + (1 + 2) + 1);
  });

  it('finds every list that is neither a connection page nor bounded', () => {
    expect(unboundedLists(schema)).toEqual([]);
    const open = buildSchema('type Item { name: String } type Query { items: [Item!]! names: [String] }');
    expect(unboundedLists(open)).toEqual(['Query.items', 'Query.names']);
  });

  it('reports every field with its defined and requested costs', () => {
    const fields = flattenPlan(plan('{ products(first: 2) { nodes { id } } }'));
    expect(fields.map((f) => [f.path.join('.'), f.definedCost, f.requestedTotalCost, f.requestedChildrenCost])).toEqual([
      ['products', 2, 4, 1],
      ['products.nodes', 1, 1, 0],
      ['products.nodes.id', 0, 0, 0],
    ]);
  });
});
