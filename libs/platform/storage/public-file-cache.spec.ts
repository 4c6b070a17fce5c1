import { Readable } from 'node:stream';
import type { FileDownload, FileInfo } from './file-storage.js';
import { MAX_CACHED_FILE_BYTES, PUBLIC_FILE_FRESH_MS, PublicFileCache } from './public-file-cache.js';

// A storage behind the cache: one file whose bytes, description and existence the test changes, counting its reads.
function storageOf(bytes: Buffer) {
  const file = { bytes, etag: '"1"', exists: true, reads: 0, heads: 0 };
  const info = (): FileInfo => ({ key: 'shops/1/public/media/a.png', size: file.bytes.length, contentType: 'image/png', etag: file.etag });
  const source = {
    head: async () => {
      file.heads++;
      return file.exists ? info() : null;
    },
    read: async (): Promise<FileDownload> => {
      file.reads++;
      if (!file.exists) throw new Error('FILE_NOT_FOUND');
      return { ...info(), length: file.bytes.length, body: Readable.from([file.bytes]) };
    },
  };
  return { file, source };
}

const text = async (download: FileDownload) => {
  const chunks: Buffer[] = [];
  for await (const chunk of download.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

describe('PublicFileCache', () => {
  let now = 0;
  const cache = () => new PublicFileCache(() => now);
  beforeEach(() => (now = 1_000_000));

  it('reads a small file once, then answers its bytes from memory, as bytes and as a stream', async () => {
    const { file, source } = storageOf(Buffer.from('hello'));
    const kept = cache();
    expect((await kept.get('k', source)).bytes?.toString()).toBe('hello');
    const again = await kept.get('k', source);
    expect({ reads: file.reads, heads: file.heads, bytes: again.bytes?.toString(), etag: again.etag, size: again.size }).toEqual({ reads: 1, heads: 0, bytes: 'hello', etag: '"1"', size: 5 });
    expect(await text(again)).toBe('hello');
  });

  it('after the fresh window asks storage: still there keeps serving it, gone or changed reads storage again', async () => {
    const { file, source } = storageOf(Buffer.from('hello'));
    const kept = cache();
    await kept.get('k', source);
    now += PUBLIC_FILE_FRESH_MS;
    expect((await kept.get('k', source)).bytes?.toString()).toBe('hello');
    expect({ reads: file.reads, heads: file.heads }).toEqual({ reads: 1, heads: 1 });
    // Within the window again: no question.
    await kept.get('k', source);
    expect(file.heads).toBe(1);

    now += PUBLIC_FILE_FRESH_MS;
    file.exists = false;
    await expect(kept.get('k', source)).rejects.toThrow('FILE_NOT_FOUND');

    file.exists = true;
    file.bytes = Buffer.from('other');
    file.etag = '"2"';
    expect((await kept.get('k', source)).bytes?.toString()).toBe('other');
  });

  it('forgets a file deleted, and every file under a folder deleted', async () => {
    const { file, source } = storageOf(Buffer.from('hello'));
    const kept = cache();
    await kept.get('shops/1/public/media/variants/a/w1.png', source);
    await kept.get('shops/1/public/media/b.png', source);
    kept.forgetUnder('shops/1/public/media/variants/a/');
    await kept.get('shops/1/public/media/variants/a/w1.png', source);
    await kept.get('shops/1/public/media/b.png', source);
    expect(file.reads).toBe(3);
    kept.forget('shops/1/public/media/b.png');
    await kept.get('shops/1/public/media/b.png', source);
    expect(file.reads).toBe(4);
  });

  it('streams a large file from storage every time and keeps none of it', async () => {
    const { file, source } = storageOf(Buffer.alloc(MAX_CACHED_FILE_BYTES + 1, 1));
    const kept = cache();
    const first = await kept.get('k', source);
    expect(first.bytes).toBeUndefined();
    first.body.destroy();
    (await kept.get('k', source)).body.destroy();
    expect(file.reads).toBe(2);
  });
});
