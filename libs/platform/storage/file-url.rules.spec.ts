import fc from 'fast-check';
import { fileKeyOfPath, fileSignature, fileUrl, signatureAllows, signedFileUrl } from './file-url.rules.js';

const SEED = { seed: 20261201, numRuns: 500 };
const SECRET = Buffer.alloc(32, 7);
const KEY = 'shops/3/private/bulk/result.jsonl';
const NOW = Date.UTC(2026, 11, 1);
const LATER = Math.floor(NOW / 1000) + 3600;

function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams);
}

describe('file URLs', () => {
  it('puts a public file under /files/ on the origin, the key as it is', () => {
    expect(fileUrl('https://acme.example.com', 'shops/3/public/media/ab.png')).toBe('https://acme.example.com/files/shops/3/public/media/ab.png');
    expect(fileUrl('http://localhost:3000/', 'shops/3/public/ab.png')).toBe('http://localhost:3000/files/shops/3/public/ab.png');
  });

  it('gives a private file no plain URL, and no key that is not one any URL', () => {
    expect(() => fileUrl('https://acme.example.com', KEY)).toThrow(/signed/);
    expect(() => fileUrl('https://acme.example.com', '../x.png')).toThrow();
    expect(() => signedFileUrl('https://acme.example.com', 'shops/3/private/../x.png', LATER, SECRET)).toThrow();
  });

  it('signs a private file\'s key and expiry; the signature lets it in until it expires', () => {
    const url = signedFileUrl('https://acme.example.com', KEY, LATER, SECRET);
    expect(url).toMatch(/^https:\/\/acme\.example\.com\/files\/shops\/3\/private\/bulk\/result\.jsonl\?expires=\d+&signature=[A-Za-z0-9_-]{43}$/);
    const query = queryOf(url);
    expect(signatureAllows(KEY, query, SECRET, NOW)).toBe(true);
    expect(signatureAllows(KEY, query, SECRET, LATER * 1000)).toBe(false);
    const withMore: Record<string, unknown> = { ...query, width: '100' };
    expect(signatureAllows(KEY, withMore, SECRET, NOW)).toBe(true);
  });

  it.each([
    ['another key', { key: 'shops/4/private/bulk/result.jsonl' }],
    ['a later expiry', { expires: String(LATER + 1) }],
    ['no signature', { signature: undefined }],
    ['no expiry', { expires: undefined }],
    ['a repeated parameter', { signature: ['a', 'b'] }],
    ['a signature of another length', { signature: 'abc' }],
    ['an expiry with a sign', { expires: `+${LATER}` }],
    ['an expiry that is no number', { expires: 'tomorrow' }],
  ])('refuses %s', (_, change) => {
    const query: Record<string, unknown> = queryOf(signedFileUrl('https://a.example', KEY, LATER, SECRET));
    const { key = KEY, ...rest } = change as { key?: string };
    expect(signatureAllows(key, { ...query, ...rest }, SECRET, NOW)).toBe(false);
  });

  it('refuses a signature made with another secret', () => {
    const query = queryOf(signedFileUrl('https://a.example', KEY, LATER, Buffer.alloc(32, 8)));
    expect(signatureAllows(KEY, query, SECRET, NOW)).toBe(false);
  });

  it('refuses every altered signature', () => {
    const signature = fileSignature(KEY, LATER, SECRET);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    fc.assert(
      fc.property(fc.nat({ max: signature.length - 1 }), fc.constantFrom(...alphabet), (at, letter) => {
        fc.pre(signature[at] !== letter);
        const altered = signature.slice(0, at) + letter + signature.slice(at + 1);
        expect(signatureAllows(KEY, { expires: String(LATER), signature: altered }, SECRET, NOW)).toBe(false);
      }),
      SEED,
    );
  });
});

describe('fileKeyOfPath', () => {
  it('takes the key after /files/, query aside', () => {
    expect(fileKeyOfPath('/files/shops/3/public/ab.png')).toBe('shops/3/public/ab.png');
    expect(fileKeyOfPath('/files/shops/3/private/r.jsonl?expires=1&signature=x')).toBe('shops/3/private/r.jsonl');
  });

  it.each([
    '/files/shops/3/public/../../../etc/passwd.txt',
    '/files/shops/3/public/%2e%2e/ab.png',
    '/files/shops/3/public/ab%2Epng',
    '/files/shops/3/public/a%5cb.png',
    '/files/shops/3/public/a%00.png',
    '/files//etc/passwd.txt',
    '/files/',
    '/files',
    '/filesshops/3/public/ab.png',
    '/other/shops/3/public/ab.png',
  ])('names no file in %s, never decoding it', (path) => {
    expect(fileKeyOfPath(path)).toBeNull();
  });
});
