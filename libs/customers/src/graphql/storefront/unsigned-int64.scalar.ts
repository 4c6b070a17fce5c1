import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

/** The hosted platform's `UnsignedInt64`: a non-negative integer that travels as a string (`"42"`). */
export const UnsignedInt64Scalar = new GraphQLScalarType({
  name: 'UnsignedInt64',
  description: 'An unsigned 64-bit integer, serialized as a string (e.g. "42").',
  serialize: (value) => String(value),
  parseValue: (value) => parseUnsigned(value),
  parseLiteral: (ast) => parseUnsigned(ast.kind === Kind.STRING || ast.kind === Kind.INT ? ast.value : undefined),
});

function parseUnsigned(value: unknown): string {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof text === 'string' && /^\d{1,20}$/.test(text) && BigInt(text) < 2n ** 64n) return text;
  throw new GraphQLError(`UnsignedInt64 cannot represent ${JSON.stringify(value)}`);
}
