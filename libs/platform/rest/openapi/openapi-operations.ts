import type { ComponentsObject, OperationObject, ParameterObject, ReferenceObject } from '@nestjs/swagger';
import type { Access } from '@platform/request';
import { SUPPORTED_VERSIONS } from '@platform/versioning';

export type Operation = OperationObject & { 'x-platform-scope'?: string };

/** Name of the `X-Platform-Access-Token` security scheme. */
export const ACCESS_TOKEN_SCHEME = 'access_token';

const WRITES = new Set(['post', 'put', 'patch', 'delete']);
const ref = (kind: 'parameters' | 'responses' | 'schemas' | 'headers', name: string): ReferenceObject => ({ $ref: `#/components/${kind}/${name}` });

/**
 * What every admin REST operation shares: the version parameter, integer path ids, the error answers, the required
 * scope, and the `Link` header of a paged list. `status` is the success status the route answers (its `@HttpCode`, or
 * Nest's default): an operation that documents another one is a mistake in its decorators, refused at start.
 */
export function completeOperation(operation: Operation, method: string, access: Access | undefined, path: string, status: number): void {
  const parameters = (operation.parameters ??= []) as (ParameterObject | ReferenceObject)[];
  for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
    if (name === 'version') {
      if (!parameters.some((p) => '$ref' in p || (p.in === 'path' && p.name === name))) parameters.push(ref('parameters', 'version'));
      continue;
    }
    // A resource id: a positive integer (one that is not, or not of this shop, answers 404).
    const id: ParameterObject = { name, in: 'path', required: true, description: 'The id of the object', schema: { type: 'integer', format: 'int64', minimum: 1 } };
    const at = parameters.findIndex((p) => !('$ref' in p) && p.in === 'path' && p.name === name);
    if (at >= 0) parameters[at] = id;
    else parameters.push(id);
  }
  const responses = operation.responses;
  const success = Object.keys(responses).filter((code) => code.startsWith('2'));
  if (success.length !== 1 || success[0] !== String(status)) {
    throw new Error(`OpenAPI: ${operation.operationId} answers ${status} but documents ${success.join(', ') || 'no success'}; use @ApiOkResponse for 200, @ApiCreatedResponse for 201`);
  }
  const answer = responses[String(status)];
  if (answer && 'description' in answer) {
    if (!answer.description) answer.description = status === 201 ? 'Created' : 'OK';
    if (parameters.some((p) => !('$ref' in p) && p.in === 'query' && p.name === 'page_info')) answer.headers = { ...answer.headers, Link: ref('headers', 'Link') };
  }
  const add = (status: string, name: string) => {
    responses[status] ??= ref('responses', name);
  };
  add('400', 'BadRequest');
  add('401', 'Unauthorized');
  add('404', 'NotFound');
  if (WRITES.has(method)) add('422', 'Unprocessable');
  add('429', 'Throttled');
  if (access?.scope) {
    add('403', 'Forbidden');
    operation['x-platform-scope'] = access.scope;
    operation.description = [operation.description, `Requires the \`${access.scope}\` scope.`].filter(Boolean).join('\n\n');
  }
}

const errorString = (example: string) => ({
  description: example,
  content: { 'application/json': { schema: ref('schemas', 'ErrorMessage'), example: { errors: example } } },
});

/** Shared components: the version parameter, the error bodies and answers (spec 3's errors, spec 0's texts). */
export function openApiComponents(): Pick<ComponentsObject, 'parameters' | 'responses' | 'schemas' | 'headers'> {
  return {
    headers: {
      Link: {
        description: 'The next and previous pages, when there are: `<https://…?limit=50&page_info=…>; rel="next"` (comma-separated, `rel="previous"` first)',
        schema: { type: 'string' },
      },
    },
    parameters: {
      version: {
        name: 'version',
        in: 'path',
        required: true,
        description: 'A supported API version (`YYYY-MM`, quarterly, or `unstable`); others answer 404 listing the supported ones.',
        schema: { type: 'string', enum: [...SUPPORTED_VERSIONS], example: SUPPORTED_VERSIONS.at(-2) },
      },
    },
    schemas: {
      ErrorMessage: { type: 'object', required: ['errors'], properties: { errors: { type: 'string' } } },
      ParameterErrors: {
        type: 'object',
        required: ['errors'],
        properties: { errors: { type: 'object', additionalProperties: { type: 'string' } } },
        example: { errors: { limit: 'Invalid value.' } },
      },
      FieldErrors: {
        type: 'object',
        required: ['errors'],
        properties: { errors: { oneOf: [{ type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } }, { type: 'string' }] } },
        example: { errors: { email: ['has already been taken'] } },
      },
    },
    responses: {
      BadRequest: {
        description: 'A parameter or body that cannot be used, keyed by the parameter (or the missing root key)',
        content: { 'application/json': { schema: ref('schemas', 'ParameterErrors') } },
      },
      Unauthorized: errorString('[API] Invalid API key or access token (unrecognized login or wrong password)'),
      Forbidden: errorString('[API] This action requires merchant approval for read_customers scope.'),
      NotFound: errorString('Not Found'),
      Unprocessable: {
        description: 'The object breaks a rule: every problem keyed by its field (`base` for the whole object)',
        content: { 'application/json': { schema: ref('schemas', 'FieldErrors') } },
      },
      Throttled: {
        ...errorString('Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.'),
        headers: { 'Retry-After': { description: 'Seconds to wait (decimal)', schema: { type: 'string', example: '2.0' } } },
      },
    },
  };
}
