import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { Test, type TestingModule } from '@nestjs/testing';
import { ConfigModule, loadConfig } from '@platform/config';
import { DatabaseModule } from '@platform/database';
import { LoggingModule, createLogger } from '@platform/logging';
import { FILE_STORAGE, type FileStorage, FileUrls, LocalDiskFileStorage, S3FileStorage, StorageModule, createFileStorage } from '@platform/storage';
import { MIGRATIONS } from '../../../migrations/index.js';
import { type S3Server, startS3Server } from '../../support/s3-server.js';
import { cloneTestDatabase } from '../../support/test-database.js';

async function storageModule(databaseUrl: string, env: Record<string, string>): Promise<TestingModule> {
  const moduleRef = await Test.createTestingModule({
    imports: [
      ConfigModule.forRoot(loadConfig(env)),
      LoggingModule.forRoot(createLogger('silent')),
      DatabaseModule.forRoot({ url: databaseUrl, migrations: MIGRATIONS, poolSize: 2 }),
      StorageModule,
    ],
  }).compile();
  return moduleRef.init();
}

describe('StorageModule', () => {
  let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
  let dataDir: string;
  let s3: S3Server;
  const modules: TestingModule[] = [];
  const open = async (env: Record<string, string>) => {
    const moduleRef = await storageModule(database.url, env);
    modules.push(moduleRef);
    return moduleRef;
  };

  beforeAll(async () => {
    database = await cloneTestDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'platform-data-'));
    s3 = await startS3Server();
  });
  afterAll(async () => {
    for (const moduleRef of modules) await moduleRef.close();
    await s3.close();
    await rm(dataDir, { recursive: true, force: true });
    await database.drop();
  });

  it('keeps files under DATA_DIR/files when STORAGE_URL is unset: the embedded default', async () => {
    const storage = (await open({ DATA_DIR: dataDir })).get<FileStorage>(FILE_STORAGE);
    expect(storage).toBeInstanceOf(LocalDiskFileStorage);
    expect(storage.location).toBe(join(dataDir, 'files'));
    const stored = await storage.put({ shopId: 1, access: 'public', folder: 'media' }, Readable.from([Buffer.from('an image')]), { contentType: 'image/png' });
    expect(await readFile(join(dataDir, 'files', stored.key), 'utf8')).toBe('an image');
  });

  it('with no environment at all, is the directory files under .data', () => {
    const storage = createFileStorage(loadConfig({}).storage);
    expect(storage).toBeInstanceOf(LocalDiskFileStorage);
    expect(storage.location).toBe(resolve('.data', 'files'));
  });

  it('removes temporary files an interrupted put left more than a day ago when it starts, and no others', async () => {
    const temporary = join(dataDir, 'files', '.tmp');
    await mkdir(temporary, { recursive: true });
    await writeFile(join(temporary, 'crashed.part'), 'half');
    await writeFile(join(temporary, 'running.part'), 'half');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await utimes(join(temporary, 'crashed.part'), twoDaysAgo, twoDaysAgo);
    await open({ DATA_DIR: dataDir });
    await expect(readFile(join(temporary, 'crashed.part'))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await readFile(join(temporary, 'running.part'), 'utf8')).toBe('half');
  });

  it('keeps files in the bucket a s3:// STORAGE_URL names, under its prefix, with the URL\'s credentials', async () => {
    const url = `s3://S3RVER:S3RVER@${s3.bucket}/installations/one?endpoint=${encodeURIComponent(s3.endpoint)}&region=eu-west-1`;
    const storage = (await open({ DATA_DIR: dataDir, STORAGE_URL: url })).get<FileStorage>(FILE_STORAGE);
    expect(storage).toBeInstanceOf(S3FileStorage);
    expect(storage.location).not.toMatch(/S3RVER:/);
    const stored = await storage.put({ shopId: 4, access: 'private', folder: 'bulk', name: 'export.jsonl' }, Readable.from([Buffer.from('{}\n')]), { contentType: 'application/jsonl' });
    expect(await s3.keys('installations/')).toEqual([`installations/one/${stored.key}`]);
  });

  it('signs private URLs with the installation\'s secret, so every process accepts what another signed', async () => {
    const [one, two] = [await open({ DATA_DIR: dataDir }), await open({ DATA_DIR: dataDir })];
    const key = 'shops/4/private/bulk/export.jsonl';
    const url = new URL(await one.get(FileUrls).url('https://acme.example.com', key, { expiresInSeconds: 600 }));
    expect(url.pathname).toBe(`/files/${key}`);
    const query = Object.fromEntries(url.searchParams);
    expect(await two.get(FileUrls).allows(key, query)).toBe(true);
    expect(await two.get(FileUrls).allows('shops/5/private/bulk/export.jsonl', query)).toBe(false);
    expect(await two.get(FileUrls).allows(key, query, (Number(query.expires) + 1) * 1000)).toBe(false);
    expect(await one.get(FileUrls).url('https://acme.example.com', 'shops/4/public/a.png')).toBe('https://acme.example.com/files/shops/4/public/a.png');
    await expect(one.get(FileUrls).url('https://acme.example.com', key, { expiresInSeconds: 8 * 24 * 3600 })).rejects.toThrow(/seconds/);
  });
});
