import { isCrossSitePost } from './cross-site.js';

describe('isCrossSitePost', () => {
  const HOST = 'acme.myplatform.localhost:3000';

  it.each([
    ['Sec-Fetch-Site same-origin', { 'sec-fetch-site': 'same-origin' }, false],
    ['Sec-Fetch-Site none (typed or bookmarked)', { 'sec-fetch-site': 'none' }, false],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }, true],
    // Another shop of the platform is the same site.
    ['Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }, true],
    ['an unknown Sec-Fetch-Site', { 'sec-fetch-site': 'elsewhere' }, true],
    ['Sec-Fetch-Site same-origin beside Origin: null (the browser knows best)', { 'sec-fetch-site': 'same-origin', origin: 'null' }, false],
    ['Sec-Fetch-Site cross-site beside our own Origin', { 'sec-fetch-site': 'cross-site', origin: `http://${HOST}` }, true],
    ['our own Origin', { origin: `http://${HOST}` }, false],
    ['our own Origin over https, in capitals', { origin: `HTTPS://ACME.myplatform.localhost:3000` }, false],
    ['Origin: null (no-referrer pages without Sec-Fetch-Site)', { origin: 'null' }, false],
    ['another shop', { origin: 'http://beta.myplatform.localhost:3000' }, true],
    ['another port', { origin: 'http://acme.myplatform.localhost:4000' }, true],
    ['another site', { origin: 'https://evil.example' }, true],
    ['an Origin that is no URL', { origin: 'acme.myplatform.localhost:3000' }, true],
    ['an Origin of another scheme', { origin: 'file://acme.myplatform.localhost:3000' }, true],
    ['no header (not a browser)', {}, false],
  ])('%s', (_, headers, refused) => {
    expect(isCrossSitePost(headers, HOST)).toBe(refused);
  });

  it('reads default ports as absent on either side', () => {
    expect(isCrossSitePost({ origin: 'https://shop.example' }, 'shop.example')).toBe(false);
    expect(isCrossSitePost({ origin: 'https://shop.example' }, 'shop.example:443')).toBe(false);
    expect(isCrossSitePost({ origin: 'http://shop.example:80' }, 'shop.example')).toBe(false);
  });

  it('refuses a foreign Origin when the request names no host', () => {
    expect(isCrossSitePost({ origin: 'https://evil.example' }, undefined)).toBe(true);
  });
});
