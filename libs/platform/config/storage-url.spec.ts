import { join } from 'node:path';
import { parseStorageUrl } from './storage-url.js';

const DATA = '/srv/platform-data';

describe('parseStorageUrl', () => {
  it('keeps files under DATA_DIR/files when STORAGE_URL is unset or blank', () => {
    expect(parseStorageUrl(undefined, DATA)).toEqual({ kind: 'local', directory: join(DATA, 'files') });
    expect(parseStorageUrl('  ', DATA)).toEqual({ kind: 'local', directory: join(DATA, 'files') });
  });

  it('reads a file:// URL as an absolute directory', () => {
    expect(parseStorageUrl('file:///var/lib/platform/files/', DATA)).toEqual({ kind: 'local', directory: '/var/lib/platform/files' });
    expect(parseStorageUrl('file:///srv/a/../files', DATA)).toEqual({ kind: 'local', directory: '/srv/files' });
  });

  it('reads an s3:// URL: bucket, prefix, endpoint, region, path style and credentials', () => {
    expect(parseStorageUrl('s3://media-bucket/platform/files?endpoint=http://127.0.0.1:9000/&region=eu-west-1', DATA)).toEqual({
      kind: 's3',
      bucket: 'media-bucket',
      prefix: 'platform/files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
      credentials: undefined,
    });
    // AWS itself: no endpoint, virtual-hosted buckets, the region from AWS_REGION, credentials from the SDK's chain.
    expect(parseStorageUrl('s3://media.example.com', DATA, { AWS_REGION: 'ca-central-1' })).toEqual({
      kind: 's3',
      bucket: 'media.example.com',
      prefix: '',
      endpoint: undefined,
      region: 'ca-central-1',
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(parseStorageUrl('s3://files', DATA)).toMatchObject({ region: 'us-east-1' });
    expect(parseStorageUrl('s3://files?endpoint=https://s3.example.net&forcePathStyle=false', DATA)).toMatchObject({ forcePathStyle: false });
    expect(parseStorageUrl('s3://AKIAEXAMPLE:wJalr%2FK7MDENG%2BbPx@files/x', DATA)).toMatchObject({
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'wJalr/K7MDENG+bPx' },
    });
  });

  it.each([
    ['not a URL', 'files-bucket'],
    ['another scheme', 'https://files.example.com/bucket'],
    ['a bucket too short', 's3://ab/x'],
    ['an upper-case bucket', 's3://Media/x'],
    ['a bucket with a port', 's3://media:9000/x'],
    ['a prefix with a hidden segment', 's3://media/.uploads/b'],
    ['a prefix with escapes', 's3://media/a%2Fb'],
    ['an unknown parameter', 's3://media?endpont=http://x'],
    ['a parameter twice', 's3://media?region=a&region=b'],
    ['an endpoint that is no http URL', 's3://media?endpoint=ftp://x'],
    ['an endpoint with a path', 's3://media?endpoint=http://x/y'],
    ['a wrong region', 's3://media?region=EU%20West'],
    ['a wrong forcePathStyle', 's3://media?forcePathStyle=yes'],
    ['a key id without a secret', 's3://AKIA@media'],
    ['a file URL with a host', 'file://server/files'],
  ])('refuses %s, naming STORAGE_URL and the format', (_, value) => {
    const parsed = parseStorageUrl(value, DATA);
    expect(parsed).toEqual({ problem: expect.stringMatching(/^STORAGE_URL .*expected s3:\/\//) });
  });

  it('never repeats a secret in its message', () => {
    const parsed = parseStorageUrl('s3://AKIAEXAMPLE:TopSecretValue@media?region=NOT%20A%20REGION', DATA) as { problem: string };
    expect(parsed.problem).toMatch(/region/);
    expect(parsed.problem).not.toMatch(/TopSecretValue|AKIAEXAMPLE/);
  });
});
