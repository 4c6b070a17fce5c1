import { posix, resolve, sep } from 'node:path';
import fc from 'fast-check';
import { FILE_TYPES, type FileTarget, MAX_FILE_KEY_LENGTH, checkedFileKey, contentTypeOfName, fileKeyProblem, fileTypeOf, parseFileKey, plannedFile } from './file-key.rules.js';

const SEED = { seed: 20261201, numRuns: 2000 };
const RANDOM = () => Uint8Array.from({ length: 16 }, (_, i) => i * 17);
const ROOT = resolve('/srv/platform/files');

// What an attacker strings together: dots, both slashes, escapes, NUL, drive letters, odd Unicode, and the parts a
// real key has, so many candidates come close to valid.
const piece = fc.constantFrom(
  '..', '.', '/', '//', '\\', '%2e', '%2f', '%00', '\0', 'C:', '~', ' ', '\n', 'ﬀ', 'İ', '\u202e', 'ａ',
  'shops', '7', '07', 'public', 'private', 'media', 'x.png', 'a', '.png', '.jsonl', '-', '_',
);
const hostileKey = fc.array(piece, { maxLength: 14 }).map((parts) => parts.join(''));
const anyText = fc.oneof(hostileKey, fc.string({ maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 60 }));

const segment = fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,8}(\.[a-z0-9_-]{1,8}){0,2}$/);
const extension = fc.constantFrom(...Object.keys(FILE_TYPES));
const validTarget: fc.Arbitrary<{ target: FileTarget; extension: string }> = fc.record({
  shopId: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  access: fc.constantFrom('public' as const, 'private' as const),
  folders: fc.array(segment, { maxLength: 8 }),
  stem: fc.option(segment, { nil: undefined }),
  extension,
}).map(({ shopId, access, folders, stem, extension }) => ({
  target: { shopId, access, folder: folders.length ? folders.join('/') : undefined, name: stem === undefined ? undefined : `${stem}.${extension}` },
  extension,
}));

