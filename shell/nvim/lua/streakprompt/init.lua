-- streakprompt for Neovim's statusline (and lualine): the segment, read from the view the
-- binary pre-renders, so a redraw starts no process. The first call runs the binary once
-- (`streakprompt prompt --shell plain --view`), which prints the view's path; later calls
-- read that small file with libuv calls, pick the piece for the clock, and run the binary
-- again only when the view no longer holds (its last piece passed, a streak folder, the
-- config file or the zone changed behind it).
--
--   vim.o.statusline = "%{v:lua.require'streakprompt'.segment()} %f"
--   lualine: sections = { lualine_x = { require('streakprompt').statusline } }
--   require('streakprompt').setup({ names = { 'quiz' }, format = '{icon}{count}' })
local M = {}
local uv = vim.uv or vim.loop

M.options = { names = {}, tags = nil, format = nil, bin = nil }

local view = { path = nil, text = '', from = 0, upto = -1, deadline = 0, checked = -1, watch = {}, zone = nil,
  zone_real = nil }

function M.setup(options)
  M.options = vim.tbl_extend('force', M.options, options or {})
  view = { path = nil, text = '', from = 0, upto = -1, deadline = 0, checked = -1, watch = {} }
end

-- Forgets the view: the next call runs the binary (after a change the folders cannot show).
function M.refresh()
  M.setup(M.options)
end

local function binary()
  local bin = M.options.bin or vim.env.STREAKPROMPT_BIN
  if bin and bin ~= '' and vim.fn.executable(bin) == 1 then return bin end
  local found = vim.fn.exepath('streakprompt')
  if found ~= '' then return found end
  return nil
end

-- A name goes to the binary as an argument, never through a shell; still, only a valid one.
local function valid_name(name)
  return type(name) == 'string' and #name >= 1 and #name <= 32 and name:sub(1, 1) ~= '-'
    and not name:find('[^A-Za-z0-9_-]')
end

-- Runs the binary once: the segment now, and the view's path for the next calls.
local function run_binary()
  view.path = nil
  local bin = binary()
  if not bin then return '' end
  local args = { bin, 'prompt', '--shell', 'plain', '--view' }
  if M.options.format then vim.list_extend(args, { '--format', M.options.format }) end
  if M.options.tags then
    for _, tag in ipairs(M.options.tags) do
      if valid_name(tag) then vim.list_extend(args, { '--tag', tag }) end
    end
  end
  for _, name in ipairs(M.options.names or {}) do
    if valid_name(name) then table.insert(args, name) end
  end
  local output
  if vim.system then
    local done = vim.system(args, { env = { NO_COLOR = '1' }, stdin = false, text = true }):wait(2000)
    output = done and done.code == 0 and done.stdout or ''
  else
    local saved = vim.env.NO_COLOR
    vim.env.NO_COLOR = '1'
    output = vim.fn.system(args)
    vim.env.NO_COLOR = saved
    if vim.v.shell_error ~= 0 then output = '' end
  end
  local path, rest = output:match('^([^\n]*)\n?(.*)$')
  if path and path:sub(1, 1) == '/' then view.path = path end
  return ((rest or ''):gsub('\n$', ''))
end

local function mtime(path)
  local stat = uv.fs_stat(path)
  if not stat then return nil end
  return stat.mtime.sec * 1000000000 + stat.mtime.nsec
end

-- Whether nothing changed behind the view: the streaks folder, each streak it watches and the
-- config file are older than it, and the zone file resolves as it did.
local function fresh()
  local own = view.path and mtime(view.path)
  if not own then return false end
  for _, path in ipairs(view.watch) do
    local changed = mtime(path)
    if changed and changed > own then return false end
  end
  if view.zone then
    if view.zone_real == '-' then
      if uv.fs_stat(view.zone) then return false end
    elseif uv.fs_realpath(view.zone) ~= view.zone_real then
      return false
    end
  end
  return true
end

-- Reads the view (at most 16 KB) and keeps the piece for the clock `now`; false when there
-- is no view, it does not read, or no piece holds `now`.
local function read_view(now)
  if not view.path then return false end
  -- A regular file only, not a link: a named pipe would block the open, a folder or a device
  -- (a link to /dev/zero) would not read as a view.
  local kind = uv.fs_lstat(view.path)
  if not kind or kind.type ~= 'file' or kind.size > 16384 then return false end
  local fd = uv.fs_open(view.path, 'r', 0)
  if not fd then return false end
  local content = uv.fs_read(fd, 16385, 0)
  uv.fs_close(fd)
  if not content or #content > 16384 then return false end
  local lines = vim.split(content, '\n', { plain = true })
  if not (lines[1] and lines[1]:match('^streakprompt%-view 2 ') and #lines[1] == 36) then return false end
  local names = lines[2] and lines[2]:match('^watch\t(.*)$')
  if not names then return false end
  local root = view.path:match('^(.*)/views/[^/]*$')
  if not root then return false end
  local config = vim.env.XDG_CONFIG_HOME
  if not (config and config:sub(1, 1) == '/') then config = (vim.env.HOME or '') .. '/.config' end
  local watch = { root .. '/streaks', config .. '/streakprompt/config' }
  for name in names:gmatch('[^ ]+') do
    if not valid_name(name) then return false end
    table.insert(watch, root .. '/streaks/' .. name)
  end
  local from, index = 0, 3
  while true do
    local line = lines[index]
    if not line then return false end
    index = index + 1
    local upto, deadline, text = line:match('^(%d+)\t(%d+)\t(.*)$')
    if not upto or #upto > 12 or #deadline > 12 or #text > 4096 then return false end
    upto, deadline = tonumber(upto), tonumber(deadline)
    if upto == 0 or now < upto then
      -- Only text reaches the statusline: no control character but the {left} marker.
      if text:find('[%z\1-\30\127]') then return false end
      view.text, view.from, view.upto, view.deadline = text, from, upto, deadline
      break
    end
    from = upto
  end
  view.zone, view.zone_real = nil, nil
  for i = index, #lines do
    local zone, real = lines[i]:match('^zone\t([^\t]*)\t([^\t]*)')
    if zone then
      if zone ~= '' then view.zone, view.zone_real = zone, real end
      break
    end
  end
  view.watch = watch
  return true
end

-- The text of the piece at `now`, the time left in place of the {left} marker.
local function shown(now)
  local text = view.text
  if view.deadline > 0 then
    local left = math.floor((view.deadline - now + 59) / 60)
    left = left >= 60 and string.format('%dh%dm', math.floor(left / 60), left % 60) or (left .. 'm')
    text = text:gsub('\31', left)
  end
  return text
end

-- The segment now: from the view when it holds (checked against the folders at most once a
-- second), else from one run of the binary.
function M.segment()
  local now = os.time()
  if view.path and now >= view.from and (view.upto == 0 or now < view.upto) and now - view.checked < 1 then
    return shown(now)
  end
  if read_view(now) and fresh() then
    view.checked = now
    return shown(now)
  end
  -- A view that cannot be trusted: the binary at most once every few seconds.
  if view.ran and now - view.ran < 5 then return view.ran_text end
  local text = run_binary()
  if read_view(now) and fresh() then
    view.checked = now
    return shown(now)
  end
  view.checked, view.ran, view.ran_text = -1, now, text
  return text
end

-- The segment for a statusline string: `%` doubled, so a streak's icon cannot be read as an
-- item (lualine and `set statusline=` read their text as statusline syntax).
function M.statusline()
  return (M.segment():gsub('%%', '%%%%'))
end

return M
