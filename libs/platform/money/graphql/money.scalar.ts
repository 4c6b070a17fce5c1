import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

/** The hosted `Money` scalar: an amount as a decimal string without currency ("100.57"); never a binary float inside. */
export const MoneyScalar = new GraphQLScalarType({
  name: 'Money',
  description: 'A monetary value without its currency, as a decimal string (e.g. "100.57").',
  serialize: (value) => String(value),
  parseValue: (value) => moneyText(value),
  parseLiteral: (ast) => moneyText(ast.kind === Kind.STRING || ast.kind === Kind.INT || ast.kind === Kind.FLOAT ? ast.value : undefined),
});

// The callers' rules check the amount (places, sign); here it only has to be a number written as text. A JSON
// number in variables is refused: it was a binary float on its way in. A literal keeps its text.
function moneyText(value: unknown): string {
  if (typeof value === 'string' && value.length <= 40 && /^-?\d+(\.\d+)?$/.test(value)) return value;
  throw new GraphQLError(`Money cannot represent ${JSON.stringify(value)}`);
}
