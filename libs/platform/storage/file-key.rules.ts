import { StorageErrors } from './storage.errors.js';

/** Who may read a file: anyone with its URL (product media), or only through a signed, expiring URL (bulk results). */
export type FileAccess = 'public' | 'private';
export const FILE_ACCESS: readonly FileAccess[] = ['public', 'private'];

/** Where a new file goes: the shop and access always, a folder and a name if the caller wants them. */
export interface FileTarget {
  /** The shop that owns the file: its key starts `shops/<shopId>/`. */
  shopId: number;
  access: FileAccess;
  /** Files of one kind together (`media`, `bulk/results`): segments of lower-case letters, digits, `.`, `_`, `-`. */
  folder?: string;
  /** The file's name, its extension the content type's (`result.jsonl`); omitted, a random one is made. */
  name?: string;
}

/** A valid key, read into its parts. */
export interface FileKeyParts {
  shopId: number;
  access: FileAccess;
  /** Empty when the file is right under the access segment. */
  folder: string;
  name: string;
  /** Served with the file; the name's extension decides it (FILE_TYPES). */
  contentType: string;
}

/**
 * The media types files may have, by extension: the extension decides how a file is served on every adapter (on
 * disk there is nowhere else to keep it). No HTML or script types: files are served from the shop's own origin.
 * The first extension of a type is the one a generated name gets.
 */
export const FILE_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  glb: 'model/gltf-binary',
  usdz: 'model/vnd.usdz+zip',
  jsonl: 'application/jsonl',
  json: 'application/json',
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  bin: 'application/octet-stream',
};

/** The private folder a shop's staged uploads land in (a client sends them; the platform reads them once named). */
export const STAGED_KEY_FOLDER = 'staged';

export const MAX_FILE_KEY_LENGTH = 512;
export const MAX_SEGMENT_LENGTH = 100;
export const MAX_FOLDER_DEPTH = 8;

const ROOT = 'shops';
// A segment starts with a letter or digit (no `.`, `..` or hidden names) and never holds two dots in a row or ends
// with one; everything else (`/`, `\`, `%`, NUL, spaces, upper case, non-ASCII) is outside the alphabet.
const SEGMENT = /^[a-z0-9](?:[a-z0-9_-]|\.(?=[a-z0-9_-]))*$/;
const SHOP_ID = /^[1-9][0-9]{0,15}$/;

/** Whether `text` is one segment of a key (a folder's part or a name). */
export function isKeySegment(text: string): boolean {
  return text.length <= MAX_SEGMENT_LENGTH && SEGMENT.test(text);
}

/** The extension's media type, or null when files may not have it. */
export function contentTypeOfName(name: string): string | null {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return null;
  return Object.hasOwn(FILE_TYPES, name.slice(dot + 1)) ? FILE_TYPES[name.slice(dot + 1)]! : null;
}

/**
 * The canonical media type for a caller's `contentType` (case and parameters ignored: `Image/PNG`, `text/csv;
 * charset=UTF-8`) and the extension a generated name gets; null when files may not have that type.
 */
export function fileTypeOf(contentType: string): { contentType: string; extension: string } | null {
  const essence = contentType.split(';')[0]!.trim().toLowerCase();
  for (const [extension, type] of Object.entries(FILE_TYPES)) {
    if (type.split(';')[0] === essence) return { contentType: type, extension };
  }
  return null;
}

/** Why `key` is not a file key (a sentence), or null when it is one: `shops/<id>/<access>/[<folder>/…]<name>.<ext>`. */
export function fileKeyProblem(key: unknown): string | null {
  if (typeof key !== 'string') return 'A file key is a string';
  if (key.length === 0 || key.length > MAX_FILE_KEY_LENGTH) return `A file key has 1 to ${MAX_FILE_KEY_LENGTH} characters`;
  const segments = key.split('/');
  const [root, shop, access, ...rest] = segments;
  if (root !== ROOT || shop === undefined || !SHOP_ID.test(shop) || !Number.isSafeInteger(Number(shop))) return 'A file key starts with shops/<shop id>/';
  if (!FILE_ACCESS.includes(access as FileAccess)) return 'A file key names its access (public or private) after the shop';
  if (rest.length === 0 || rest.length > MAX_FOLDER_DEPTH + 1) return `A file key has a name below at most ${MAX_FOLDER_DEPTH} folders`;
  if (!rest.every(isKeySegment)) return 'Each part of a file key is 1 to 100 lower-case letters, digits, ".", "_" or "-", starting with a letter or digit';
  if (contentTypeOfName(rest.at(-1)!) === null) return `A file's name ends with one of the extensions ${Object.keys(FILE_TYPES).join(', ')}`;
  return null;
}

