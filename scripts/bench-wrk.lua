-- The wrk script of `npm run bench` (scripts/bench-load.ts runs wrk with it).
-- BENCH_PATHS: the paths to load, separated by spaces. With more than one, each request takes the next path in
-- turn (visitors over all public pages). With one, no request() is defined, so wrk sends its fixed request
-- without calling Lua per request: wrk itself must not be the limit when it measures nginx.
-- BENCH_VISITORS: with a number N, each request comes from the next of N visitors (X-Forwarded-For, for a server
-- with TRUST_PROXY) with a browser's User-Agent: counted visits (docs/design.md §31) as people make them.
-- done() prints one line that the bench reads: requests, duration, latency (microseconds) and errors.
local paths = {}
for path in string.gmatch(os.getenv("BENCH_PATHS") or "", "%S+") do
  paths[#paths + 1] = path
end

local visitors = tonumber(os.getenv("BENCH_VISITORS") or "") or 0
local BROWSER = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"

if visitors > 0 then
  -- Prepared once: request j is visitor j % visitors on page j % #paths (a few pages each), cycled through; no Lua
  -- formatting per request, so that wrk is not the limit.
  local prepared = nil
  local turn = 0
  function request()
    if prepared == nil then
      prepared = {}
      local count = math.max(visitors, #paths) + #paths
      for j = 0, count - 1 do
        local visitor = j % visitors + 1
        prepared[j + 1] = wrk.format(nil, paths[j % #paths + 1], {
          ["X-Forwarded-For"] = string.format("10.%d.%d.%d", math.floor(visitor / 65536) % 256,
            math.floor(visitor / 256) % 256, visitor % 256),
          ["User-Agent"] = BROWSER,
          ["Accept-Encoding"] = "gzip",
        })
      end
    end
    turn = turn % #prepared + 1
    return prepared[turn]
  end
elseif #paths > 1 then
  local prepared = nil
  local turn = 0
  function request()
    if prepared == nil then
      prepared = {}
      for i, path in ipairs(paths) do
        prepared[i] = wrk.format(nil, path)
      end
    end
    turn = turn % #prepared + 1
    return prepared[turn]
  end
end

function done(summary, latency, _)
  local errors = summary.errors
  io.write(string.format(
    "BENCH-WRK requests=%.0f duration_us=%.0f p50_us=%.0f p99_us=%.0f max_us=%.0f connect=%.0f read=%.0f write=%.0f timeout=%.0f status=%.0f\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,
    errors.connect, errors.read, errors.write, errors.timeout, errors.status))
end
