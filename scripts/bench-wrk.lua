-- The wrk script of `npm run bench` (scripts/bench-load.ts runs wrk with it).
-- BENCH_PATHS: the paths to load, separated by spaces. With more than one, each request takes the next path in
-- turn (visitors over all public pages). With one, no request() is defined, so wrk sends its fixed request
-- without calling Lua per request: wrk itself must not be the limit when it measures nginx.
-- done() prints one line that the bench reads: requests, duration, latency (microseconds) and errors.
local paths = {}
for path in string.gmatch(os.getenv("BENCH_PATHS") or "", "%S+") do
  paths[#paths + 1] = path
end

if #paths > 1 then
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
