import type { FastifyInstance } from 'fastify';
import type { IntrospectionInputValue, IntrospectionQuery, IntrospectionTypeRef } from 'graphql';

// Where a caller names an object: arguments that take an id or a handle, or another identifier of a
// shop's object (a customer's access token, email or phone). The tenant isolation test needs a case for
// every one of them, so a new field or route that takes one cannot arrive untested.

const IDENTIFIER_NAME = /^(id|ids|handle|handles|email|phone)$|(Id|Ids|Handle|Handles)$|^customerAccessToken$/;

/** `Type.field` (or `@directive`) → the paths of its identifier arguments (`id`, `input.email`). */
export type IdentifierInputs = Map<string, string[]>;

export function identifierInputs(schema: IntrospectionQuery['__schema']): IdentifierInputs {
  const inputTypes = new Map(schema.types.flatMap((t) => (t.kind === 'INPUT_OBJECT' ? [[t.name, t.inputFields] as const] : [])));
  const pathsIn = (values: readonly IntrospectionInputValue[], seen: ReadonlySet<string>): string[] =>
    values.flatMap((value) => {
      const type = namedType(value.type);
      if (type === 'ID' || IDENTIFIER_NAME.test(value.name)) return [value.name];
      const fields = inputTypes.get(type);
      if (!fields || seen.has(type)) return [];
      return pathsIn(fields, new Set([...seen, type])).map((path) => `${value.name}.${path}`);
    });
  const found: IdentifierInputs = new Map();
  for (const type of schema.types) {
    if ((type.kind !== 'OBJECT' && type.kind !== 'INTERFACE') || type.name.startsWith('__')) continue;
    for (const field of type.fields) {
      const paths = pathsIn(field.args, new Set());
      if (paths.length > 0) found.set(`${type.name}.${field.name}`, paths);
    }
  }
  for (const directive of schema.directives) {
    const paths = pathsIn(directive.args, new Set());
    if (paths.length > 0) found.set(`@${directive.name}`, paths);
  }
  return found;
}

/** Names of the types that implement `Node` in a schema. */
export function nodeTypes(schema: IntrospectionQuery['__schema']): string[] {
  return schema.types.filter((t) => t.kind === 'OBJECT' && t.interfaces.some((i) => i.name === 'Node')).map((t) => t.name);
}

export interface Route {
  method: string;
  path: string;
}

/** Every route of the Fastify instance (from its own route table), one per method; HEAD and OPTIONS left out. */
export function routeTable(fastify: FastifyInstance): Route[] {
  // The table is a tree: a route below another (everything below `/`, the shop front) prints its path after its parent's.
  const parents: string[] = [];
  return fastify
    .printRoutes({ commonPrefix: false })
    .split('\n')
    .flatMap((line) => {
      const match = line.match(/^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/);
      if (!match) return [];
      parents.length = match[1]!.length / 4;
      const path = (parents.at(-1) ?? '') + match[2];
      parents.push(path);
      return (match[3] ?? '')
        .split(', ')
        .filter((method) => method !== '' && method !== 'HEAD' && method !== 'OPTIONS')
        .map((method) => ({ method, path }));
    });
}

/** The parameters of a route path other than the API version (`/customers/:id.json` → `['id']`). */
export function routeParameters(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((m) => m[1]).filter((name) => name !== 'version');
}

function namedType(type: IntrospectionTypeRef): string {
  return 'ofType' in type && type.ofType ? namedType(type.ofType) : (type as { name: string }).name;
}
