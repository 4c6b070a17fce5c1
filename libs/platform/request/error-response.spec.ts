import { DomainError, badRequest, invalidAccessToken, missingScope } from '@platform/errors';
import { errorResponse } from './error-response.js';

describe('errorResponse', () => {
  it('keys 400s by parameter on every surface', () => {
    for (const surface of ['storefront', 'admin_graphql', 'admin_rest'] as const) {
      expect(errorResponse(badRequest('query'), surface, 'r1')).toMatchObject({
        status: 400,
        body: { errors: { query: 'Required parameter missing or invalid' } },
      });
    }
  });

  it('answers bad credentials with 401 on REST and ACCESS_DENIED on GraphQL', () => {
    expect(errorResponse(invalidAccessToken(), 'admin_rest', 'r1')).toMatchObject({
      status: 401,
      body: { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' },
    });
    const gql = errorResponse(invalidAccessToken(), 'admin_graphql', 'r1');
    expect(gql.status).toBe(200);
    expect(gql.body).toMatchObject({ errors: [{ extensions: { code: 'ACCESS_DENIED' } }] });
  });

  it('names the missing scope in a REST 403', () => {
    expect(errorResponse(missingScope('read_orders'), 'admin_rest', 'r1')).toMatchObject({
      status: 403,
      body: { errors: '[API] This action requires merchant approval for read_orders scope.' },
    });
  });

  it('maps shop states to 402/403/423, with SHOP_INACTIVE on GraphQL', () => {
    const cases = [
      ['SHOP_FROZEN', 402],
      ['SHOP_FRAUDULENT', 403],
      ['SHOP_LOCKED', 423],
    ] as const;
    for (const [kind, status] of cases) {
      const error = new DomainError(kind, 'Unavailable Shop');
      expect(errorResponse(error, 'admin_rest', 'r')).toMatchObject({ status, body: { errors: 'Unavailable Shop' } });
      expect(errorResponse(error, 'storefront', 'r')).toMatchObject({ status, body: { errors: [{ extensions: { code: 'SHOP_INACTIVE' } }] } });
    }
  });

  it('keys REST 422s by field with a list of messages', () => {
    const error = new DomainError('UNPROCESSABLE', 'has already been taken', { field: 'email' });
    expect(errorResponse(error, 'admin_rest', 'r')).toMatchObject({ status: 422, body: { errors: { email: ['has already been taken'] } } });
  });

  // Found by the hostile probe: `{"customer":{"constructor":"\u0000"}}` was a 500 (the map's own `constructor` has no push).
  it('keys REST 422s by fields named like Object.prototype members as by any other field', () => {
    for (const field of ['constructor', '__proto__', 'prototype', 'hasOwnProperty', 'toString', 'valueOf']) {
      const error = new DomainError('UNPROCESSABLE', 'is invalid', { problems: [new DomainError('UNPROCESSABLE', 'is invalid', { field }), new DomainError('UNPROCESSABLE', 'is bad', { field })] });
      const answer = errorResponse(error, 'admin_rest', 'r');
      expect({ field, status: answer.status, body: JSON.parse(JSON.stringify(answer.body)) }).toEqual({
        field,
        status: 422,
        body: { errors: JSON.parse(`{"${field.replace(/[A-Z]/g, (l) => `_${l.toLowerCase()}`)}":["is invalid","is bad"]}`) },
      });
    }
    expect(errorResponse(badRequest('__proto__'), 'admin_rest', 'r').body).toEqual({ errors: JSON.parse('{"__proto__":"Required parameter missing or invalid"}') });
  });

  it('hides unexpected errors behind INTERNAL_SERVER_ERROR with the request id', () => {
    const rest = errorResponse(new TypeError('secret detail'), 'admin_rest', 'req-42');
    expect(rest).toMatchObject({ status: 500, unexpected: true });
    expect(JSON.stringify(rest.body)).not.toContain('secret detail');
    const gql = errorResponse(new TypeError('secret detail'), 'storefront', 'req-42');
    expect(gql.body).toMatchObject({ errors: [{ extensions: { code: 'INTERNAL_SERVER_ERROR', requestId: 'req-42' } }] });
    expect(JSON.stringify(gql.body)).not.toContain('secret detail');
  });

  it('turns Fastify body errors into 400 keyed by query on GraphQL', () => {
    const parseError = Object.assign(new Error('Unexpected token'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
    expect(errorResponse(parseError, 'storefront', 'r')).toMatchObject({ status: 400, body: { errors: { query: 'Required parameter missing or invalid' } } });
  });

  it('answers the hosted pages with an HTML page, escaped, with the page headers', () => {
    const answer = errorResponse(new DomainError('NOT_FOUND', 'No <script>alert(1)</script> here'), 'online_store', 'r1');
    expect(answer.status).toBe(404);
    expect(answer.headers).toMatchObject({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-frame-options': 'DENY' });
    expect(answer.body).toContain('<h1>Page not found</h1>');
    expect(answer.body).toContain('No &lt;script&gt;alert(1)&lt;/script&gt; here');
    expect(answer.body).not.toContain('<script>');
    const failed = errorResponse(new Error('boom'), 'online_store', 'r2');
    expect({ status: failed.status, unexpected: failed.unexpected }).toEqual({ status: 500, unexpected: true });
    expect(failed.body).toContain('Request ID: r2');
  });
});
