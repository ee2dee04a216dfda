/**
 * Lua scripts of the Redis message store. Each runs atomically in Redis, so a publish, its quota
 * check and its counters never interleave with another relay node's. Keys (P = the store's prefix):
 *
 *   P m:<topic>:<key>   hash: message, seq, publishedAt, expiresAt, tag, prompt, publisher (PEXPIREAT)
 *   P a:<topic>:<key>   set of client ids that acknowledged the message (same expiry)
 *   P t:<topic>         zset key → seq: the topic's messages in publish order (expires with the last)
 *   P exp               zset <key><topic> → expiresAt: what the sweep drops and frees
 *   P ledger            hash <key><topic> → [bytes, publisher, ip] (to free the quota when dropped)
 *   P u:c:<client>, P u:i:<ip>, P u:total   stored bytes per client id, per IP, in all
 *   P topics            hash topic → live message count
 *   P seq               publish order across nodes
 *
 * `key` is always 64 hex characters, so `<key><topic>` is unambiguous. Keys are built inside the
 * scripts: one Redis server (with replicas / Sentinel), not Redis Cluster.
 */

const FREE = `
local function dec(k, by)
  local v = redis.call('DECRBY', k, by)
  if v <= 0 then redis.call('DEL', k) end
end
-- Drops one message and gives its bytes back; 1 when it was stored.
local function free(P, topic, key)
  local id = key .. topic
  local led = redis.call('HGET', P .. 'ledger', id)
  redis.call('ZREM', P .. 'exp', id)
  redis.call('ZREM', P .. 't:' .. topic, key)
  redis.call('DEL', P .. 'm:' .. topic .. ':' .. key, P .. 'a:' .. topic .. ':' .. key)
  if not led then return 0 end
  local l = cjson.decode(led)
  dec(P .. 'u:c:' .. l[2], l[1])
  dec(P .. 'u:i:' .. l[3], l[1])
  dec(P .. 'u:total', l[1])
  redis.call('HDEL', P .. 'ledger', id)
  if redis.call('HINCRBY', P .. 'topics', topic, -1) <= 0 then redis.call('HDEL', P .. 'topics', topic) end
  return 1
end
-- PEXPIREAT that only ever lengthens a key's life (a key without expiry gets one).
local function expireAtLeast(k, at)
  if redis.call('PTTL', k) >= 0 then redis.call('PEXPIREAT', k, at, 'GT') else redis.call('PEXPIREAT', k, at) end
end
`

/**
 * ARGV: P, now, capClient, capIp, capTotal (0 = none), maxPerTopic, n, then n × 9 fields:
 * topic, key, message, expiresAt, tag, prompt (0/1), publisher, ip, bytes.
 * Returns {'quota', reason} and stores nothing, or {'ok', r1, …} with ri = {kind ('s'|'d'), seq,
 * publishedAt, expiresAt, tag, prompt, publisher} as strings.
 */
