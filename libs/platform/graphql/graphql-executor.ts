import type { IncomingHttpHeaders } from 'node:http';
import {
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type OperationDefinitionNode,
  executeRootSelectionSet,
  getOperationAST,
  legacyExecuteIncrementally,
  validateExecutionArgs,
} from 'graphql';
import { isFeatureAvailable } from '@platform/versioning';
import { DomainError, badRequest } from '@platform/errors';
import { type GraphqlContextValue, type RequestContext, errorResponse } from '@platform/request';
import type { GraphQLError } from 'graphql';
import { inContextOf } from './in-context/in-context.js';
import { type CompiledOperation, CompiledQueries } from './compiled-queries.js';
import { DocumentCache } from './document-cache.js';
import { type ErrorLogger, formatGraphqlError } from './graphql-errors.js';
import type { GraphqlHook, PreparedOperation } from './graphql-hooks.js';
import { type CostPlan, planCost } from './query-cost.js';

export interface GraphqlRequestBody {
  query: string;
  variables: Record<string, unknown>;
  operationName?: string;
}

export interface GraphqlResponse {
  status: number;
  headers: Record<string, string>;
  /** Incremental delivery (@defer): payloads to stream as multipart instead of `body`. */
  stream?: AsyncIterable<{ hasNext: boolean }>;
  body: {
    data?: unknown;
    errors?: readonly GraphQLFormattedError[] | unknown;
    extensions?: Record<string, unknown>;
  };
}

/** Reads `{query, variables, operationName}`; anything else is a 400 keyed by the parameter. */
export function readGraphqlBody(body: unknown): GraphqlRequestBody {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('query');
  const { query, variables, operationName } = body as Record<string, unknown>;
  if (typeof query !== 'string' || query.trim() === '') throw badRequest('query');
  if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) {
    throw badRequest('variables');
  }
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') throw badRequest('operationName');
  return { query, variables: (variables as Record<string, unknown>) ?? {}, operationName: operationName ?? undefined };
}

