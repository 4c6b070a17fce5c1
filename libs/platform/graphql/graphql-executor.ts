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
  valueFromASTUntyped,
} from 'graphql';
import { abandonWrites } from '@platform/database';
import { isFeatureAvailable } from '@platform/versioning';
import { DomainError, badRequest } from '@platform/errors';
import { type GraphqlContextValue, type RequestContext, errorResponse, inContextOf } from '@platform/request';
import type { GraphQLError } from 'graphql';
import { type CompiledOperation, CompiledQueries } from './compiled-queries.js';
import { CostPlans } from './cost-plans.js';
import { DocumentCache } from './document-cache.js';
import { type ErrorLogger, formatGraphqlError, withCode } from './graphql-errors.js';
import type { GraphqlHook, PreparedOperation } from './graphql-hooks.js';
import { type DocumentLimits, DEFAULT_DOCUMENT_LIMITS } from './guard/document-limits.js';
import { DEFAULT_EXECUTION_LIMITS, EXPIRED, ExecutionDeadline, type ExecutionLimits, responseTooLarge } from './guard/execution-deadline.js';
import { jsonBytesAtLeast } from './guard/response-size.js';
import type { CostPlan } from './query-cost.js';

/** A surface's limits on documents and their execution (docs/security.md); each part defaults on its own. */
export interface GraphqlLimits {
  document?: Partial<DocumentLimits>;
  execution?: Partial<ExecutionLimits>;
}

export interface GraphqlRequestBody {
  query: string;
  variables: Record<string, unknown>;
  operationName?: string;
}

export interface GraphqlResponse {
  status: number;
  headers: Record<string, string>;
  /** `body` as JSON, within the response size cap (what goes on the wire). */
  text?: string;
  /** Incremental delivery (@defer): payloads to stream as multipart instead of `body`. */
  stream?: AsyncIterable<{ hasNext: boolean }>;
  body: {
    data?: unknown;
    errors?: readonly GraphQLFormattedError[] | unknown;
    extensions?: Record<string, unknown>;
  };
}