export const ADD = `${FREE}
local P = ARGV[1]
local now = tonumber(ARGV[2])
local capC, capI, capT = tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local maxPer = tonumber(ARGV[6])
local n = tonumber(ARGV[7])
local total = tonumber(redis.call('GET', P .. 'u:total') or '0')
local useC, useI = {}, {}
local function usage(tbl, pre, id)
  if tbl[id] == nil then tbl[id] = tonumber(redis.call('GET', P .. pre .. id) or '0') end
  return tbl[id]
end
local plan, seen = {}, {}
-- Pass 1: what each message will do, and the caps, before anything is written.
for i = 0, n - 1 do
  local b = 8 + i * 9
  local topic, key, publisher, ip, bytes = ARGV[b], ARGV[b + 1], ARGV[b + 6], ARGV[b + 7], tonumber(ARGV[b + 8])
  local id = key .. topic
  if seen[id] then
    plan[i] = 'dup'
  else
    seen[id] = true
    local e = redis.call('ZSCORE', P .. 'exp', id)
    if e and tonumber(e) > now and redis.call('EXISTS', P .. 'm:' .. topic .. ':' .. key) == 1 then
      plan[i] = 'dup'
    else
      if e then
        plan[i] = 'replace'
        local led = redis.call('HGET', P .. 'ledger', id)
        if led then
          local l = cjson.decode(led)
          useC[l[2]] = usage(useC, 'u:c:', l[2]) - l[1]
          useI[l[3]] = usage(useI, 'u:i:', l[3]) - l[1]
          total = total - l[1]
        end
      else
        plan[i] = 'new'
      end
      local uc, ui = usage(useC, 'u:c:', publisher), usage(useI, 'u:i:', ip)
      if capC > 0 and uc + bytes > capC then
        return {'quota', 'this client id already stores ' .. uc .. ' bytes (cap ' .. capC .. ')'}
      end
      if capI > 0 and ui + bytes > capI then
        return {'quota', 'this IP address already stores ' .. ui .. ' bytes (cap ' .. capI .. ')'}
      end
      if capT > 0 and total + bytes > capT then
        return {'quota', "the relay's message store is full (" .. total .. ' of ' .. capT .. ' bytes)'}
      end
      useC[publisher] = uc + bytes
      useI[ip] = ui + bytes
      total = total + bytes
    end
  end
end
-- Pass 2: write.
local out = {'ok'}
for i = 0, n - 1 do
  local b = 8 + i * 9
  local topic, key, message, exp = ARGV[b], ARGV[b + 1], ARGV[b + 2], ARGV[b + 3]
  local tag, prompt, publisher, ip, bytes = ARGV[b + 4], ARGV[b + 5], ARGV[b + 6], ARGV[b + 7], ARGV[b + 8]
  local mk = P .. 'm:' .. topic .. ':' .. key
  local tk = P .. 't:' .. topic
  local id = key .. topic
  if plan[i] == 'dup' then
    local h = redis.call('HMGET', mk, 'seq', 'publishedAt', 'expiresAt', 'tag', 'prompt', 'publisher')
    if tonumber(exp) > tonumber(h[3]) then
      redis.call('HSET', mk, 'expiresAt', exp)
      redis.call('PEXPIREAT', mk, exp)
      redis.call('PEXPIREAT', P .. 'a:' .. topic .. ':' .. key, exp)
      redis.call('ZADD', P .. 'exp', exp, id)
      expireAtLeast(tk, exp)
      h[3] = exp
    end
    table.insert(out, {'d', h[1], h[2], h[3], h[4], h[5], h[6]})
  else
    if plan[i] == 'replace' then free(P, topic, key) end
    local seq = redis.call('INCR', P .. 'seq')
    redis.call('HSET', mk, 'message', message, 'seq', seq, 'publishedAt', ARGV[2], 'expiresAt', exp,
      'tag', tag, 'prompt', prompt, 'publisher', publisher)
    redis.call('PEXPIREAT', mk, exp)
    redis.call('ZADD', tk, seq, key)
    expireAtLeast(tk, exp)
    redis.call('ZADD', P .. 'exp', exp, id)
    redis.call('HSET', P .. 'ledger', id, cjson.encode({tonumber(bytes), publisher, ip}))
    redis.call('INCRBY', P .. 'u:c:' .. publisher, bytes)
    redis.call('INCRBY', P .. 'u:i:' .. ip, bytes)
    redis.call('INCRBY', P .. 'u:total', bytes)
    redis.call('HINCRBY', P .. 'topics', topic, 1)
    local over = redis.call('ZCARD', tk) - maxPer
    if over > 0 then
      for _, old in ipairs(redis.call('ZRANGE', tk, 0, over - 1)) do free(P, topic, old) end
    end
    table.insert(out, {'s', tostring(seq), ARGV[2], exp, tag, prompt, publisher})
  end
end
return out
`

/**
 * ARGV: P, topic, now, client, limit, maxBytes. Live messages of the topic that the client neither
 * published nor acknowledged, in publish order, within the page. Returns {more (0/1), m1, …} with
 * mi = {key, message, publishedAt, expiresAt, tag, prompt, publisher}.
 */
export const PENDING = `
local P, topic, now, client = ARGV[1], ARGV[2], tonumber(ARGV[3]), ARGV[4]
local limit, maxBytes = tonumber(ARGV[5]), tonumber(ARGV[6])
local out = {0}
local count, bytes = 0, 0
for _, key in ipairs(redis.call('ZRANGE', P .. 't:' .. topic, 0, -1)) do
  local h = redis.call('HMGET', P .. 'm:' .. topic .. ':' .. key,
    'message', 'publishedAt', 'expiresAt', 'tag', 'prompt', 'publisher')
  if h[1] and tonumber(h[3]) > now and h[6] ~= client
    and redis.call('SISMEMBER', P .. 'a:' .. topic .. ':' .. key, client) == 0 then
    local size = string.len(h[1])
    if count >= limit or (count > 0 and bytes + size > maxBytes) then
      out[1] = 1
      break
    end
    count = count + 1
    bytes = bytes + size
    table.insert(out, {key, h[1], h[2], h[3], h[4], h[5], h[6]})
  end
end
return out
`

/** ARGV: P, topic, key, client, now. 1 when the ack is new, 0 when known or the message is gone. */
export const ACK = `
local P, topic, key, client = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local e = redis.call('ZSCORE', P .. 'exp', key .. topic)
if not e or tonumber(e) <= tonumber(ARGV[5]) then return 0 end
local ak = P .. 'a:' .. topic .. ':' .. key
local added = redis.call('SADD', ak, client)
redis.call('PEXPIREAT', ak, e)
return added
`

/** ARGV: P, now, batch. Drops up to `batch` expired messages; returns {looked at, dropped}. */
export const SWEEP = `${FREE}
local P = ARGV[1]
local ids = redis.call('ZRANGEBYSCORE', P .. 'exp', '-inf', ARGV[2], 'LIMIT', 0, tonumber(ARGV[3]))
local dropped = 0
for _, id in ipairs(ids) do
  dropped = dropped + free(P, string.sub(id, 65), string.sub(id, 1, 64))
end
return {#ids, dropped}
`
