export { REDIS, RedisModule, createRedisClient } from './redis.module.js';
