/*
 * ttt.hpp: a header-only C++17 wrapper over libttt (ttt.h). Written by hand, not generated.
 * Compiles cleanly as C++17 and C++20 with -Wall -Wextra -Wpedantic -Werror.
 *
 * Everything the C API offers is here: rules (checked, with evaluate), games (play by cell, by
 * column, as a player, at a ply; throwing and non-throwing forms), positions and records, the
 * AI (difficulties, the seeded Rng or any callable as randomness), perfect play and analysis
 * with SearchLimits (node budget, time limit, table size, a StopFlag another thread may set),
 * the reusable Engine (it keeps its transposition table from one move to the next), and
 * to_string() for every enum (Player, GameStatus, Difficulty, Outcome, ttt_status).
 * Cells are numbered row-major from the top-left, from 0: index = row * width + col.
 *
 * - Handles are owned by RAII types (std::unique_ptr with a deleter): nothing to free.
 * - Failures throw ttt::Error (a std::runtime_error carrying the ttt_status and the library's
 *   detailed message). The try_* members return the status instead, and cannot be ignored
 *   ([[nodiscard]]).
 * - Copying a Game clones the game; a moved-from Game holds no handle and every call on it
 *   throws ttt::Error with TTT_STATUS_NULL_ARGUMENT.
 * - Thread safety is the C library's: const members may run concurrently on one Game;
 *   non-const members need exclusive access.
 */
#ifndef TTT_HPP
#define TTT_HPP

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "ttt.h"

