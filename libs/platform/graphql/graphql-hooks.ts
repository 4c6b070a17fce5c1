import type { DocumentNode, ExecutionResult, GraphQLSchema, OperationDefinitionNode } from 'graphql';
import type { IncomingHttpHeaders } from 'node:http';
import type { RequestContext } from '@platform/request';
import type { CostPlan } from './query-cost.js';

/** A request after parsing and validation, before execution. */
export interface PreparedOperation {
  readonly schema: GraphQLSchema;
  readonly document: DocumentNode;
  readonly operation: OperationDefinitionNode;
  readonly variables: Readonly<Record<string, unknown>>;
  readonly headers: IncomingHttpHeaders;
  /** The requested-cost plan, computed once on first use and shared by every hook. */
  costPlan(): CostPlan;
}

/**
 * A surface's policy around execution (complexity limit, query cost and its bucket). `before` may throw a
 * DomainError to refuse the request with nothing executed; `after` returns what goes under `extensions`.
 */
export interface GraphqlHook {
  before?(ctx: RequestContext, op: PreparedOperation): Promise<void> | void;
  after?(ctx: RequestContext, op: PreparedOperation, result: ExecutionResult): Promise<Record<string, unknown> | void> | Record<string, unknown> | void;
}
