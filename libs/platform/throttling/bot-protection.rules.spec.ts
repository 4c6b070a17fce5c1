import { buildSchema, parse, type OperationDefinitionNode } from 'graphql';
import { cartMutationFields, cartMutationsIn, namesBuyerIp } from './bot-protection.rules.js';

const schema = buildSchema(`
  type Cart { id: ID }
  type CartCreatePayload { cart: Cart }
  type CartLinesAddPayload { cart: Cart userErrors: [String] }
  type CustomerPayload { customer: String }
  type OddPayload { cart: String }
  type Query { cart: Cart shop: String }
  type Mutation { cartCreate: CartCreatePayload cartLinesAdd: [CartLinesAddPayload!] customerCreate: CustomerPayload odd: OddPayload }
`);

const count = (source: string) => {
  const document = parse(source);
  const operation = document.definitions.find((d) => d.kind === 'OperationDefinition') as OperationDefinitionNode;
  return cartMutationsIn(operation, document, cartMutationFields(schema));
};

describe('bot protection rules', () => {
  it('finds the mutations whose payload holds a Cart, from the schema', () => {
    expect([...cartMutationFields(schema)].sort()).toEqual(['cartCreate', 'cartLinesAdd']);
  });

  it('counts cart mutations at the root, through aliases, inline fragments and fragments spread once', () => {
    expect(count('mutation { cartCreate { cart { id } } }')).toBe(1);
    expect(count('mutation { a: cartCreate { cart { id } } b: cartLinesAdd { cart { id } } customerCreate { customer } }')).toBe(2);
    expect(count('mutation { ... on Mutation { cartCreate { cart { id } } } ...F ...F } fragment F on Mutation { x: cartCreate { cart { id } } }')).toBe(2);
    expect(count('mutation { customerCreate { customer } odd { cart } }')).toBe(0);
    expect(count('query { cart { id } shop }')).toBe(0);
  });

  it('accepts an IPv4 or IPv6 address, nothing else', () => {
    expect(namesBuyerIp('198.51.100.7')).toBe(true);
    expect(namesBuyerIp(' 2001:db8::1 ')).toBe(true);
    expect(namesBuyerIp(['198.51.100.7', 'x'])).toBe(true);
    for (const value of [undefined, '', '   ', 'localhost', '198.51.100.7, 10.0.0.1', '198.51.100.256', '::ffff:zz']) expect(namesBuyerIp(value)).toBe(false);
  });
});