namespace ttt {

/// A player's mark; None for an empty cell or no winner.
enum class Player : int32_t {
    None = TTT_PLAYER_NONE,
    X = TTT_PLAYER_X,
    O = TTT_PLAYER_O,
    Y = TTT_PLAYER_Y,
    Z = TTT_PLAYER_Z,
};

/// Whether a game goes on, and how it ended (ttt_game_state). Not to be confused with
/// ttt_status, the result code of a call, which ttt::Error carries.
enum class GameStatus : uint32_t {
    InProgress = TTT_GAME_STATE_IN_PROGRESS,
    Win = TTT_GAME_STATE_WIN,
    Draw = TTT_GAME_STATE_DRAW,
};
/// The former name of GameStatus, kept so that code written against it still compiles.
using Status = GameStatus;

/// The detailed message of the last failure on this thread (empty before any failure).
[[nodiscard]] inline std::string last_error_message() {
    std::size_t needed = ttt_last_error_message(nullptr, 0);
    std::string text(needed, '\0');
    ttt_last_error_message(text.data(), text.size());
    text.resize(needed - 1);
    return text;
}

/// A failed call: the status and the library's message.
class Error : public std::runtime_error {
public:
    Error(ttt_status status, const std::string &message)
        : std::runtime_error(message), status_(status) {}
    /// The status the C call returned.
    [[nodiscard]] ttt_status status() const noexcept { return status_; }
    /// Its stable short name, e.g. "occupied".
    [[nodiscard]] const char *name() const noexcept { return ttt_status_name(status_); }

private:
    ttt_status status_;
};

/// Throws ttt::Error unless `status` is TTT_STATUS_OK.
inline void check(ttt_status status) {
    if (status != TTT_STATUS_OK) {
        throw Error(status, last_error_message());
    }
}

/// The character of a mark: 'X', 'O', 'Y', 'Z', or '.' for Player::None.
[[nodiscard]] inline char mark(Player player) {
    char c = '?';
    check(ttt_player_mark(static_cast<int32_t>(player), &c));
    return c;
}

/// How strong the computer plays.
enum class Difficulty : uint32_t {
    Easy = TTT_DIFFICULTY_EASY,
    Medium = TTT_DIFFICULTY_MEDIUM,
    Hard = TTT_DIFFICULTY_HARD,
};

/// The result of a move under perfect play for the player making it. For 3 and 4 players the
/// search is paranoid (every opponent is assumed to play against the mover): Win means the
/// mover wins against every coalition, Loss that the others together can stop the mover and
/// one of them wins, Draw neither. Unknown: not proven within the search limits.
enum class Outcome : uint32_t {
    Unknown = TTT_OUTCOME_UNKNOWN,
    Win = TTT_OUTCOME_WIN,
    Draw = TTT_OUTCOME_DRAW,
    Loss = TTT_OUTCOME_LOSS,
};

/// "X", "O", "Y", "Z", or "none" for Player::None (and "?" for a value outside the enum).
[[nodiscard]] inline std::string to_string(Player player) {
    char c = '?';
    if (ttt_player_mark(static_cast<int32_t>(player), &c) != TTT_STATUS_OK) return "?";
    return c == '.' ? std::string("none") : std::string(1, c);
}
/// "in-progress", "win" or "draw": the names used in every language.
[[nodiscard]] inline std::string to_string(GameStatus status) {
    return ttt_game_state_name(static_cast<uint32_t>(status));
}
/// "easy", "medium" or "hard".
[[nodiscard]] inline std::string to_string(Difficulty difficulty) {
    return ttt_difficulty_name(static_cast<uint32_t>(difficulty));
}
/// "win", "draw", "loss" or "unknown".
[[nodiscard]] inline std::string to_string(Outcome outcome) {
    return ttt_outcome_name(static_cast<uint32_t>(outcome));
}
/// The stable short name of a status, e.g. "occupied" (ttt_status_name); ttt_status_str gives
/// a sentence.
[[nodiscard]] inline std::string to_string(ttt_status status) { return ttt_status_name(status); }
/// A one-line English description of a status, e.g. "invalid move: the cell is occupied"
/// (ttt_status_str).
[[nodiscard]] inline std::string describe(ttt_status status) { return ttt_status_str(status); }

/// The difficulty named "easy", "medium" or "hard" (lower case); throws ttt::Error
/// (TTT_STATUS_INVALID_ARGUMENT) for any other name.
[[nodiscard]] inline Difficulty parse_difficulty(const std::string &name) {
    ttt_difficulty d = TTT_DIFFICULTY_EASY;
    check(ttt_difficulty_parse(name.c_str(), &d));
    return static_cast<Difficulty>(d);
}

/// How a board stands (Rules::evaluate): status, winner and winning line.
struct Evaluation {
    GameStatus status;
    Player winner;
    std::vector<std::size_t> line;
};

/// Checked rules: constructing invalid rules throws (TTT_STATUS_INVALID_RULES).
class Rules {
public:
    Rules(uint32_t width, uint32_t height, uint32_t k, uint32_t players = 2, bool gravity = false)
        : raw_{width, height, k, players, static_cast<uint8_t>(gravity ? 1 : 0)} {
        check(ttt_rules_check(&raw_));
    }
    explicit Rules(const ttt_rules &raw) : raw_(raw) { check(ttt_rules_check(&raw_)); }
    [[nodiscard]] static Rules classic() { return Rules(ttt_rules_classic()); }
    [[nodiscard]] static Rules connect_four() { return Rules(ttt_rules_connect_four()); }

    [[nodiscard]] uint32_t width() const noexcept { return raw_.width; }
    [[nodiscard]] uint32_t height() const noexcept { return raw_.height; }
    [[nodiscard]] uint32_t k() const noexcept { return raw_.k; }
    [[nodiscard]] uint32_t players() const noexcept { return raw_.players; }
    [[nodiscard]] bool gravity() const noexcept { return raw_.gravity != 0; }
    [[nodiscard]] std::size_t cell_count() const noexcept {
        return static_cast<std::size_t>(raw_.width) * raw_.height;
    }
    [[nodiscard]] const ttt_rules &raw() const noexcept { return raw_; }

