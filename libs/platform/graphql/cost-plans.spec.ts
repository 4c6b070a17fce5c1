import { buildSchema, parse, type OperationDefinitionNode } from 'graphql';
import { CostPlans } from './cost-plans.js';

const schema = buildSchema(`type Query { products(first: Int!): ProductConnection! } type ProductConnection { nodes: [Product!]! } type Product { title: String! options: [Option!]! } type Option { name: String! }`);
const document = parse('query($first: Int!) { products(first: $first) { nodes { title options { name } } } }');
const operation = document.definitions[0] as OperationDefinitionNode;

describe('CostPlans', () => {
  it('plans an operation once per set of variables, and anew for other variables', () => {
    const plans = new CostPlans(schema);
    const first = plans.planFor(document, operation, { first: 5 });
    expect(plans.planFor(document, operation, { first: 5 })).toBe(first);
    const other = plans.planFor(document, operation, { first: 50 });
    expect(other).not.toBe(first);
    expect(other.requested).toBeGreaterThan(first.requested);
  });

  it('does not keep plans for long variables or long documents, nor more than a few per operation', () => {
    const plans = new CostPlans(schema);
    const long = { first: 5, note: 'x'.repeat(600) };
    expect(plans.planFor(document, operation, long)).not.toBe(plans.planFor(document, operation, long));
    const wide = parse(`query($first: Int!) { products(first: $first) { nodes { ${'title '.repeat(2_000)} } } }`);
    const wideOperation = wide.definitions[0] as OperationDefinitionNode;
    expect(plans.planFor(wide, wideOperation, { first: 5 })).not.toBe(plans.planFor(wide, wideOperation, { first: 5 }));
    const kept = plans.planFor(document, operation, { first: 1 });
    for (let n = 2; n <= 9; n++) plans.planFor(document, operation, { first: n });
    expect(plans.planFor(document, operation, { first: 1 })).not.toBe(kept);
  });
});
