-- wrk script: POST /api/v1/me/leave with one-day requests on distinct weekdays, so no two
-- requests overlap, across threads too. Counts the answers by status.
-- Environment: ATRIUM_TOKEN (bearer token), ATRIUM_TYPE (leave type id).

local token = os.getenv("ATRIUM_TOKEN")
local leaveType = os.getenv("ATRIUM_TYPE")
local threads = {}
local counter = 0
local offset = 0
-- A global, so done() can read each thread's copy with thread:get.
statuses = {}

-- Monday 2029-01-01 00:00 UTC.
local base = 1861920000

function setup(thread)
  thread:set("offset", #threads * 200000)
  table.insert(threads, thread)
end

function init(args)
  offset = tonumber(wrk.thread:get("offset")) or 0
end

function request()
  local n = offset + counter
  counter = counter + 1
  local day = math.floor(n / 5) * 7 + (n % 5)
  local date = os.date("!%Y-%m-%d", base + day * 86400)
  local body = string.format('{"start":"%s","end":"%s","typeId":"%s"}', date, date, leaveType)
  return wrk.format("POST", "/api/v1/me/leave", {
    ["Authorization"] = "Bearer " .. token,
    ["Content-Type"] = "application/json",
  }, body)
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local totals = {}
  for _, thread in ipairs(threads) do
    local counts = thread:get("statuses")
    for status, count in pairs(counts) do
      totals[status] = (totals[status] or 0) + count
    end
  end
  for status, count in pairs(totals) do
    io.write(string.format("STATUS %d %d\n", status, count))
  end
end
