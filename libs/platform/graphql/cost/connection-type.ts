import { type GraphQLNamedType, GraphQLObjectType } from 'graphql';

/** Relay connections: a type named `…Connection` with `edges` or `nodes`. */
export function isConnectionType(type: GraphQLNamedType): boolean {
  if (!(type instanceof GraphQLObjectType) || !type.name.endsWith('Connection')) return false;
  const fields = type.getFields();
  return 'edges' in fields || 'nodes' in fields;
}