    /// Looks at any board of these rules (reachability is not checked): a win for the mark of
    /// the first full line in canonical order, else a draw when full, else in progress. Throws
    /// ttt::Error (TTT_STATUS_POSITION_WRONG_LENGTH) unless `cells` has width * height cells.
    [[nodiscard]] Evaluation evaluate(const std::vector<Player> &cells) const {
        std::vector<int32_t> raw(cells.size());
        for (std::size_t i = 0; i < cells.size(); ++i) raw[i] = static_cast<int32_t>(cells[i]);
        ttt_evaluation e{};
        check(ttt_rules_evaluate(&raw_, raw.data(), raw.size(), &e));
        return {static_cast<GameStatus>(e.state), static_cast<Player>(e.winner),
                std::vector<std::size_t>(e.line, e.line + e.line_len)};
    }

private:
    ttt_rules raw_;
};

/// The seeded generator shared by every language (an owned ttt_rng handle). Move-only.
class Rng {
public:
    explicit Rng(uint64_t seed) {
        ttt_rng *raw = nullptr;
        check(ttt_rng_new(seed, &raw));
        handle_.reset(raw);
    }
    /// The next float in [0, 1).
    [[nodiscard]] double next() {
        double value = 0.0;
        check(ttt_rng_next_f64(handle_.get(), &value));
        return value;
    }
    [[nodiscard]] ttt_rng *get() noexcept { return handle_.get(); }

private:
    struct Deleter {
        void operator()(ttt_rng *rng) const noexcept { ttt_rng_free(rng); }
    };
    std::unique_ptr<ttt_rng, Deleter> handle_;
};

/// A flag to stop searches from another thread (an owned ttt_stop_flag handle). Move-only;
/// it must outlive every search that uses it.
class StopFlag {
public:
    StopFlag() {
        ttt_stop_flag *raw = nullptr;
        check(ttt_stop_flag_new(&raw));
        handle_.reset(raw);
    }
    /// Stops the searches using this flag (callable from any thread).
    void set() const { check(ttt_stop_flag_set(handle_.get())); }
    /// Makes the flag usable for another search.
    void clear() const { check(ttt_stop_flag_clear(handle_.get())); }
    [[nodiscard]] const ttt_stop_flag *get() const noexcept { return handle_.get(); }

private:
    struct Deleter {
        void operator()(ttt_stop_flag *flag) const noexcept { ttt_stop_flag_free(flag); }
    };
    std::unique_ptr<ttt_stop_flag, Deleter> handle_;
};

/// Search limits: the library's defaults (ttt_search_limits_default), changed field by field.
/// A search that reaches a limit returns its best unproven answer (never a guess reported as
/// proven): see ttt_best_move.proven and Outcome::Unknown.
struct SearchLimits {
    ttt_search_limits raw = ttt_search_limits_default();
    /// At most `nodes` nodes per call (deterministic: the same call gives the same answer).
    SearchLimits &max_nodes(uint64_t nodes) {
        raw.max_nodes = nodes;
        return *this;
    }
    /// At most `bytes` for the transposition table.
    SearchLimits &table_bytes(std::size_t bytes) {
        raw.table_bytes = bytes;
        return *this;
    }
    /// Stop when `flag` is set (the flag must outlive the calls).
    SearchLimits &stop(const StopFlag &flag) {
        raw.stop = flag.get();
        return *this;
    }
    /// At most `limit` of wall-clock time per call (max_time_ms): the call then returns the
    /// best answer it has, within a few milliseconds of the limit. A limit of 0 or less counts
    /// as 1 ms (the smallest; in the C struct 0 means no limit, see no_time_limit()). A time
    /// limit makes answers depend on the machine's speed and load; for a game under a clock,
    /// raise max_nodes too (e.g. to UINT64_MAX) so that the clock is what stops the search.
    SearchLimits &max_time(std::chrono::milliseconds limit) {
        raw.max_time_ms = limit.count() <= 0 ? 1u : static_cast<uint64_t>(limit.count());
        return *this;
    }
    /// No time limit (the default): the answer depends only on the node budget.
    SearchLimits &no_time_limit() {
        raw.max_time_ms = 0;
        return *this;
    }
    /// The time limit, if any.
    [[nodiscard]] std::optional<std::chrono::milliseconds> max_time() const {
        if (raw.max_time_ms == 0) return std::nullopt;
        using Rep = std::chrono::milliseconds::rep;
        constexpr auto most = static_cast<uint64_t>(std::numeric_limits<Rep>::max());
        return std::chrono::milliseconds(
            static_cast<Rep>(raw.max_time_ms > most ? most : raw.max_time_ms));
    }
    /// At most `nodes` nodes per call, beyond max_nodes, for a weak proof of the position on a
    /// gravity board (ttt_search_limits.proof_nodes: best_move, weak_solve and Hard's move, not
    /// analyze): a proven win or draw is then played, proven, with plies -1. 0 turns the proof
    /// off, and max_nodes is then the most nodes a call searches; the default is
    /// ttt_search_limits_default()'s. Every value is accepted (the sum saturates).
    SearchLimits &proof_nodes(uint64_t nodes) {
        raw.proof_nodes = nodes;
        return *this;
    }
    /// The node budget of the weak proof under gravity (0: off).
    [[nodiscard]] uint64_t proof_nodes() const noexcept { return raw.proof_nodes; }
};

/// One analysed move: the cell, its outcome, plies to the end (-1 when unknown).
struct MoveAnalysis {
    std::size_t index;
    Outcome outcome;
    int32_t plies;
};

namespace detail {
struct GameDeleter {
    void operator()(ttt_game *game) const noexcept { ttt_game_free(game); }
};

/// Runs a buffer call twice: once for the length, once to fill a vector of that length.
template <class T, class Call>
std::vector<T> fetch(Call call) {
    std::size_t n = 0;
    ttt_status status = call(nullptr, 0, &n);
    if (status == TTT_STATUS_OK) {
        return {};
    }
    if (status != TTT_STATUS_BUFFER_TOO_SMALL) {
        check(status);
    }
    std::vector<T> items(n);
    check(call(items.data(), items.size(), &n));
    items.resize(n);
    return items;
}

inline std::string fetch_string(
    ttt_status (*call)(const ttt_game *, char *, std::size_t, std::size_t *),
    const ttt_game *game) {
    std::vector<char> bytes = fetch<char>(
        [&](char *buf, std::size_t len, std::size_t *out) { return call(game, buf, len, out); });
    return bytes.empty() ? std::string() : std::string(bytes.data());
}
}  // namespace detail

/// A game (an owned ttt_game handle).
class Game {
public:
    /// A new game on an empty board.
    explicit Game(const Rules &rules = Rules::classic(), Player starting_player = Player::X) {
        ttt_game *raw = nullptr;
        check(ttt_game_new(&rules.raw(), static_cast<int32_t>(starting_player), &raw));
        handle_.reset(raw);
    }

