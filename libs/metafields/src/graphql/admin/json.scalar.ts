import { GraphQLError, GraphQLScalarType } from 'graphql';

/** The hosted platform's `JSON`: any JSON value, as is. Output only here (`Metafield.jsonValue`). */
export const JsonScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'A JSON value: an object, array, string, number, boolean or null.',
  serialize: (value) => value,
  parseValue: () => {
    throw new GraphQLError('JSON is not accepted as input.');
  },
  parseLiteral: () => {
    throw new GraphQLError('JSON is not accepted as input.');
  },
});
