// The leaky-bucket rules of leaky-bucket.ts, run inside Redis so drain + check + write is one atomic step.
// Time comes from Redis TIME, not the caller, so every process sharing the bucket agrees on "now"; a store given a
// clock of its own (tests) passes its time instead.
//
// KEYS[1]  hash { level, ts }  (ts in epoch ms)
// ARGV[1]  'take' | 'peek' | 'adjust'
// ARGV[2]  capacity   ARGV[3] leak per second   ARGV[4] amount (take/peek) or signed delta (adjust)
// ARGV[5]  optional: now in epoch ms (the store's clock); absent, Redis TIME
// Returns  { allowed (0|1), level, retryAfterSeconds } with numbers as strings: Redis would truncate Lua floats.
export const LEAKY_BUCKET_LUA = `
local op = ARGV[1]
local capacity = tonumber(ARGV[2])
local leak = tonumber(ARGV[3])
local amount = tonumber(ARGV[4])
local EPSILON = 1e-9

local now = tonumber(ARGV[5])
local ownClock = now ~= nil
if not ownClock then
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
end

local level = 0
local ts = now
local stored = redis.call('HMGET', KEYS[1], 'level', 'ts')
if stored[1] then
  ts = tonumber(stored[2])
  -- a clock that went backwards (failover) leaks nothing rather than filling the bucket
  level = math.max(0, tonumber(stored[1]) - leak * math.max(0, now - ts) / 1000)
  ts = math.max(ts, now)
end

local allowed = 1
local retry = 0
local write = false
if op == 'adjust' then
  level = math.min(capacity, math.max(0, level + amount))
  write = true
elseif level + amount > capacity + EPSILON then
  allowed = 0
  retry = (level + amount - capacity) / leak
elseif op == 'take' then
  level = math.min(capacity, level + amount)
  write = true
end

if write then
  if level > 0 then
    redis.call('HSET', KEYS[1], 'level', string.format('%.17g', level), 'ts', string.format('%.17g', ts))
    -- live exactly as long as it takes to drain, so idle buckets vanish on their own
    local ttl = math.max(1, math.ceil(level / leak * 1000))
    -- Redis expires keys on its own time, which a clock of the store's own does not follow: such a key outlives its
    -- drain (an hour of Redis' time at least) and goes at the next call that finds it drained (below)
    if ownClock then ttl = math.max(ttl, 3600000) end
    redis.call('PEXPIRE', KEYS[1], ttl)
  else
    redis.call('DEL', KEYS[1])
  end
elseif stored[1] and level <= 0 then
  redis.call('DEL', KEYS[1])
end

return { allowed, string.format('%.17g', level), string.format('%.17g', retry) }
`;
