export { withDeadline } from './deadline.js';
export { REDIS, REDIS_PREFIX, RedisModule, createRedisClient, firstConnect, installationRedisPrefix } from './redis.module.js';