    /// A game starting from a board string such as "XX.OO....", refused (ttt::Error with a
    /// TTT_STATUS_POSITION_* status) unless a real game could reach it.
    [[nodiscard]] static Game from_board(const Rules &rules, const std::string &board,
                                         Player to_move) {
        ttt_game *raw = nullptr;
        check(ttt_game_from_board_str(&rules.raw(), board.c_str(),
                                      static_cast<int32_t>(to_move), &raw));
        return Game(raw);
    }

    /// A game loaded from its record, replaying every move.
    [[nodiscard]] static Game from_record(std::string_view text) {
        ttt_game *raw = nullptr;
        check(ttt_game_from_record(text.data(), text.size(), &raw));
        return Game(raw);
    }

    /// Takes ownership of a handle from the C API (NULL gives a handle-less Game).
    [[nodiscard]] static Game adopt(ttt_game *raw) noexcept { return Game(raw); }

    Game(const Game &other) : handle_(clone(other.get())) {}
    Game &operator=(const Game &other) {
        if (this != &other) {
            handle_.reset(clone(other.get()));
        }
        return *this;
    }
    Game(Game &&) noexcept = default;
    Game &operator=(Game &&) noexcept = default;
    ~Game() = default;

    /// A game starting from a board of width * height cells (Player::None for empty), refused
    /// (ttt::Error with a TTT_STATUS_POSITION_* status) unless a real game could reach it.
    [[nodiscard]] static Game from_board(const Rules &rules, const std::vector<Player> &cells,
                                         Player to_move) {
        std::vector<int32_t> raw(cells.size());
        for (std::size_t i = 0; i < cells.size(); ++i) raw[i] = static_cast<int32_t>(cells[i]);
        ttt_game *game = nullptr;
        check(ttt_game_from_board(&rules.raw(), raw.data(), raw.size(),
                                  static_cast<int32_t>(to_move), &game));
        return Game(game);
    }

