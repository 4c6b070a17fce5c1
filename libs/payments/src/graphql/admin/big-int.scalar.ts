import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

/** The hosted platform's `BigInt`: a 64-bit integer that travels as a string (`"42"`), as its ledger ids do. */
export const BigIntScalar = new GraphQLScalarType({
  name: 'BigInt',
  description: 'A signed 64-bit integer, serialized as a string (e.g. "42").',
  serialize: (value) => String(value),
  parseValue: (value) => parseBigInt(value),
  parseLiteral: (ast) => parseBigInt(ast.kind === Kind.STRING || ast.kind === Kind.INT ? ast.value : undefined),
});

function parseBigInt(value: unknown): string {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof text === 'string' && /^-?\d{1,19}$/.test(text) && BigInt(text) < 2n ** 63n && BigInt(text) >= -(2n ** 63n)) return text;
  throw new GraphQLError(`BigInt cannot represent ${JSON.stringify(value)}`);
}