/** What makes a key safe to join to a directory or to an object prefix. */
function expectSafe(key: string): void {
  expect(key).not.toMatch(/\0|\\|%|^\/|\/\/|\/$/);
  expect(key.split('/')).not.toContain('..');
  expect(key.split('/')).not.toContain('.');
  expect(posix.normalize(key)).toBe(key);
  expect(resolve(ROOT, key).startsWith(ROOT + sep)).toBe(true);
  expect(key.length).toBeLessThanOrEqual(MAX_FILE_KEY_LENGTH);
  expect(key).toMatch(/^shops\/[1-9][0-9]*\/(public|private)\//);
}

describe('file keys', () => {
  it('reads a key into its shop, access, folder, name and type', () => {
    expect(parseFileKey('shops/12/public/media/originals/a1.png')).toEqual({ shopId: 12, access: 'public', folder: 'media/originals', name: 'a1.png', contentType: 'image/png' });
    expect(parseFileKey('shops/3/private/result.jsonl')).toEqual({ shopId: 3, access: 'private', folder: '', name: 'result.jsonl', contentType: 'application/jsonl' });
  });

  it.each([
    ['a parent segment', 'shops/1/public/../2/public/x.png'],
    ['a trailing parent segment', 'shops/1/public/media/..'],
    ['a current segment', 'shops/1/public/./x.png'],
    ['an absolute path', '/shops/1/public/x.png'],
    ['a backslash', 'shops/1/public/a\\x.png'],
    ['a NUL byte', 'shops/1/public/x.png\0'],
    ['an escape', 'shops/1/public/%2e%2e/x.png'],
    ['an empty segment', 'shops/1/public//x.png'],
    ['a hidden name', 'shops/1/public/.x.png'],
    ['two dots inside a name', 'shops/1/public/a..png'],
    ['a name ending in a dot', 'shops/1/public/x.png.'],
    ['upper case', 'shops/1/public/X.png'],
    ['a shop id with a leading zero', 'shops/01/public/x.png'],
    ['a shop id past safe integers', 'shops/9999999999999999/public/x.png'],
    ['no access segment', 'shops/1/x.png'],
    ['another root', 'files/1/public/x.png'],
    ['an unknown extension', 'shops/1/public/x.html'],
    ['no extension', 'shops/1/public/readme'],
    ['a name too long', `shops/1/public/${'a'.repeat(101)}.png`],
    ['folders too deep', `shops/1/public/${'a/'.repeat(9)}x.png`],
    ['a Windows path', 'C:\\shops\\1\\public\\x.png'],
    ['nothing', ''],
  ])('refuses %s', (_, key) => {
    expect(fileKeyProblem(key)).toEqual(expect.any(String));
    expect(parseFileKey(key)).toBeNull();
    expect(() => checkedFileKey(key)).toThrow(expect.objectContaining({ code: 'INVALID_FILE_KEY', kind: 'UNPROCESSABLE' }));
  });

  it('refuses anything but a string', () => {
    for (const value of [undefined, null, 12, {}, ['shops/1/public/x.png']]) expect(fileKeyProblem(value)).toEqual(expect.any(String));
  });

  it('accepts only keys that stay under the root, whatever text is tried', () => {
    fc.assert(
      fc.property(anyText, (key) => {
        if (fileKeyProblem(key) === null) expectSafe(key);
      }),
      SEED,
    );
  });

  it('accepts only keys that stay under the root when they come close to real ones', () => {
    const nearKey = fc.tuple(fc.constantFrom('shops/7/public/', 'shops/7/private/media/'), hostileKey).map(([start, rest]) => start + rest);
    fc.assert(
      fc.property(nearKey, (key) => {
        if (fileKeyProblem(key) === null) expectSafe(key);
      }),
      SEED,
    );
  });
});

describe('content types', () => {
  it('reads a caller\'s type case- and parameter-insensitively, and names the extension a generated name gets', () => {
    expect(fileTypeOf('Image/JPEG')).toEqual({ contentType: 'image/jpeg', extension: 'jpg' });
    expect(fileTypeOf('text/csv; charset=UTF-8')).toEqual({ contentType: 'text/csv; charset=utf-8', extension: 'csv' });
    expect(fileTypeOf('application/jsonl')).toEqual({ contentType: 'application/jsonl', extension: 'jsonl' });
    expect(fileTypeOf('text/html')).toBeNull();
    expect(fileTypeOf('application/javascript')).toBeNull();
    expect(fileTypeOf('')).toBeNull();
  });

  it('serves every extension as its type, and a generated name\'s extension as the type it was made for', () => {
    for (const [extension, type] of Object.entries(FILE_TYPES)) {
      expect(contentTypeOfName(`x.${extension}`)).toBe(type);
      expect(contentTypeOfName(`x.${fileTypeOf(type)!.extension}`)).toBe(type);
    }
    expect(contentTypeOfName('x.constructor')).toBeNull();
    expect(contentTypeOfName('x.__proto__')).toBeNull();
  });
});

describe('plannedFile', () => {
  it('puts a generated name under the shop, access and folder, with the type\'s extension', () => {
    expect(plannedFile({ shopId: 12, access: 'public', folder: 'media' }, 'image/png', RANDOM)).toEqual({
      key: 'shops/12/public/media/00112233445566778899aabbccddeeff.png',
      contentType: 'image/png',
      writeOnce: false,
    });
  });

  it('keeps a given name; a named public file is written once, a named private one replaced', () => {
    expect(plannedFile({ shopId: 12, access: 'public', name: 'logo.webp' }, 'image/webp', RANDOM)).toEqual({ key: 'shops/12/public/logo.webp', contentType: 'image/webp', writeOnce: true });
    expect(plannedFile({ shopId: 12, access: 'private', folder: 'bulk/results', name: 'op-5.jsonl' }, 'application/jsonl', RANDOM)).toEqual({
      key: 'shops/12/private/bulk/results/op-5.jsonl',
      contentType: 'application/jsonl',
      writeOnce: false,
    });
  });

  it.each<[string, FileTarget, string, string]>([
    ['no shop', { shopId: 0, access: 'public' }, 'image/png', 'INVALID_FILE_KEY'],
    ['a negative shop', { shopId: -3, access: 'public' }, 'image/png', 'INVALID_FILE_KEY'],
    ['a fractional shop', { shopId: 2.5, access: 'public' }, 'image/png', 'INVALID_FILE_KEY'],
    ['NaN for a shop', { shopId: Number.NaN, access: 'public' }, 'image/png', 'INVALID_FILE_KEY'],
    ['another access', { shopId: 1, access: 'shared' as 'public' }, 'image/png', 'INVALID_FILE_KEY'],
    ['a folder with a parent segment', { shopId: 1, access: 'public', folder: 'media/../../2' }, 'image/png', 'INVALID_FILE_KEY'],
    ['an absolute folder', { shopId: 1, access: 'public', folder: '/media' }, 'image/png', 'INVALID_FILE_KEY'],
    ['a folder ending in a slash', { shopId: 1, access: 'public', folder: 'media/' }, 'image/png', 'INVALID_FILE_KEY'],
    ['a name with a slash', { shopId: 1, access: 'public', name: 'a/x.png' }, 'image/png', 'INVALID_FILE_KEY'],
    ['a name with a NUL byte', { shopId: 1, access: 'public', name: 'x\0.png' }, 'image/png', 'INVALID_FILE_KEY'],
    ['an unknown type', { shopId: 1, access: 'public' }, 'text/html', 'UNSUPPORTED_FILE_TYPE'],
    ["a name of another type's extension", { shopId: 1, access: 'public', name: 'x.svg' }, 'image/png', 'UNSUPPORTED_FILE_TYPE'],
  ])('refuses %s', (_, target, contentType, code) => {
    expect(() => plannedFile(target, contentType, RANDOM)).toThrow(expect.objectContaining({ code }));
  });

  it('makes keys that read back as the shop, access, folder and name it was given, and stay under the root', () => {
    fc.assert(
      fc.property(validTarget, fc.uint8Array({ minLength: 16, maxLength: 16 }), ({ target, extension }, random) => {
        const type = FILE_TYPES[extension]!;
        let planned;
        try {
          planned = plannedFile(target, type, () => random);
        } catch (error) {
          // Only a key over the length bound is refused among valid parts.
          expect(error).toMatchObject({ code: 'INVALID_FILE_KEY' });
          expect(['shops', target.shopId, target.access, target.folder, target.name ?? 'x'.repeat(36)].join('/').length).toBeGreaterThan(MAX_FILE_KEY_LENGTH - 10);
          return;
        }
        expectSafe(planned.key);
        expect(parseFileKey(planned.key)).toEqual({
          shopId: target.shopId,
          access: target.access,
          folder: target.folder ?? '',
          name: target.name ?? expect.stringMatching(/^[0-9a-f]{32}\./),
          contentType: type,
        });
        expect(planned.contentType).toBe(type);
      }),
      SEED,
    );
  });

  it('never writes outside its shop, whatever folder and name a caller passes', () => {
    fc.assert(
      fc.property(fc.option(anyText, { nil: undefined }), fc.option(anyText, { nil: undefined }), (folder, name) => {
        let key: string;
        try {
          key = plannedFile({ shopId: 7, access: 'private', folder, name }, 'application/jsonl', RANDOM).key;
        } catch (error) {
          expect(error).toMatchObject({ code: expect.stringMatching(/^(INVALID_FILE_KEY|UNSUPPORTED_FILE_TYPE)$/) });
          return;
        }
        expectSafe(key);
        expect(key.startsWith('shops/7/private/')).toBe(true);
      }),
      SEED,
    );
  });
});