    /// The current player plays `index`; throws ttt::Error (game-over, out-of-range, occupied,
    /// floating) and leaves the game unchanged on a refused move.
    void play(std::size_t index) { check(try_play(index)); }
    /// `player` plays `index` (not-your-turn when it is not their turn).
    void play_as(Player player, std::size_t index) { check(try_play_as(player, index)); }
    /// `player` plays `index` as move number `ply` (not-your-turn for a stale move).
    void play_at(Player player, std::size_t ply, std::size_t index) {
        check(try_play_at(player, ply, index));
    }
    /// The same without exceptions.
    [[nodiscard]] ttt_status try_play(std::size_t index) noexcept {
        return ttt_game_play(get(), index);
    }
    [[nodiscard]] ttt_status try_play_as(Player player, std::size_t index) noexcept {
        return ttt_game_play_as(get(), static_cast<int32_t>(player), index);
    }
    [[nodiscard]] ttt_status try_play_at(Player player, std::size_t ply,
                                         std::size_t index) noexcept {
        return ttt_game_play_at(get(), static_cast<int32_t>(player), ply, index);
    }
    /// Gravity rules: drops the current player's mark into column `col` (0 for the leftmost) and
    /// returns the cell it landed in (`row * width + col`). Throws ttt::Error (game-over,
    /// no-gravity, out-of-range for a column off the board, occupied for a full column) and
    /// leaves the game unchanged on a refused move.
    std::size_t play_column(std::size_t col) {
        std::size_t index = 0;
        check(try_play_column(col, &index));
        return index;
    }
    /// The same without exceptions; `*index` (optional) receives the cell on success.
    [[nodiscard]] ttt_status try_play_column(std::size_t col,
                                             std::size_t *index = nullptr) noexcept {
        return ttt_game_play_column(get(), col, index);
    }
    /// Takes back the last move (nothing before the starting position).
    void undo() { check(ttt_game_undo(get())); }

    [[nodiscard]] Rules rules() const {
        ttt_rules raw{};
        check(ttt_game_rules(get(), &raw));
        return Rules(raw);
    }
    [[nodiscard]] std::vector<Player> cells() const {
        const ttt_game *game = get();
        std::vector<ttt_player> raw = detail::fetch<ttt_player>(
            [&](ttt_player *buf, std::size_t len, std::size_t *out) {
                return ttt_game_cells(game, buf, len, out);
            });
        std::vector<Player> cells;
        cells.reserve(raw.size());
        for (ttt_player p : raw) {
            cells.push_back(static_cast<Player>(p));
        }
        return cells;
    }
    [[nodiscard]] Player cell(std::size_t index) const {
        ttt_player p = TTT_PLAYER_NONE;
        check(ttt_game_cell(get(), index, &p));
        return static_cast<Player>(p);
    }
    [[nodiscard]] Player current_player() const {
        ttt_player p = TTT_PLAYER_NONE;
        check(ttt_game_current_player(get(), &p));
        return static_cast<Player>(p);
    }
    [[nodiscard]] Player starting_player() const {
        ttt_player p = TTT_PLAYER_NONE;
        check(ttt_game_starting_player(get(), &p));
        return static_cast<Player>(p);
    }
    [[nodiscard]] GameStatus status() const {
        ttt_game_state s = TTT_GAME_STATE_IN_PROGRESS;
        check(ttt_game_status(get(), &s));
        return static_cast<GameStatus>(s);
    }
    [[nodiscard]] bool is_over() const { return status() != GameStatus::InProgress; }
    [[nodiscard]] Player winner() const {
        ttt_player p = TTT_PLAYER_NONE;
        check(ttt_game_winner(get(), &p));
        return static_cast<Player>(p);
    }
    [[nodiscard]] std::vector<std::size_t> winning_line() const {
        return indices(ttt_game_winning_line);
    }
    [[nodiscard]] std::vector<std::size_t> history() const { return indices(ttt_game_history); }
    [[nodiscard]] std::vector<std::size_t> legal_moves() const {
        return indices(ttt_game_legal_moves);
    }
    [[nodiscard]] std::size_t ply() const {
        std::size_t n = 0;
        check(ttt_game_ply(get(), &n));
        return n;
    }
    [[nodiscard]] bool is_legal(std::size_t index) const {
        bool legal = false;
        check(ttt_game_is_legal(get(), index, &legal));
        return legal;
    }
    /// The record, e.g. "ttt/1 3x3 k=3 players=2 start=X moves=4,0".
    [[nodiscard]] std::string record() const {
        return detail::fetch_string(ttt_game_to_record, get());
    }
    /// The board as one line, e.g. "XX.OO....".
    [[nodiscard]] std::string board_string() const {
        return detail::fetch_string(ttt_game_board_string, get());
    }

