import { type GraphQLResolveInfo, buildSchema, execute, parse } from 'graphql';
import { selectedFieldsOf, selectsAnyOf } from './selected-fields.js';

const schema = buildSchema(`
  interface Node { id: ID! }
  type Product implements Node { id: ID! title: String! tags: [String!]! variants: [Variant!]! }
  type Variant implements Node { id: ID! sku: String product: Product! }
  union Result = Product | Variant
  type Query { products: [Product!]! node: Node search: [Result!]! }
`);

// What the resolver of the root field sees, for a document.
function infoOf(query: string, root: 'products' | 'node' | 'search'): GraphQLResolveInfo {
  let seen: GraphQLResolveInfo | undefined;
  const fields = schema.getQueryType()!.getFields();
  fields[root]!.resolve = (_parent, _args, _ctx, info) => {
    seen = info;
    return null;
  };
  void execute({ schema, document: parse(query) });
  return seen!;
}

const sorted = (set: ReadonlySet<string>) => [...set].sort();

describe('selectedFieldsOf', () => {
  it('collects fields per object type below the field, nested lists included', () => {
    const info = infoOf('{ products { title variants { sku product { tags } } } }', 'products');
    expect(sorted(selectedFieldsOf(info, 'Product'))).toEqual(['tags', 'title', 'variants']);
    expect(sorted(selectedFieldsOf(info, 'Variant'))).toEqual(['product', 'sku']);
  });

  it('follows named and inline fragments, @skip/@include fields included', () => {
    const info = infoOf('query ($s: Boolean = true) { products { ...P ... on Product { id } } } fragment P on Product { tags @skip(if: $s) }', 'products');
    expect(sorted(selectedFieldsOf(info, 'Product'))).toEqual(['id', 'tags']);
  });

  it('counts a field selected on an interface or union for each of its object types', () => {
    const node = infoOf('{ node { id ... on Product { title } } }', 'node');
    expect(sorted(selectedFieldsOf(node, 'Product'))).toEqual(['id', 'title']);
    expect(sorted(selectedFieldsOf(node, 'Variant'))).toEqual(['id']);
    const search = infoOf('{ search { __typename ... on Node { id } } }', 'search');
    expect(sorted(selectedFieldsOf(search, 'Variant'))).toEqual(['__typename', 'id']);
  });

  it('answers whether any of a set of fields is selected', () => {
    const info = infoOf('{ products { title } }', 'products');
    expect(selectsAnyOf(info, 'Product', new Set(['tags', 'title']))).toBe(true);
    expect(selectsAnyOf(info, 'Product', new Set(['tags']))).toBe(false);
    expect(selectsAnyOf(info, 'Variant', new Set(['sku']))).toBe(false);
  });

  it('walks a field node once: later calls answer from the cache', () => {
    const info = infoOf('{ products { title } }', 'products');
    expect(selectedFieldsOf(info, 'Product')).toBe(selectedFieldsOf(info, 'Product'));
  });
});
