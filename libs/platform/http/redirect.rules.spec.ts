import { callerHeaders, hopAfterRedirect, redirectLocation } from './redirect.rules.js';

describe('redirect rules', () => {
  const from = new URL('https://hooks.example.com/a');
  const post = { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer t', 'x-platform-topic': 'orders/create' }, body: '{}' };

  it('knows a redirect by its status and Location', () => {
    for (const status of [301, 302, 303, 307, 308]) expect(redirectLocation(status, '/next')).toBe('/next');
    expect(redirectLocation(302, undefined)).toBeNull();
    expect(redirectLocation(302, '')).toBeNull();
    expect(redirectLocation(200, '/next')).toBeNull();
    expect(redirectLocation(304, '/next')).toBeNull();
  });

  it('turns a POST into a GET without its body on 301, 302 and 303, and keeps it on 307 and 308', () => {
    const to = new URL('https://hooks.example.com/b');
    for (const status of [301, 302, 303]) {
      expect(hopAfterRedirect(status, post, from, to)).toEqual({ method: 'GET', headers: { authorization: 'Bearer t', 'x-platform-topic': 'orders/create' } });
    }
    for (const status of [307, 308]) expect(hopAfterRedirect(status, post, from, to)).toEqual(post);
    expect(hopAfterRedirect(303, { method: 'PUT', headers: {}, body: 'x' }, from, to)).toEqual({ method: 'GET', headers: {} });
    expect(hopAfterRedirect(302, { method: 'PUT', headers: {}, body: 'x' }, from, to)).toEqual({ method: 'PUT', headers: {}, body: 'x' });
    expect(hopAfterRedirect(303, { method: 'HEAD', headers: {} }, from, to)).toEqual({ method: 'HEAD', headers: {} });
  });

  it('hands no credentials to another origin (scheme, host or port)', () => {
    const headers = { authorization: 'Bearer t', cookie: 'a=b', 'proxy-authorization': 'Basic x', accept: 'image/*' };
    for (const to of ['http://hooks.example.com/a', 'https://other.example.com/a', 'https://hooks.example.com:8443/a']) {
      expect(hopAfterRedirect(307, { method: 'GET', headers }, from, new URL(to)).headers).toEqual({ accept: 'image/*' });
    }
    expect(hopAfterRedirect(307, { method: 'GET', headers }, from, new URL('https://HOOKS.example.com:443/b')).headers).toEqual(headers);
  });

  it("keeps the caller's headers but those the client sets, in lower case", () => {
    expect(callerHeaders({ Host: '169.254.169.254', 'User-Agent': 'curl', 'Content-Length': '0', Connection: 'keep-alive', Accept: 'image/*', 'X-Platform-Topic': 't' })).toEqual({
      accept: 'image/*',
      'x-platform-topic': 't',
    });
    expect(callerHeaders()).toEqual({});
  });
});