/** The parts of a valid key, or null for anything else. */
export function parseFileKey(key: unknown): FileKeyParts | null {
  if (fileKeyProblem(key) !== null) return null;
  const [, shop, access, ...rest] = (key as string).split('/');
  const name = rest.pop()!;
  return { shopId: Number(shop), access: access as FileAccess, folder: rest.join('/'), name, contentType: contentTypeOfName(name)! };
}

/** `key` when it is a file key; otherwise throws INVALID_FILE_KEY. */
export function checkedFileKey(key: unknown): FileKeyParts {
  const problem = fileKeyProblem(key);
  if (problem !== null) throw StorageErrors.INVALID_FILE_KEY(problem, { field: 'key' });
  return parseFileKey(key)!;
}

/** A file about to be written: its key, served type, and whether an existing file there must be left alone. */
export interface PlannedFile {
  key: string;
  contentType: string;
  /**
   * A named public file is written once: it is served as immutable for a year, so other bytes under its key would
   * reach nobody who cached the first. A generated name is new by construction; a named private file is replaced.
   */
  writeOnce: boolean;
}

/**
 * Where a put writes: `shops/<shopId>/<access>/<folder>/<name>`, the name the caller's or `<32 hex>.<ext>` from
 * `random` (16 random bytes). Throws INVALID_FILE_KEY for a bad shop, folder or name, and UNSUPPORTED_FILE_TYPE for a
 * type files may not have or that the name's extension contradicts.
 */
export function plannedFile(target: FileTarget, contentType: string, random: () => Uint8Array): PlannedFile {
  if (!Number.isSafeInteger(target.shopId) || target.shopId < 1) throw StorageErrors.INVALID_FILE_KEY('A file belongs to a shop: give its id', { field: 'shopId' });
  if (!FILE_ACCESS.includes(target.access)) throw StorageErrors.INVALID_FILE_KEY('A file is public or private', { field: 'access' });
  const type = typeof contentType === 'string' ? fileTypeOf(contentType) : null;
  if (!type) throw StorageErrors.UNSUPPORTED_FILE_TYPE(`Files may be ${[...new Set(Object.values(FILE_TYPES))].join(', ')}`, { field: 'contentType' });
  const folder = target.folder ?? '';
  const folders = folder === '' ? [] : folder.split('/');
  if (folders.length > MAX_FOLDER_DEPTH || !folders.every(isKeySegment)) {
    throw StorageErrors.INVALID_FILE_KEY(`A folder is 1 to ${MAX_FOLDER_DEPTH} parts of lower-case letters, digits, ".", "_" or "-", joined by "/"`, { field: 'folder' });
  }
  let name: string;
  if (target.name === undefined) {
    name = `${Buffer.from(random()).toString('hex')}.${type.extension}`;
  } else {
    name = target.name;
    if (!isKeySegment(name)) throw StorageErrors.INVALID_FILE_KEY('A file name is 1 to 100 lower-case letters, digits, ".", "_" or "-", starting with a letter or digit', { field: 'name' });
    if (contentTypeOfName(name) !== type.contentType) {
      const extensions = Object.keys(FILE_TYPES).filter((extension) => FILE_TYPES[extension] === type.contentType);
      throw StorageErrors.UNSUPPORTED_FILE_TYPE(`A ${type.contentType.split(';')[0]} file's name ends with .${extensions.join(' or .')}`, { field: 'name' });
    }
  }
  const key = [ROOT, String(target.shopId), target.access, ...folders, name].join('/');
  const problem = fileKeyProblem(key);
  if (problem !== null) throw StorageErrors.INVALID_FILE_KEY(problem, { field: 'name' });
  return { key, contentType: type.contentType, writeOnce: target.access === 'public' && target.name !== undefined };
}

/** The key prefix of a folder of a shop's files (`shops/1/public/media/variants/abc/`): checked as a put's folder is. */
export function folderPrefix(target: Omit<FileTarget, 'name'>): string {
  if (!target.folder) throw StorageErrors.INVALID_FILE_KEY('A folder to delete is named', { field: 'folder' });
  // A planned file's key, less its name: the folder passes the same checks.
  const { key } = plannedFile({ ...target, name: 'x.bin' }, 'application/octet-stream', () => new Uint8Array());
  return key.slice(0, -'x.bin'.length);
}
