import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

// The hosted platform's scalar names, so clients' generated types line up.

/** HTML markup as a string. */
export const HtmlScalar = new GraphQLScalarType({
  name: 'HTML',
  description: 'An HTML string, such as `<p>Cotton tee</p>`.',
  serialize: (value) => String(value),
  parseValue: (value) => String(value),
});

/** An absolute URL as a string. */
export const UrlScalar = new GraphQLScalarType({
  name: 'URL',
  description: 'An RFC 3986 URL, such as `https://demo.myplatform.localhost/products/tee`.',
  serialize: (value) => String(value),
  parseValue: (value) => String(value),
});

/** A signed 64-bit integer that travels as a string (`"42"`), as the hosted platform's ledger ids do. */
export const BigIntScalar = integerAsString('BigInt', 'A signed 64-bit integer, serialized as a string (e.g. "42").', -(2n ** 63n), 2n ** 63n - 1n);

/** The hosted platform's `UnsignedInt64`: a non-negative integer that travels as a string (`"42"`). */
export const UnsignedInt64Scalar = integerAsString('UnsignedInt64', 'An unsigned 64-bit integer, serialized as a string (e.g. "42").', 0n, 2n ** 64n - 1n);

// A 64-bit integer scalar: wider than GraphQL's Int and JSON's safe numbers, so it travels as a string of digits.
function integerAsString(name: string, description: string, min: bigint, max: bigint): GraphQLScalarType {
  const digits = min < 0n ? /^-?\d{1,20}$/ : /^\d{1,20}$/;
  const parse = (value: unknown): string => {
    const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
    if (typeof text === 'string' && digits.test(text) && BigInt(text) >= min && BigInt(text) <= max) return text;
    throw new GraphQLError(`${name} cannot represent ${JSON.stringify(value)}`);
  };
  return new GraphQLScalarType({
    name,
    description,
    serialize: (value) => String(value),
    parseValue: parse,
    parseLiteral: (ast) => parse(ast.kind === Kind.STRING || ast.kind === Kind.INT ? ast.value : undefined),
  });
}
