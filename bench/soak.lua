-- wrk script for the soak row (bench/soak.py): every request is the next of the read rows'
-- paths, each with its own credentials, so each connection cycles through all of them.
-- Environment: ATRIUM_SOAK, one row per line: the path, a tab, and one header ("Name: value")
-- or nothing.

local rows = {}
for line in string.gmatch(os.getenv("ATRIUM_SOAK") or "", "[^\n]+") do
  local path, header = line:match("^([^\t]*)\t?(.*)$")
  local headers = {}
  local name, value = header:match("^([^:]+):%s*(.*)$")
  if name then headers[name] = value end
  table.insert(rows, {path = path, headers = headers})
end
local counter = 0

function init(args)
  -- Threads start at different rows, so the mix is even from the first second.
  counter = math.random(#rows)
end

function request()
  counter = counter % #rows + 1
  return wrk.format("GET", rows[counter].path, rows[counter].headers)
end
