import type { DocumentNode, GraphQLSchema, OperationDefinitionNode } from 'graphql';
import { type CostPlan, planCost } from './query-cost.js';

// A storefront sends the same few operations with the same few variables (a listing's page size): planning
// the cost walks every selection, so plans are kept per operation and variables. Weakly per operation (they
// go when the document cache drops the document), a few variable sets each, for short documents and variables
// only: a plan grows with its document, so what is kept stays a fraction of the document cache's bytes.
const PLANS_PER_OPERATION = 8;
const MAX_VARIABLES_KEY_LENGTH = 512;
const MAX_DOCUMENT_LENGTH = 10_000;

export class CostPlans {
  private readonly plans = new WeakMap<OperationDefinitionNode, Map<string, CostPlan>>();

  constructor(private readonly schema: GraphQLSchema) {}

  planFor(document: DocumentNode, operation: OperationDefinitionNode, variables: Readonly<Record<string, unknown>>): CostPlan {
    const key = JSON.stringify(variables);
    const long = key.length > MAX_VARIABLES_KEY_LENGTH || (document.loc?.end ?? Infinity) > MAX_DOCUMENT_LENGTH;
    if (long) return planCost(this.schema, document, operation, variables);
    let byVariables = this.plans.get(operation);
    if (!byVariables) {
      byVariables = new Map();
      this.plans.set(operation, byVariables);
    }
    let plan = byVariables.get(key);
    if (!plan) {
      plan = planCost(this.schema, document, operation, variables);
      if (byVariables.size >= PLANS_PER_OPERATION) byVariables.delete(byVariables.keys().next().value!);
      byVariables.set(key, plan);
    }
    return plan;
  }
}
