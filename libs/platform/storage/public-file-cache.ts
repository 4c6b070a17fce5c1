import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { LRUCache } from 'lru-cache';
import type { FileDownload, FileInfo } from './file-storage.js';

/** Bytes of small public files a storage adapter keeps in memory, the most recently read. */
export const PUBLIC_FILE_CACHE_BYTES = 8 * 1024 * 1024;
/** Files larger than this are always read from storage. */
export const MAX_CACHED_FILE_BYTES = 256 * 1024;
/** How long a kept file is served without asking storage whether it is still there (another process may delete it). */
export const PUBLIC_FILE_FRESH_MS = 5_000;

interface Kept {
  info: FileInfo;
  bytes: Buffer;
  checkedAt: number;
}

/** Where a file comes from when it is not kept, or is kept but no longer fresh. */
export interface FileSource {
  head(): Promise<FileInfo | null>;
  read(): Promise<FileDownload>;
}

/**
 * Small public files in memory, so a hot image is answered without opening it: a public file's bytes never change
 * under its key (a generated name is new, a named one is written once), so a kept copy is right for as long as the
 * file is there. A delete through the adapter forgets it at once; one by another process is seen within
 * PUBLIC_FILE_FRESH_MS, when the kept copy is checked against storage's description (a `head`).
 */
export class PublicFileCache {
  private readonly kept = new LRUCache<string, Kept>({
    maxSize: PUBLIC_FILE_CACHE_BYTES,
    sizeCalculation: (kept, key) => kept.bytes.length + key.length * 2 + 256,
  });

  constructor(private readonly now: () => number = Date.now) {}

  async get(key: string, source: FileSource): Promise<FileDownload> {
    const kept = this.kept.get(key);
    if (kept) {
      if (this.now() - kept.checkedAt < PUBLIC_FILE_FRESH_MS) return downloadOf(kept);
      const info = await source.head();
      if (info && info.etag === kept.info.etag) {
        kept.checkedAt = this.now();
        return downloadOf(kept);
      }
      this.kept.delete(key);
    }
    const download = await source.read();
    if (download.length > MAX_CACHED_FILE_BYTES || download.range) return download;
    const read: Kept = { info: { key: download.key, size: download.size, contentType: download.contentType, etag: download.etag }, bytes: await buffer(download.body), checkedAt: this.now() };
    // A file that changed size while it was read is answered as read, not kept.
    if (read.bytes.length === download.size) this.kept.set(key, read);
    return downloadOf(read);
  }

  /** Forgets a file (deleted). */
  forget(key: string): void {
    this.kept.delete(key);
  }

  /** Forgets every file under a key prefix (a folder deleted). */
  forgetUnder(prefix: string): void {
    for (const key of [...this.kept.keys()]) if (key.startsWith(prefix)) this.kept.delete(key);
  }
}

// The kept bytes as a download: `bytes` for a caller that sends them whole, `body` a stream of them made when read.
function downloadOf(kept: Kept): FileDownload {
  let body: Readable | undefined;
  return {
    ...kept.info,
    length: kept.bytes.length,
    bytes: kept.bytes,
    get body() {
      return (body ??= Readable.from([kept.bytes]));
    },
  };
}