/** One surface's GraphQL engine: cached parse/validate, graphql-js (compiled by graphql-jit once repeated), hooks, error envelope. */
export class GraphqlExecutor {
  private readonly documents: DocumentCache;
  private readonly compiled: CompiledQueries;

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly hooks: readonly GraphqlHook[],
    private readonly logUnexpected: ErrorLogger,
  ) {
    this.documents = new DocumentCache(schema);
    this.compiled = new CompiledQueries(schema);
  }

  async run(ctx: RequestContext, rawBody: unknown, headers: IncomingHttpHeaders): Promise<GraphqlResponse> {
    try {
      return await this.runOrThrow(ctx, rawBody, headers);
    } catch (error) {
      // Refusals from hooks (throttled, too costly) and 400s: nothing was executed.
      const response = errorResponse(error, ctx.surface, ctx.requestId);
      if (response.unexpected) this.logUnexpected(error);
      return { status: response.status, headers: response.headers, body: response.body as GraphqlResponse['body'] };
    }
  }

  private async runOrThrow(ctx: RequestContext, rawBody: unknown, headers: IncomingHttpHeaders): Promise<GraphqlResponse> {
    const body = readGraphqlBody(rawBody);
    const cached = this.documents.get(body.query);
    if (cached.errors) return ok({ errors: cached.errors.map((e) => e.toJSON()) });
    const operation = selectOperation(cached.document, body.operationName);
    let plan: CostPlan | undefined;
    const op: PreparedOperation = {
      schema: this.schema,
      document: cached.document,
      operation,
      variables: body.variables,
      headers,
      costPlan: () => (plan ??= planCost(this.schema, cached.document, operation, body.variables)),
    };
    for (const hook of this.hooks) await hook.before?.(ctx, op);

    const contextValue: GraphqlContextValue = { ctx };
    if (cached.defers) return this.runIncrementally(ctx, op, contextValue, body);
    const args = { schema: this.schema, document: cached.document, variableValues: body.variables, operationName: body.operationName, contextValue };
    const result = await executePlain(args, this.compiled.forRun(body.query, cached.document, body.operationName));

    let extensions: Record<string, unknown> | undefined;
    for (const hook of this.hooks) {
      const more = await hook.after?.(ctx, op, result);
      if (more) extensions = { ...extensions, ...more };
    }
    const errors = result.errors?.map((e) => formatGraphqlError(e, ctx.requestId, this.logUnexpected));
    return ok({
      ...(errors ? { errors } : {}),
      ...('data' in result ? { data: result.data } : {}),
      ...(extensions ? { extensions } : {}),
    });
  }

  // @defer: a developer preview of the storefront's `unstable` version, in the spec's incremental format.
  private async runIncrementally(ctx: RequestContext, op: PreparedOperation, contextValue: GraphqlContextValue, body: GraphqlRequestBody): Promise<GraphqlResponse> {
    if (ctx.surface !== 'storefront' || !isFeatureAvailable('defer', ctx.version)) {
      throw new DomainError('UNPROCESSABLE', `The @defer directive is only available in the unstable version of the storefront API (this request: ${ctx.version}).`, {
        code: 'DEFER_NOT_AVAILABLE',
      });
    }
    const result = await legacyExecuteIncrementally({
      schema: this.schema,
      document: op.document,
      variableValues: body.variables,
      operationName: body.operationName,
      contextValue,
    });
    const format = (errors: readonly GraphQLError[] | undefined) => errors?.map((e) => formatGraphqlError(e, ctx.requestId, this.logUnexpected));
    if (!('initialResult' in result)) {
      // Nothing was deferred (e.g. `@defer(if: false)`): an ordinary response.
      const errors = format(result.errors);
      return ok({ ...(errors ? { errors } : {}), ...('data' in result ? { data: result.data } : {}) });
    }
    const { initialResult, subsequentResults } = result;
    const context = inContextEcho(ctx);
    async function* payloads() {
      const errors = format(initialResult.errors);
      yield { data: initialResult.data, ...(errors ? { errors } : {}), hasNext: true, ...(context ? { extensions: { context } } : {}) };
      for await (const next of subsequentResults) {
        const incremental = next.incremental?.map((item) => {
          const itemErrors = format(item.errors);
          return { ...item, ...(itemErrors ? { errors: itemErrors } : {}) };
        });
        yield { ...(incremental ? { incremental } : {}), hasNext: next.hasNext };
      }
    }
    return { status: 200, headers: {}, body: {}, stream: payloads() };
  }
}

// Documents without @defer run on graphql-js' plain executor, even on a schema that declares @defer:
// `execute` refuses such a schema outright, and the incremental executor costs more per field. graphql-js
// checks the operation's variables either way, so a compiled run answers bad variables in the same words.
function executePlain(args: ExecutionArgs, compiled: CompiledOperation | undefined): ExecutionResult | Promise<ExecutionResult> {
  const validated = validateExecutionArgs(args);
  if (!('schema' in validated)) return { errors: validated };
  return compiled ? compiled(args.contextValue, args.variableValues ?? {}) : executeRootSelectionSet(validated);
}

function ok(body: GraphqlResponse['body']): GraphqlResponse {
  return { status: 200, headers: {}, body };
}

function selectOperation(document: PreparedOperation['document'], operationName: string | undefined): OperationDefinitionNode {
  const operation = getOperationAST(document, operationName);
  if (operation) return operation;
  const message = operationName
    ? `Unknown operation named "${operationName}".`
    : 'Must provide operation name if query contains multiple operations.';
  throw new DomainError('UNPROCESSABLE', message, { field: 'operationName', code: 'OPERATION_NOT_FOUND' });
}

// The first part of a deferred response echoes the @inContext country and language it was resolved with.
function inContextEcho(ctx: RequestContext): { country?: string; language?: string } | undefined {
  const { country, language } = inContextOf(ctx);
  return country || language ? { ...(country ? { country } : {}), ...(language ? { language } : {}) } : undefined;
}