    /// The move the computer plays at `difficulty`, drawing one float from `rng`.
    [[nodiscard]] std::size_t choose_move(Difficulty difficulty, Rng &rng) const {
        std::size_t index = 0;
        check(ttt_game_choose_move(get(), static_cast<uint32_t>(difficulty), rng.get(), &index));
        return index;
    }
    /// The move the computer plays at `difficulty` within `limits`; `proven` says whether it is
    /// proven best (Hard on a board the search could solve within the limits).
    [[nodiscard]] std::size_t choose_move(Difficulty difficulty, Rng &rng,
                                          const SearchLimits &limits, bool &proven) const {
        std::size_t index = 0;
        bool is_proven = false;
        check(ttt_game_choose_move_with(get(), static_cast<uint32_t>(difficulty), rng.get(),
                                        &limits.raw, &index, &is_proven));
        proven = is_proven;
        return index;
    }
    /// The move the computer plays at `difficulty`, drawing one number from `random`, any
    /// callable returning a double in [0, 1). An exception thrown by `random` is caught (it
    /// must not cross the C library), the draw counts as 0.0, and it is rethrown after the
    /// call returns.
    template <class Random>
    [[nodiscard]] std::size_t choose_move_with(Difficulty difficulty, Random &&random) const {
        struct Context {
            Random *random;
            std::exception_ptr error;
        } context{&random, nullptr};
        auto trampoline = [](void *data) noexcept -> double {
            auto *ctx = static_cast<Context *>(data);
            try {
                return static_cast<double>((*ctx->random)());
            } catch (...) {
                ctx->error = std::current_exception();
                return 0.0;
            }
        };
        std::size_t index = 0;
        ttt_status status = ttt_game_choose_move_with_callback(
            get(), static_cast<uint32_t>(difficulty), trampoline, &context, &index);
        if (context.error) std::rethrow_exception(context.error);
        check(status);
        return index;
    }
    /// The perfect move within `limits`, with its outcome, plies, proof and nodes searched.
    [[nodiscard]] ttt_best_move best_move(const SearchLimits &limits) const {
        ttt_best_move best{};
        check(ttt_game_best_move_with(get(), &limits.raw, &best));
        return best;
    }
    /// The weak solve within `limits` (default limits without): the outcome, proven, without
    /// the plies (`plies` is -1 unless known before any search), and a move that keeps it; see
    /// ttt_game_weak_solve_with. Throws ttt::Error (TTT_STATUS_GAME_OVER when over).
    [[nodiscard]] ttt_best_move weak_solve(const SearchLimits &limits = SearchLimits()) const {
        ttt_best_move best{};
        check(ttt_game_weak_solve_with(get(), &limits.raw, &best));
        return best;
    }
    /// The deterministic perfect move (throws ttt::Error TTT_STATUS_GAME_OVER when over).
    [[nodiscard]] std::size_t best_move() const {
        std::size_t index = 0;
        check(ttt_game_best_move(get(), &index));
        return index;
    }
    /// Every legal move with its outcome under perfect play, best first (default limits).
    [[nodiscard]] std::vector<MoveAnalysis> analyze() const { return analyze(SearchLimits()); }
    /// The same within `limits`: a node budget, or a StopFlag set from another thread (a
    /// 15 x 15 analysis can take seconds). Moves not proven within them are Outcome::Unknown.
    [[nodiscard]] std::vector<MoveAnalysis> analyze(const SearchLimits &limits) const {
        const ttt_game *game = get();
        const ttt_search_limits *raw_limits = &limits.raw;
        std::vector<ttt_move_analysis> raw = detail::fetch<ttt_move_analysis>(
            [&](ttt_move_analysis *buf, std::size_t len, std::size_t *out) {
                return ttt_game_analyze_with(game, raw_limits, buf, len, out);
            });
        std::vector<MoveAnalysis> moves;
        moves.reserve(raw.size());
        for (const ttt_move_analysis &m : raw) {
            moves.push_back({m.index, static_cast<Outcome>(m.outcome), m.plies});
        }
        return moves;
    }

