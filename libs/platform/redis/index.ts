export { REDIS, REDIS_PREFIX, RedisModule, createRedisClient, installationRedisPrefix } from './redis.module.js';
