import type { Readable } from 'node:stream';
import type { FileTarget } from './file-key.rules.js';
import type { ByteRange } from './file-response.rules.js';

/** Injection token of the configured FileStorage (StorageModule). */
export const FILE_STORAGE = Symbol('FILE_STORAGE');

export interface PutOptions {
  /** The file's media type (one of FILE_TYPES): a generated name gets its extension, a given name must have it. */
  contentType: string;
  /** A body longer than this many bytes is refused (FILE_TOO_LARGE) as soon as it passes it, and nothing is kept. */
  maxBytes?: number;
  /** Aborting it stops the put; nothing is kept. */
  signal?: AbortSignal;
  /**
   * The file can be made again (an image's variant): its bytes are on disk before its name appears, but the put does
   * not wait for the name to be (a crash may lose the name, never leave short bytes under it). Default false.
   */
  remakeable?: boolean;
}

/** A stored file as every adapter describes it. */
export interface FileInfo {
  key: string;
  size: number;
  /** The served type, from the key's extension. */
  contentType: string;
  /** A quoted entity tag (`"…"`) that changes when the bytes under the key do; opaque, the adapter's own. */
  etag: string;
}

/** What a put wrote. */
export interface StoredFile extends FileInfo {
  /** SHA-256 of the bytes written, hex, measured as they streamed through. */
  sha256: string;
}

/** A file being read: its description, and a stream of the bytes asked for. */
export interface FileDownload extends FileInfo {
  body: Readable;
  /** The whole file's bytes, when the adapter holds them in memory (a kept public file): sent without a stream. */
  bytes?: Buffer;
  /** The range the body holds, clamped to the file; absent when it holds the whole file. */
  range?: ByteRange;
  /** How many bytes the body yields. */
  length: number;
}

export interface GetOptions {
  /** Inclusive byte positions; `end` past the file (or absent) reads to its end. Starting past the end is INVALID_RANGE. */
  range?: { start: number; end?: number };
}

/**
 * Where the platform keeps files (product media, bulk operation results): bytes stream in and out, never held whole.
 * Keys are `shops/<shopId>/<public|private>/[<folder>/]<name>`, made by `put` from a FileTarget, so a caller names
 * its shop and never a path; every method refuses anything else (INVALID_FILE_KEY). A put is atomic: until it
 * succeeds nothing is visible under its key, and a failed, oversized or aborted one leaves nothing behind.
 */
export interface FileStorage {
  /** Writes `body` under the target's key (a named public file only if there is none yet: FILE_EXISTS). */
  put(target: FileTarget, body: Readable, options: PutOptions): Promise<StoredFile>;
  /** The file's bytes, or the range asked; FILE_NOT_FOUND when there is no file under the key. */
  get(key: string, options?: GetOptions): Promise<FileDownload>;
  /** The file's description, or null when there is none. */
  head(key: string): Promise<FileInfo | null>;
  /** Deletes the file if there is one. */
  delete(key: string): Promise<void>;
  /** Deletes every file in the folder (and its folders), if any: what a file's variants are kept in. */
  deleteFolder(folder: Omit<FileTarget, 'name'>): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Where the files are, for the start-up log (never a secret). */
  readonly location: string;
}
