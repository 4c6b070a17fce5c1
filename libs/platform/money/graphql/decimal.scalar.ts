import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

/** A decimal number as a string (`"19.90"`): money never travels as a binary float. */
export const DecimalScalar = new GraphQLScalarType({
  name: 'Decimal',
  description: 'A signed decimal number, serialized as a string (e.g. "29.99").',
  serialize: (value) => String(value),
  parseValue: (value) => parseDecimal(value),
  parseLiteral: (ast) => parseDecimal(ast.kind === Kind.STRING || ast.kind === Kind.INT || ast.kind === Kind.FLOAT ? ast.value : undefined),
});

function parseDecimal(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return value;
  throw new GraphQLError(`Decimal cannot represent ${JSON.stringify(value)}`);
}
