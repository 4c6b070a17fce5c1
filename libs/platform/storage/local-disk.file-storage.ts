import { randomBytes } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { link, lstat, mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ByteMeter } from './byte-meter.js';
import { type FileTarget, checkedFileKey, folderPrefix, plannedFile } from './file-key.rules.js';
import { rangeProblem, rangeWithin } from './file-response.rules.js';
import type { FileDownload, FileInfo, FileStorage, GetOptions, PutOptions, StoredFile } from './file-storage.js';
import { PublicFileCache } from './public-file-cache.js';
import { StorageErrors } from './storage.errors.js';

// Puts write here first, inside the root so a rename never crosses file systems; no key can name it (a key starts
// with `shops/`, and no segment with a dot).
const TEMPORARY = '.tmp';
// A temporary file this old belongs to no running put (a crash left it): removed at start.
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;
const MISSING = new Set(['ENOENT', 'ENOTDIR', 'ELOOP', 'EISDIR']);

/**
 * Files as plain files under a directory (`DATA_DIR/files` by default), at their keys' paths, so a copy of the tree
 * is a copy of the files (`aws s3 sync` moves it to a bucket). A put streams into a temporary file in the same tree,
 * fsyncs it and renames it into place (then fsyncs the directory): readers see the old file or the whole new one.
 */
export class LocalDiskFileStorage implements FileStorage {
  readonly location: string;
  private readonly cache = new PublicFileCache();

  constructor(readonly root: string) {
    this.location = root;
  }

  async put(target: FileTarget, body: Readable, options: PutOptions): Promise<StoredFile> {
    const temporary = join(this.root, TEMPORARY, `${randomBytes(16).toString('hex')}.part`);
    let meter: ByteMeter | undefined;
    try {
      meter = new ByteMeter(options.maxBytes);
      const planned = plannedFile(target, options.contentType, () => randomBytes(16));
      const path = this.pathOf(planned.key);
      await mkdir(dirname(temporary), { recursive: true });
      // `wx`: never someone else's file; `flush`: fsynced before the stream closes, which pipeline waits for.
      await pipeline(body, meter, createWriteStream(temporary, { flags: 'wx', mode: 0o644, flush: true }), { signal: options.signal });
      const written = await stat(temporary, { bigint: true });
      await mkdir(dirname(path), { recursive: true });
      if (planned.writeOnce) {
        // link() never replaces: of two puts of one named public file, the second is refused.
        await link(temporary, path).catch((error: NodeJS.ErrnoException) => {
          throw error.code === 'EEXIST' ? StorageErrors.FILE_EXISTS('A public file with this name exists: its name stays with its first bytes', { field: 'name' }) : error;
        });
        await unlink(temporary);
      } else {
        await rename(temporary, path);
      }
      if (!options.remakeable) await syncDirectory(dirname(path));
      return { key: planned.key, size: meter.bytes, contentType: planned.contentType, etag: etagOf(written), sha256: meter.sha256() };
    } catch (error) {
      body.destroy();
      await rm(temporary, { force: true });
      throw meter?.failure ?? error;
    }
  }

  async get(key: string, options: GetOptions = {}): Promise<FileDownload> {
    const file = checkedFileKey(key);
    // A small public file, whole, from memory once read (PublicFileCache).
    if (file.access === 'public' && !options.range) return this.cache.get(key, { head: () => this.head(key), read: () => this.read(key, file.contentType, options) });
    return this.read(key, file.contentType, options);
  }

  private async read(key: string, contentType: string, options: GetOptions): Promise<FileDownload> {
    const problem = options.range ? rangeProblem(options.range) : null;
    if (problem) throw StorageErrors.INVALID_RANGE(problem, { field: 'range' });
    // The descriptor is what is read and described, so a file replaced meanwhile cannot mix with its successor;
    // O_NOFOLLOW: a link planted in the tree is no file of ours.
    const handle = await open(this.pathOf(key), constants.O_RDONLY | constants.O_NOFOLLOW).catch((error: NodeJS.ErrnoException) => {
      throw MISSING.has(error.code ?? '') ? notFound() : error;
    });
    try {
      const stats = await handle.stat({ bigint: true });
      if (!stats.isFile()) throw notFound();
      const size = Number(stats.size);
      const range = options.range ? rangeWithin(options.range, size) : undefined;
      if (range === null) throw StorageErrors.INVALID_RANGE(`The file has ${size} bytes`, { field: 'range' });
      // The stream closes the descriptor when it ends or is destroyed.
      const body = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      const length = range ? range.end - range.start + 1 : size;
      return { key, size, contentType, etag: etagOf(stats), body, range, length };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async head(key: string): Promise<FileInfo | null> {
    const file = checkedFileKey(key);
    try {
      const stats = await lstat(this.pathOf(key), { bigint: true });
      return stats.isFile() ? { key, size: Number(stats.size), contentType: file.contentType, etag: etagOf(stats) } : null;
    } catch (error) {
      if (MISSING.has((error as NodeJS.ErrnoException).code ?? '')) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    checkedFileKey(key);
    this.cache.forget(key);
    try {
      await unlink(this.pathOf(key));
    } catch (error) {
      // Nothing there, or a folder (unlink refuses one): no file under the key either way.
      if (!MISSING.has((error as NodeJS.ErrnoException).code ?? '') && (error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
    }
  }

  async deleteFolder(folder: Omit<FileTarget, 'name'>): Promise<void> {
    this.cache.forgetUnder(folderPrefix(folder));
    await rm(this.pathOf(folderPrefix(folder)), { recursive: true, force: true });
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  /** Removes temporary files a crash left (older than a day); answers how many. */
  async removeStaleTemporaryFiles(now = Date.now()): Promise<number> {
    const directory = join(this.root, TEMPORARY);
    const names = await readdir(directory).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    let removed = 0;
    for (const name of names) {
      const path = join(directory, name);
      const stats = await lstat(path).catch(() => null);
      if (stats && now - stats.mtimeMs > STALE_AFTER_MS) {
        await rm(path, { force: true });
        removed++;
      }
    }
    return removed;
  }

  // Only for a checked key: its segments are plain names, so the path stays under the root.
  private pathOf(key: string): string {
    return join(this.root, key);
  }
}

// Inode, size and modification time in nanoseconds: a rename keeps all three, a new put changes the inode.
function etagOf(stats: { ino: bigint; size: bigint; mtimeNs: bigint }): string {
  return `"${stats.ino.toString(36)}-${stats.size.toString(36)}-${stats.mtimeNs.toString(36)}"`;
}

async function syncDirectory(path: string): Promise<void> {
  const directory = await open(path, 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}

function notFound() {
  return StorageErrors.FILE_NOT_FOUND('No file has this key', { field: 'key' });
}
