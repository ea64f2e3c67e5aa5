-- wrk: every request asks for a seed no request of this run asked for before, so every reply is
-- generated, never cached. Thread k of n asks offset + k, offset + k + n, ...; with a limit, a
-- thread stops once its seeds pass it and creates the file MARKER.k (wrk itself runs on until
-- its -d duration: bench/serve.sh waits for the markers, then stops it).
--   wrk ... -s fresh_seed.lua URL -- PATH_TEMPLATE THREADS [OFFSET] [LIMIT MARKER]
--   PATH_TEMPLATE holds %d for the seed: "/bomb/manual/%d"
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("id", threads)
end
function init(args)
  template = args[1]
  step = tonumber(args[2])
  seed = tonumber(args[3] or "0") + id
  limit = tonumber(args[4] or "999999")
  marker = args[5]
end
function request()
  local path = string.format(template, seed)
  seed = seed + step
  return wrk.format("GET", path)
end
function response()
  if seed > limit then
    if marker then io.open(marker .. "." .. id, "w"):close() end
    wrk.thread:stop()
  end
end