    [[nodiscard]] bool operator==(const Game &other) const {
        bool equal = false;
        check(ttt_game_equal(get(), other.get(), &equal));
        return equal;
    }
    [[nodiscard]] bool operator!=(const Game &other) const { return !(*this == other); }

    /// The C handle, still owned by this Game (NULL after a move).
    [[nodiscard]] ttt_game *get() noexcept { return handle_.get(); }
    [[nodiscard]] const ttt_game *get() const noexcept { return handle_.get(); }

private:
    explicit Game(ttt_game *raw) noexcept : handle_(raw) {}

    static ttt_game *clone(const ttt_game *game) {
        ttt_game *raw = nullptr;
        check(ttt_game_clone(game, &raw));
        return raw;
    }

    std::vector<std::size_t> indices(
        ttt_status (*call)(const ttt_game *, std::size_t *, std::size_t, std::size_t *)) const {
        const ttt_game *game = get();
        return detail::fetch<std::size_t>(
            [&](std::size_t *buf, std::size_t len, std::size_t *out) {
                return call(game, buf, len, out);
            });
    }

    std::unique_ptr<ttt_game, detail::GameDeleter> handle_;
};

/// A search engine that keeps its transposition table from one call to the next (an owned
/// ttt_engine handle, see ttt.h), so that a game played move by move through one Engine does
/// not prove again what earlier moves proved. Clear it for a new game to get a fresh engine's
/// answers again. Move-only; a moved-from Engine holds no handle and every call on it fails with
/// TTT_STATUS_NULL_ARGUMENT. The SearchLimits' table_bytes is not used by its calls: the
/// engine's own size applies.
///
/// Thread safety: one thread at a time per Engine (its members are non-const); a StopFlag in
/// the limits may be set from any other thread during a call.
class Engine {
public:
    /// An engine whose tables may take `table_bytes` bytes (0: the default, 64 MiB).
    explicit Engine(std::size_t table_bytes = 0) {
        ttt_engine *raw = nullptr;
        check(ttt_engine_new(table_bytes, &raw));
        handle_.reset(raw);
    }
    /// The byte budget of its tables.
    [[nodiscard]] std::size_t table_bytes() const {
        std::size_t bytes = 0;
        check(ttt_engine_table_bytes(handle_.get(), &bytes));
        return bytes;
    }
    /// Forgets everything searched so far (a new game).
    void clear() { check(try_clear()); }
    [[nodiscard]] ttt_status try_clear() noexcept { return ttt_engine_clear(get()); }

