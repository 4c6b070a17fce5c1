import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

// Shared by the throttling integration specs: which Redis, and keys no other test run can collide with.
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export function uniquePrefix(suite: string): string {
  return `test:throttling:${suite}:${randomUUID()}:`;
}

export async function deleteKeysWithPrefix(redis: Redis, prefix: string): Promise<void> {
  const keys = await redis.keys(`${prefix}*`); // test-only: the prefix holds a handful of keys
  if (keys.length > 0) await redis.del(...keys);
}
