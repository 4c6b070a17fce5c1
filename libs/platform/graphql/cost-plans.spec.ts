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

  it('keys plans by the variables the cost reads only: others change nothing', () => {
    const plans = new CostPlans(schema);
    const mutation = parse('query($first: Int!, $note: String, $lines: [String!]) { products(first: $first) { nodes { title } } }');
    const op = mutation.definitions[0] as OperationDefinitionNode;
    const first = plans.planFor(mutation, op, { first: 5, note: 'a', lines: ['x'] });
    expect(plans.planFor(mutation, op, { first: 5, note: 'b'.repeat(600), lines: ['y', 'z'] })).toBe(first);
    expect(plans.planFor(mutation, op, { first: 6, note: 'a', lines: ['x'] })).not.toBe(first);
  });

  it('plans anew when a value steers the walk to variables not read before', () => {
    const plans = new CostPlans(schema);
    const steered = parse('query($more: Boolean!, $first: Int!) { products(first: 1) { nodes { title } } more: products(first: $first) @include(if: $more) { nodes { title options { name } } } }');
    const op = steered.definitions[0] as OperationDefinitionNode;
    const without = plans.planFor(steered, op, { more: false, first: 5 });
    const withFive = plans.planFor(steered, op, { more: true, first: 5 });
    const withFifty = plans.planFor(steered, op, { more: true, first: 50 });
    expect(withFive.requested).toBeGreaterThan(without.requested);
    expect(withFifty.requested).toBeGreaterThan(withFive.requested);
    expect(plans.planFor(steered, op, { more: true, first: 50 })).toBe(withFifty);
    expect(plans.planFor(steered, op, { more: false, first: 50 }).requested).toBe(without.requested);
  });

  it('tells an absent variable from a null one', () => {
    const plans = new CostPlans(schema);
    const optional = parse('query($first: Int) { products(first: $first) { nodes { title } } }');
    const op = optional.definitions[0] as OperationDefinitionNode;
    expect(plans.planFor(optional, op, {})).not.toBe(plans.planFor(optional, op, { first: null }));
  });

  it('does not keep plans of long values or long documents, nor more than a few per operation', () => {
    const plans = new CostPlans(schema);
    // A value the cost reads, too long to key by (execution refuses it; the plan comes first).
    const long = { first: 'x'.repeat(600) };
    expect(plans.planFor(document, operation, long)).not.toBe(plans.planFor(document, operation, long));
    const wide = parse(`query($first: Int!) { products(first: $first) { nodes { ${'title '.repeat(2_000)} } } }`);
    const wideOperation = wide.definitions[0] as OperationDefinitionNode;
    expect(plans.planFor(wide, wideOperation, { first: 5 })).not.toBe(plans.planFor(wide, wideOperation, { first: 5 }));
    const kept = plans.planFor(document, operation, { first: 1 });
    for (let n = 2; n <= 9; n++) plans.planFor(document, operation, { first: n });
    expect(plans.planFor(document, operation, { first: 1 })).not.toBe(kept);
  });
});
