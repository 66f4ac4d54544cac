-- Plays libttt through LuaJIT's FFI: ffi.cdef reads ttt_ffi.h as it is.
--
--     luajit play_luajit.lua path/to/libttt.so path/to/ttt_ffi.h
--
-- Classic games in which a seeded Easy player meets Hard (Hard must never lose), then a few
-- Connect Four moves by column. Cells are numbered row-major from the top-left, from 0:
-- index = row * width + col. Exits non-zero on any failure.
local ffi = require("ffi")

local lib_path, header_path = arg[1], arg[2]
local f = assert(io.open(header_path, "r"))
ffi.cdef(f:read("*a"))
f:close()
local ttt = ffi.load(lib_path)

local function check(status)
  if status ~= ttt.TTT_STATUS_OK then
    local buf = ffi.new("char[256]")
    ttt.ttt_last_error_message(buf, 256)
    error(ffi.string(ttt.ttt_status_name(status)) .. ": " .. ffi.string(buf), 2)
  end
end

assert(ttt.ttt_version_number() == ttt.TTT_VERSION_NUMBER, "header and library differ")
print("libttt " .. ffi.string(ttt.ttt_version()) .. " through LuaJIT's FFI")

local marks = { [0] = "X", [1] = "O" }
local rules = ttt.ttt_rules_classic()
local hard_losses = 0
for seed = 1, 6 do
  local hard = (seed % 2 == 0) and ttt.TTT_PLAYER_O or ttt.TTT_PLAYER_X
  local game_p = ffi.new("ttt_game *[1]")
  local rng_p = ffi.new("ttt_rng *[1]")
  check(ttt.ttt_game_new(rules, ttt.TTT_PLAYER_X, game_p))
  check(ttt.ttt_rng_new(seed, rng_p))
  local game, rng = game_p[0], rng_p[0]
  local state = ffi.new("ttt_game_state[1]")
  local player = ffi.new("ttt_player[1]")
  local index = ffi.new("size_t[1]")
  while true do
    check(ttt.ttt_game_status(game, state))
    if state[0] ~= ttt.TTT_GAME_STATE_IN_PROGRESS then break end
    check(ttt.ttt_game_current_player(game, player))
    local level = (player[0] == hard) and ttt.TTT_DIFFICULTY_HARD or ttt.TTT_DIFFICULTY_EASY
    check(ttt.ttt_game_choose_move(game, level, rng, index))
    check(ttt.ttt_game_play(game, index[0]))
  end
  assert(ttt.ttt_game_play(game, 4) == ttt.TTT_STATUS_GAME_OVER)
  check(ttt.ttt_game_winner(game, player))
  local record = ffi.new("char[512]")
  local len = ffi.new("size_t[1]")
  check(ttt.ttt_game_to_record(game, record, 512, len))
  local winner = player[0] == ttt.TTT_PLAYER_NONE and "draw" or (marks[player[0]] .. " wins")
  print(string.format("seed %d: Hard plays %s: %s: %s", seed, marks[hard], winner,
    ffi.string(record)))
  if player[0] ~= ttt.TTT_PLAYER_NONE and player[0] ~= hard then
    hard_losses = hard_losses + 1
  end
  ttt.ttt_rng_free(rng)
  ttt.ttt_game_free(game)
end

-- Connect Four by columns: column 3 twice lands on cells 38 (bottom row 5) and 31.
local c4 = ttt.ttt_rules_connect_four()
assert(c4.gravity == 1)
local game_p = ffi.new("ttt_game *[1]")
check(ttt.ttt_game_new(c4, ttt.TTT_PLAYER_X, game_p))
local cell = ffi.new("size_t[1]")
local landed = {}
for _, col in ipairs({ 3, 3, 2 }) do
  check(ttt.ttt_game_play_column(game_p[0], col, cell))
  landed[#landed + 1] = tonumber(cell[0])
end
assert(landed[1] == 38 and landed[2] == 31 and landed[3] == 37, table.concat(landed, ","))
assert(ttt.ttt_game_play_column(game_p[0], 7, cell) == ttt.TTT_STATUS_OUT_OF_RANGE)
ttt.ttt_game_free(game_p[0])
c4.gravity = 2
assert(ttt.ttt_rules_check(c4) == ttt.TTT_STATUS_INVALID_RULES)

if hard_losses > 0 then
  io.stderr:write(string.format("Hard lost %d games\n", hard_losses))
  os.exit(1)
end
print("luajit: Hard never lost; column moves landed on " .. table.concat(landed, ","))
