import { type DocumentNode, GraphQLDeferDirective, GraphQLSchema, visit } from 'graphql';

/** Whether a document uses `@defer` anywhere (computed once per cached document). */
export function usesDefer(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Directive(node) {
      if (node.name.value === 'defer') found = true;
    },
  });
  return found;
}

/** Adds `@defer(label, if)` to a built schema (a developer preview of the `unstable` version). */
export function withDeferDirective(schema: GraphQLSchema): GraphQLSchema {
  const config = schema.toConfig();
  if (config.directives.some((d) => d.name === 'defer')) return schema;
  return new GraphQLSchema({ ...config, directives: [...config.directives, GraphQLDeferDirective] });
}

