import { isAbsolute, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the platform keeps files (STORAGE_URL): a directory, or a bucket of an S3-compatible service. */
export type StorageConfig = LocalStorageConfig | S3StorageConfig;

export interface LocalStorageConfig {
  kind: 'local';
  /** Absolute; `DATA_DIR/files` unless STORAGE_URL is `file:///…`. */
  directory: string;
}

export interface S3StorageConfig {
  kind: 's3';
  bucket: string;
  /** Prepended to every key, without a slash at either end; empty for the bucket's root. */
  prefix: string;
  /** The service's URL (MinIO, R2, …); undefined means AWS itself. */
  endpoint?: string;
  region: string;
  /** Bucket in the path (`endpoint/bucket/key`) rather than in the host name: the default with an endpoint. */
  forcePathStyle: boolean;
  /** From the URL's user-info; undefined lets the SDK find them (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, a role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export const STORAGE_URL_FORMAT = 's3://[<access key id>:<secret>@]<bucket>[/<prefix>][?endpoint=<http(s) URL>&region=<region>&forcePathStyle=true|false] or file:///<absolute directory>';

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const REGION = /^[a-z0-9-]{1,32}$/;
const PARAMETERS = new Set(['endpoint', 'region', 'forcePathStyle']);

/**
 * Reads STORAGE_URL: unset or blank is `DATA_DIR/files`. Answers a problem sentence instead when the URL is not
 * usable; a sentence never repeats the value, which may carry a secret key.
 */
export function parseStorageUrl(value: string | undefined, dataDir: string, env: NodeJS.ProcessEnv = {}): StorageConfig | { problem: string } {
  const text = value?.trim();
  if (!text) return { kind: 'local', directory: join(dataDir, 'files') };
  const problem = (detail: string) => ({ problem: `STORAGE_URL ${detail}; expected ${STORAGE_URL_FORMAT}` });
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return problem('is not a URL');
  }
  if (url.protocol === 'file:') return localDirectory(url, problem);
  if (url.protocol !== 's3:') return problem('must start with s3:// or file://');
  const bucket = url.hostname;
  if (!BUCKET.test(bucket) || bucket.includes('..')) return problem('must name a bucket of 3 to 63 lower-case letters, digits, dots and hyphens');
  if (url.port) return problem('takes no port after the bucket (give the service as endpoint=…)');
  const segments = url.pathname.split('/').filter((s) => s !== '');
  if (segments.some((s) => !PREFIX_SEGMENT.test(s) || s.includes('..'))) return problem('has a prefix that is not plain path segments (letters, digits, ".", "_", "-")');
  const given = [...url.searchParams.keys()];
  if (given.some((name) => !PARAMETERS.has(name))) return problem('takes only the parameters endpoint, region and forcePathStyle');
  if (new Set(given).size !== given.length) return problem('names a parameter twice');
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !isServiceUrl(endpoint)) return problem('has an endpoint that is not an http(s) URL without user-info, path or query');
  const region = url.searchParams.get('region') ?? env.AWS_REGION ?? 'us-east-1';
  if (!REGION.test(region)) return problem('has a region that is not a region name (us-east-1)');
  const pathStyle = url.searchParams.get('forcePathStyle');
  if (pathStyle !== null && pathStyle !== 'true' && pathStyle !== 'false') return problem('has a forcePathStyle that is not true or false');
  const credentials = userInfo(url);
  if (credentials === 'invalid') return problem('has user-info that is not <access key id>:<secret> (percent-encode "/", "+" and "@" in the secret)');
  return {
    kind: 's3',
    bucket,
    prefix: segments.join('/'),
    endpoint: endpoint?.replace(/\/$/, ''),
    region,
    forcePathStyle: pathStyle === null ? endpoint !== undefined : pathStyle === 'true',
    credentials,
  };
}

function localDirectory(url: URL, problem: (detail: string) => { problem: string }): LocalStorageConfig | { problem: string } {
  if (url.host || url.search || url.hash) return problem('as file:// must be a local absolute path (file:///var/lib/platform/files)');
  let directory: string;
  try {
    directory = fileURLToPath(url);
  } catch {
    return problem('as file:// must be a local absolute path (file:///var/lib/platform/files)');
  }
  if (!isAbsolute(directory)) return problem('as file:// must be a local absolute path (file:///var/lib/platform/files)');
  return { kind: 'local', directory: normalize(directory).replace(/(.)\/$/, '$1') };
}

function isServiceUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password && (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash;
  } catch {
    return false;
  }
}

function userInfo(url: URL): S3StorageConfig['credentials'] | 'invalid' {
  if (!url.username && !url.password) return undefined;
  try {
    const accessKeyId = decodeURIComponent(url.username);
    const secretAccessKey = decodeURIComponent(url.password);
    return accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : 'invalid';
  } catch {
    return 'invalid';
  }
}
