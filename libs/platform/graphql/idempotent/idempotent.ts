import { DirectiveLocation, GraphQLDirective, GraphQLNonNull, GraphQLSchema, GraphQLString } from 'graphql';

/**
 * Adds the hosted `@idempotent(key:)` to a built admin schema: on a mutation's field, a repeat with the same key
 * answers what the first did. The mutations that take it read it with `idempotencyKeyOf` (graphql-types).
 */
export function withIdempotentDirective(schema: GraphQLSchema): GraphQLSchema {
  const idempotent = new GraphQLDirective({
    name: 'idempotent',
    description: 'Makes the mutation field idempotent: a request repeated with the same key answers as the first did (inventorySetQuantities, inventoryAdjustQuantities).',
    locations: [DirectiveLocation.FIELD],
    args: { key: { type: new GraphQLNonNull(GraphQLString), description: 'A unique key, e.g. a UUID, of at most 255 characters.' } },
  });
  const config = schema.toConfig();
  return new GraphQLSchema({ ...config, directives: [...config.directives, idempotent] });
}