function tooLarge(response: GraphqlResponse, bytes: number, max: number): GraphqlResponse {
  const body = { errors: [responseTooLarge(bytes, max).toJSON()] };
  return { status: 200, headers: response.headers, body, text: JSON.stringify(body) };
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
  private readonly execution: ExecutionLimits;
  private readonly costPlans: CostPlans;

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly hooks: readonly GraphqlHook[],
    private readonly logUnexpected: ErrorLogger,
    limits: GraphqlLimits = {},
  ) {
    this.documents = new DocumentCache(schema, { ...DEFAULT_DOCUMENT_LIMITS, ...limits.document });
    this.compiled = new CompiledQueries(schema);
    this.costPlans = new CostPlans(schema);
    this.execution = { ...DEFAULT_EXECUTION_LIMITS, ...limits.execution };
  }

  async run(ctx: RequestContext, rawBody: unknown, headers: IncomingHttpHeaders): Promise<GraphqlResponse> {
    let response: GraphqlResponse;
    try {
      response = await this.runOrThrow(ctx, rawBody, headers);
    } catch (error) {
      // Refusals from hooks (throttled, too costly) and 400s: nothing was executed.
      const refused = errorResponse(error, ctx.surface, ctx.requestId);
      if (refused.unexpected) this.logUnexpected(error);
      response = { status: refused.status, headers: refused.headers, body: refused.body as GraphqlResponse['body'] };
    }
    return response.stream ? response : this.serialized(response);
  }

  // The response size cap: a body over it is replaced by an error saying so. An answer whose count passes the cap
  // is refused before it is serialized; the others are measured exactly once written.
  private serialized(response: GraphqlResponse): GraphqlResponse {
    const max = this.execution.maxResponseBytes;
    const counted = jsonBytesAtLeast(response.body, max);
    if (counted > max) return tooLarge(response, counted, max);
    const text = JSON.stringify(response.body);
    // A UTF-16 unit takes at most 3 bytes in UTF-8: most answers are known to fit without counting them.
    if (text.length * 3 <= max) return { ...response, text };
    const bytes = Buffer.byteLength(text);
    return bytes <= max ? { ...response, text } : tooLarge(response, bytes, max);
  }

  private async runOrThrow(ctx: RequestContext, rawBody: unknown, headers: IncomingHttpHeaders): Promise<GraphqlResponse> {
    const body = readGraphqlBody(rawBody);
    const cached = this.documents.get(body.query);
    if (cached.errors) return ok({ errors: cached.errors.map((e) => e.toJSON()) });
    const operation = selectOperation(cached.document, body.operationName);
    const variables = withDefaults(operation, body.variables);
    let plan: CostPlan | undefined;
    const op: PreparedOperation = {
      schema: this.schema,
      document: cached.document,
      operation,
      variables,
      headers,
      costPlan: () => (plan ??= this.costPlans.planFor(cached.document, operation, variables)),
    };
    for (const hook of this.hooks) await hook.before?.(ctx, op);

    const deadline = new ExecutionDeadline(this.execution.timeoutMs, () => abandonWrites(ctx.em));
    const contextValue = deadline.contextValue(ctx);
    if (cached.defers) return this.runIncrementally(ctx, op, contextValue, body, deadline);
    let result: ExecutionResult;
    try {
      const args = { schema: this.schema, document: cached.document, variableValues: body.variables, operationName: body.operationName, contextValue, abortSignal: deadline.signal };
      const outcome = await deadline.race(executePlain(args, this.compiled.forRun(body.query, cached.document, body.operationName)));
      // Past the deadline nothing is refunded: the requested cost stays charged.
      if (outcome === EXPIRED) return ok({ errors: [deadline.error.toJSON()] });
      result = outcome;
    } finally {
      deadline.clear();
    }

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
  private async runIncrementally(
    ctx: RequestContext,
    op: PreparedOperation,
    contextValue: GraphqlContextValue,
    body: GraphqlRequestBody,
    deadline: ExecutionDeadline,
  ): Promise<GraphqlResponse> {
    if (ctx.surface !== 'storefront' || !isFeatureAvailable('defer', ctx.version)) {
      deadline.clear();
      throw new DomainError('UNPROCESSABLE', `The @defer directive is only available in the unstable version of the storefront API (this request: ${ctx.version}).`, {
        code: 'DEFER_NOT_AVAILABLE',
      });
    }
    const outcome = await deadline.race(
      legacyExecuteIncrementally({
        schema: this.schema,
        document: op.document,
        variableValues: body.variables,
        operationName: body.operationName,
        contextValue,
        abortSignal: deadline.signal,
      }),
    );
    const format = (errors: readonly GraphQLError[] | undefined) => errors?.map((e) => formatGraphqlError(e, ctx.requestId, this.logUnexpected));
    if (outcome === EXPIRED || !('initialResult' in outcome)) {
      deadline.clear();
      if (outcome === EXPIRED) return ok({ errors: [deadline.error.toJSON()] });
      // Nothing was deferred (e.g. `@defer(if: false)`): an ordinary response; without data, the request's input was refused.
      const errors = 'data' in outcome ? format(outcome.errors) : outcome.errors?.map((e) => withCode(e, 'BAD_USER_INPUT').toJSON());
      return ok({ ...(errors ? { errors } : {}), ...('data' in outcome ? { data: outcome.data } : {}) });
    }
    const { initialResult, subsequentResults } = outcome;
    const context = inContextEcho(ctx);
    // The deadline covers the whole stream: when it passes, graphql-js ends the deferred parts with errors.
    async function* payloads() {
      try {
        const errors = format(initialResult.errors);
        yield { data: initialResult.data, ...(errors ? { errors } : {}), hasNext: true, ...(context ? { extensions: { context } } : {}) };
        for await (const next of subsequentResults) {
          const incremental = next.incremental?.map((item) => {
            const itemErrors = format(item.errors);
            return { ...item, ...(itemErrors ? { errors: itemErrors } : {}) };
          });
          yield { ...(incremental ? { incremental } : {}), hasNext: next.hasNext };
        }
      } finally {
        deadline.clear();
      }
    }
    return { status: 200, headers: {}, body: {}, stream: withinBytes(payloads(), this.execution.maxResponseBytes) };
  }
}

// The response size cap over a whole stream: the part that would pass it is replaced by the error, which ends it.
async function* withinBytes(payloads: AsyncGenerator<{ hasNext: boolean }>, max: number): AsyncGenerator<{ hasNext: boolean; errors?: unknown[] }> {
  let sent = 0;
  for await (const payload of payloads) {
    sent += jsonBytesAtLeast(payload, max - sent);
    if (sent > max) {
      yield { errors: [responseTooLarge(sent, max).toJSON()], hasNext: false };
      // Ends the deferred execution (its finally clears the deadline).
      await payloads.return(undefined);
      return;
    }
    yield payload;
  }
}

// Documents without @defer run on graphql-js' plain executor, even on a schema that declares @defer:
// `execute` refuses such a schema outright, and the incremental executor costs more per field. graphql-js
// checks the operation's variables either way, so a compiled run answers bad variables in the same words.
function executePlain(args: ExecutionArgs, compiled: CompiledOperation | undefined): ExecutionResult | Promise<ExecutionResult> {
  const validated = validateExecutionArgs(args);
  // Variables that do not fit their types, an unknown operation name: the caller's input.
  if (!('schema' in validated)) return { errors: validated.map((e) => withCode(e, 'BAD_USER_INPUT')) };
  return compiled ? compiled(args.contextValue, args.variableValues ?? {}) : executeRootSelectionSet(validated);
}

// Hooks (input limits, cost, @inContext) read the variables as execution will see them: one the client left
// out takes its definition's default. Without it, `query ($n: Int = 250) { products(first: $n) … }` was costed
// as one node and a default list of 251 items reached the resolver.
function withDefaults(operation: OperationDefinitionNode, variables: Record<string, unknown>): Record<string, unknown> {
  let filled = variables;
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    if (!definition.defaultValue || Object.hasOwn(variables, name)) continue;
    if (filled === variables) filled = { ...variables };
    filled[name] = valueFromASTUntyped(definition.defaultValue);
  }
  return filled;
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