    /// The move the computer plays at `difficulty`, drawing one float from `rng` (Hard with the
    /// default limits, keeping the table for the next move).
    [[nodiscard]] std::size_t choose_move(const Game &game, Difficulty difficulty, Rng &rng) {
        std::size_t index = 0;
        check(try_choose_move(game, difficulty, rng, index));
        return index;
    }
    /// The same within `limits`; `proven` says whether the move is proven best.
    [[nodiscard]] std::size_t choose_move(const Game &game, Difficulty difficulty, Rng &rng,
                                          const SearchLimits &limits, bool &proven) {
        std::size_t index = 0;
        bool is_proven = false;
        check(try_choose_move(game, difficulty, rng, limits, index, is_proven));
        proven = is_proven;
        return index;
    }
    /// choose_move without exceptions: `index` is written only on success.
    [[nodiscard]] ttt_status try_choose_move(const Game &game, Difficulty difficulty, Rng &rng,
                                             std::size_t &index) noexcept {
        return ttt_engine_choose_move(get(), game.get(), static_cast<uint32_t>(difficulty),
                                      rng.get(), &index);
    }
    /// choose_move within `limits` without exceptions: `index` and `proven` are written only
    /// on success.
    [[nodiscard]] ttt_status try_choose_move(const Game &game, Difficulty difficulty, Rng &rng,
                                             const SearchLimits &limits, std::size_t &index,
                                             bool &proven) noexcept {
        return ttt_engine_choose_move_with(get(), game.get(), static_cast<uint32_t>(difficulty),
                                           rng.get(), &limits.raw, &index, &proven);
    }
    /// The perfect move with the default limits (TTT_STATUS_GAME_OVER when the game is over).
    [[nodiscard]] std::size_t best_move(const Game &game) {
        std::size_t index = 0;
        check(try_best_move(game, index));
        return index;
    }
    /// The perfect move within `limits`, with its outcome, plies, proof and nodes searched.
    [[nodiscard]] ttt_best_move best_move(const Game &game, const SearchLimits &limits) {
        ttt_best_move best{};
        check(try_best_move(game, limits, best));
        return best;
    }
    /// best_move without exceptions: `index` is written only on success.
    [[nodiscard]] ttt_status try_best_move(const Game &game, std::size_t &index) noexcept {
        return ttt_engine_best_move(get(), game.get(), &index);
    }
    /// best_move within `limits` without exceptions: `best` is written only on success.
    [[nodiscard]] ttt_status try_best_move(const Game &game, const SearchLimits &limits,
                                           ttt_best_move &best) noexcept {
        return ttt_engine_best_move_with(get(), game.get(), &limits.raw, &best);
    }
    /// The weak solve on the engine's table (see Game::weak_solve), default limits without.
    [[nodiscard]] ttt_best_move weak_solve(const Game &game,
                                           const SearchLimits &limits = SearchLimits()) {
        ttt_best_move best{};
        check(try_weak_solve(game, limits, best));
        return best;
    }
    /// weak_solve without exceptions: `best` is written only on success.
    [[nodiscard]] ttt_status try_weak_solve(const Game &game, const SearchLimits &limits,
                                            ttt_best_move &best) noexcept {
        return ttt_engine_weak_solve_with(get(), game.get(), &limits.raw, &best);
    }
    /// Every legal move with its outcome, best first (default limits).
    [[nodiscard]] std::vector<MoveAnalysis> analyze(const Game &game) {
        return analyze(game, SearchLimits());
    }
    /// The same within `limits`; moves not proven within them are Outcome::Unknown.
    [[nodiscard]] std::vector<MoveAnalysis> analyze(const Game &game, const SearchLimits &limits) {
        ttt_engine *engine = get();
        const ttt_game *raw_game = game.get();
        const ttt_search_limits *raw_limits = &limits.raw;
        std::vector<ttt_move_analysis> raw = detail::fetch<ttt_move_analysis>(
            [&](ttt_move_analysis *buf, std::size_t len, std::size_t *out) {
                return ttt_engine_analyze_with(engine, raw_game, raw_limits, buf, len, out);
            });
        std::vector<MoveAnalysis> moves;
        moves.reserve(raw.size());
        for (const ttt_move_analysis &m : raw) {
            moves.push_back({m.index, static_cast<Outcome>(m.outcome), m.plies});
        }
        return moves;
    }

    /// The C handle, still owned by this Engine (NULL after a move).
    [[nodiscard]] ttt_engine *get() noexcept { return handle_.get(); }

private:
    struct Deleter {
        void operator()(ttt_engine *engine) const noexcept { ttt_engine_free(engine); }
    };
    std::unique_ptr<ttt_engine, Deleter> handle_;
};

/// The library's version string, e.g. "0.2.0".
[[nodiscard]] inline std::string version() { return ttt_version(); }
/// The library's version packed as TTT_VERSION_NUMBER: differs from it when the header and
/// the library do not match.
[[nodiscard]] inline uint32_t version_number() { return ttt_version_number(); }

}  // namespace ttt

#endif
