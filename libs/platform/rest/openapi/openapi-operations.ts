import type { ComponentsObject, OperationObject, ParameterObject, ReferenceObject } from '@nestjs/swagger';
import type { Access } from '@platform/request';
import { SUPPORTED_VERSIONS } from '@platform/versioning';

export type Operation = OperationObject & { 'x-platform-scope'?: string };

/** Name of the `X-Platform-Access-Token` security scheme. */
export const ACCESS_TOKEN_SCHEME = 'access_token';

const WRITES = new Set(['post', 'put', 'patch', 'delete']);
const ref = (kind: 'parameters' | 'responses' | 'schemas', name: string): ReferenceObject => ({ $ref: `#/components/${kind}/${name}` });

/** What every admin REST operation shares: the version parameter, the error answers, the required scope. */
export function completeOperation(operation: Operation, method: string, access: Access | undefined, path: string): void {
  const parameters = (operation.parameters ??= []) as (ParameterObject | ReferenceObject)[];
  const named = new Set(parameters.map((p) => ('name' in p ? `${p.in}:${p.name}` : '')));
  for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
    if (named.has(`path:${name}`)) continue;
    // Path ids arrive as strings; an id that is not a positive integer of this shop answers 404.
    parameters.push(name === 'version' ? ref('parameters', 'version') : { name, in: 'path', required: true, schema: { type: 'string' } });
  }
  const responses = operation.responses;
  for (const [status, response] of Object.entries(responses)) {
    if (status.startsWith('2') && response && 'description' in response && !response.description) response.description = 'OK';
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
export function openApiComponents(): Pick<ComponentsObject, 'parameters' | 'responses' | 'schemas'> {
  return {
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
