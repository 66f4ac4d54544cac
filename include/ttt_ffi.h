/*
 * ttt_ffi.h: the declarations of libttt (ttt.h) for FFI parsers: Python's cffi,
 * LuaJIT's ffi.cdef, and any tool that reads plain C declarations. It has no
 * preprocessor lines (feed it to the parser as it is); the constants of ttt.h are the
 * enum values below. The documentation lives in ttt.h. Needs <stdint.h>, <stddef.h>
 * and <stdbool.h> types (int32_t, uint32_t, uint64_t, size_t, bool), which these
 * parsers know.
 */

/* Generated from ttt-ffi with cbindgen, like ttt.h: do not edit. Run `make header`. */

enum {
    TTT_VERSION_MAJOR = 0,
    TTT_VERSION_MINOR = 3,
    TTT_VERSION_PATCH = 0,
    TTT_VERSION_NUMBER = 768,
    TTT_MAX_SIDE = 20,
    TTT_MAX_CELLS = 400,
    TTT_MIN_PLAYERS = 2,
    TTT_MAX_PLAYERS = 4,
};

enum ttt_status {
    TTT_STATUS_OK = 0,
    TTT_STATUS_NULL_ARGUMENT = 1,
    TTT_STATUS_INVALID_ARGUMENT = 2,
    TTT_STATUS_BUFFER_TOO_SMALL = 3,
    TTT_STATUS_INVALID_RULES = 4,
    TTT_STATUS_PLAYER_NOT_IN_GAME = 5,
    TTT_STATUS_GAME_OVER = 6,
    TTT_STATUS_NOT_YOUR_TURN = 7,
    TTT_STATUS_OUT_OF_RANGE = 8,
    TTT_STATUS_OCCUPIED = 9,
    TTT_STATUS_FLOATING = 10,
    TTT_STATUS_POSITION_WRONG_LENGTH = 11,
    TTT_STATUS_POSITION_UNKNOWN_MARK = 12,
    TTT_STATUS_POSITION_PLAYER_NOT_IN_GAME = 13,
    TTT_STATUS_POSITION_FLOATING = 14,
    TTT_STATUS_POSITION_MARK_COUNTS = 15,
    TTT_STATUS_POSITION_MULTIPLE_WINNERS = 16,
    TTT_STATUS_POSITION_WINNER_DID_NOT_MOVE_LAST = 17,
    TTT_STATUS_POSITION_LINES_NOT_FROM_ONE_MOVE = 18,
    TTT_STATUS_INVALID_RECORD = 19,
    TTT_STATUS_NOT_UTF8 = 20,
    TTT_STATUS_PANIC = 21,
    TTT_STATUS_NO_GRAVITY = 22,
};
typedef uint32_t ttt_status;

enum ttt_game_state {
    TTT_GAME_STATE_IN_PROGRESS = 0,
    TTT_GAME_STATE_WIN = 1,
    TTT_GAME_STATE_DRAW = 2,
};
typedef uint32_t ttt_game_state;

enum ttt_player {
    TTT_PLAYER_NONE = -1,
    TTT_PLAYER_X = 0,
    TTT_PLAYER_O = 1,
    TTT_PLAYER_Y = 2,
    TTT_PLAYER_Z = 3,
};
typedef int32_t ttt_player;

enum ttt_outcome {
    TTT_OUTCOME_UNKNOWN = 0,
    TTT_OUTCOME_WIN = 1,
    TTT_OUTCOME_DRAW = 2,
    TTT_OUTCOME_LOSS = 3,
};
typedef uint32_t ttt_outcome;

enum ttt_difficulty {
    TTT_DIFFICULTY_EASY = 0,
    TTT_DIFFICULTY_MEDIUM = 1,
    TTT_DIFFICULTY_HARD = 2,
};
typedef uint32_t ttt_difficulty;

typedef struct ttt_engine ttt_engine;

typedef struct ttt_game ttt_game;

typedef struct ttt_rng ttt_rng;

typedef struct ttt_stop_flag ttt_stop_flag;

typedef struct ttt_rules {
    uint32_t width;
    uint32_t height;
    uint32_t k;
    uint32_t players;
    uint8_t gravity;
} ttt_rules;

typedef struct ttt_evaluation {
    ttt_game_state state;
    ttt_player winner;
    size_t line[TTT_MAX_SIDE];
    size_t line_len;
} ttt_evaluation;

typedef struct ttt_search_limits {
    uint64_t max_nodes;
    size_t table_bytes;
    const struct ttt_stop_flag *stop;
    uint64_t max_time_ms;
    uint64_t proof_nodes;
} ttt_search_limits;

typedef struct ttt_best_move {
    size_t index;
    ttt_outcome outcome;
    int32_t plies;
    bool proven;
    uint64_t nodes;
} ttt_best_move;

typedef struct ttt_move_analysis {
    size_t index;
    ttt_outcome outcome;
    int32_t plies;
} ttt_move_analysis;

typedef double (*ttt_rng_callback)(void *user_data);

const char *ttt_version(void);

uint32_t ttt_version_number(void);

const char *ttt_status_name(uint32_t status);

const char *ttt_status_str(uint32_t status);

size_t ttt_last_error_message(char *buf, size_t buf_len);

struct ttt_rules ttt_rules_classic(void);

struct ttt_rules ttt_rules_connect_four(void);

ttt_status ttt_rules_check(const struct ttt_rules *rules);

ttt_status ttt_rules_evaluate(const struct ttt_rules *rules,
                              const int32_t *cells,
                              size_t cells_len,
                              struct ttt_evaluation *out_evaluation);

ttt_status ttt_game_new(const struct ttt_rules *rules,
                        int32_t starting_player,
                        struct ttt_game **out_game);

ttt_status ttt_game_from_board(const struct ttt_rules *rules,
                               const int32_t *cells,
                               size_t cells_len,
                               int32_t to_move,
                               struct ttt_game **out_game);

ttt_status ttt_game_from_board_str(const struct ttt_rules *rules,
                                   const char *board,
                                   int32_t to_move,
                                   struct ttt_game **out_game);

ttt_status ttt_game_from_record(const char *text, size_t text_len, struct ttt_game **out_game);

ttt_status ttt_game_to_record(const struct ttt_game *game,
                              char *buf,
                              size_t buf_len,
                              size_t *out_len);

ttt_status ttt_game_board_string(const struct ttt_game *game,
                                 char *buf,
                                 size_t buf_len,
                                 size_t *out_len);

ttt_status ttt_game_clone(const struct ttt_game *game, struct ttt_game **out_game);

void ttt_game_free(struct ttt_game *game);

ttt_status ttt_game_equal(const struct ttt_game *a, const struct ttt_game *b, bool *out_equal);

ttt_status ttt_game_play(struct ttt_game *game, size_t index);

ttt_status ttt_game_play_as(struct ttt_game *game, int32_t player, size_t index);

ttt_status ttt_game_play_at(struct ttt_game *game, int32_t player, size_t ply, size_t index);

ttt_status ttt_game_play_column(struct ttt_game *game, size_t col, size_t *out_index);

ttt_status ttt_game_undo(struct ttt_game *game);

ttt_status ttt_game_rules(const struct ttt_game *game, struct ttt_rules *out_rules);

ttt_status ttt_game_cells(const struct ttt_game *game,
                          ttt_player *buf,
                          size_t buf_len,
                          size_t *out_len);

ttt_status ttt_game_cell(const struct ttt_game *game, size_t index, ttt_player *out_player);

ttt_status ttt_game_current_player(const struct ttt_game *game, ttt_player *out_player);

ttt_status ttt_game_starting_player(const struct ttt_game *game, ttt_player *out_player);

ttt_status ttt_game_status(const struct ttt_game *game, ttt_game_state *out_state);

ttt_status ttt_game_winner(const struct ttt_game *game, ttt_player *out_player);

ttt_status ttt_game_winning_line(const struct ttt_game *game,
                                 size_t *buf,
                                 size_t buf_len,
                                 size_t *out_len);

ttt_status ttt_game_history(const struct ttt_game *game,
                            size_t *buf,
                            size_t buf_len,
                            size_t *out_len);

ttt_status ttt_game_ply(const struct ttt_game *game, size_t *out_ply);

ttt_status ttt_game_legal_moves(const struct ttt_game *game,
                                size_t *buf,
                                size_t buf_len,
                                size_t *out_len);

ttt_status ttt_game_is_legal(const struct ttt_game *game, size_t index, bool *out_legal);

const char *ttt_game_state_name(uint32_t state);

ttt_status ttt_player_mark(int32_t player, char *out_mark);

const char *ttt_outcome_name(uint32_t outcome);

ttt_status ttt_stop_flag_new(struct ttt_stop_flag **out_flag);

ttt_status ttt_stop_flag_set(const struct ttt_stop_flag *flag);

ttt_status ttt_stop_flag_clear(const struct ttt_stop_flag *flag);

void ttt_stop_flag_free(struct ttt_stop_flag *flag);

struct ttt_search_limits ttt_search_limits_default(void);

ttt_status ttt_game_best_move(const struct ttt_game *game, size_t *out_index);

ttt_status ttt_game_best_move_with(const struct ttt_game *game,
                                   const struct ttt_search_limits *limits,
                                   struct ttt_best_move *out_best);

ttt_status ttt_game_weak_solve_with(const struct ttt_game *game,
                                    const struct ttt_search_limits *limits,
                                    struct ttt_best_move *out_best);

ttt_status ttt_game_analyze(const struct ttt_game *game,
                            struct ttt_move_analysis *buf,
                            size_t buf_len,
                            size_t *out_len);

ttt_status ttt_game_analyze_with(const struct ttt_game *game,
                                 const struct ttt_search_limits *limits,
                                 struct ttt_move_analysis *buf,
                                 size_t buf_len,
                                 size_t *out_len);

const char *ttt_difficulty_name(uint32_t difficulty);

ttt_status ttt_difficulty_parse(const char *name, ttt_difficulty *out_difficulty);

ttt_status ttt_rng_new(uint64_t seed, struct ttt_rng **out_rng);

void ttt_rng_free(struct ttt_rng *rng);

ttt_status ttt_rng_next_f64(struct ttt_rng *rng, double *out_value);

ttt_status ttt_game_choose_move(const struct ttt_game *game,
                                uint32_t difficulty,
                                struct ttt_rng *rng,
                                size_t *out_index);

ttt_status ttt_game_choose_move_with_callback(const struct ttt_game *game,
                                              uint32_t difficulty,
                                              ttt_rng_callback callback,
                                              void *user_data,
                                              size_t *out_index);

ttt_status ttt_game_choose_move_with(const struct ttt_game *game,
                                     uint32_t difficulty,
                                     struct ttt_rng *rng,
                                     const struct ttt_search_limits *limits,
                                     size_t *out_index,
                                     bool *out_proven);

ttt_status ttt_engine_new(size_t table_bytes, struct ttt_engine **out_engine);

void ttt_engine_free(struct ttt_engine *engine);

ttt_status ttt_engine_clear(struct ttt_engine *engine);

ttt_status ttt_engine_table_bytes(const struct ttt_engine *engine, size_t *out_bytes);

ttt_status ttt_engine_best_move(struct ttt_engine *engine,
                                const struct ttt_game *game,
                                size_t *out_index);

ttt_status ttt_engine_best_move_with(struct ttt_engine *engine,
                                     const struct ttt_game *game,
                                     const struct ttt_search_limits *limits,
                                     struct ttt_best_move *out_best);

ttt_status ttt_engine_weak_solve_with(struct ttt_engine *engine,
                                      const struct ttt_game *game,
                                      const struct ttt_search_limits *limits,
                                      struct ttt_best_move *out_best);

ttt_status ttt_engine_analyze(struct ttt_engine *engine,
                              const struct ttt_game *game,
                              struct ttt_move_analysis *buf,
                              size_t buf_len,
                              size_t *out_len);

ttt_status ttt_engine_analyze_with(struct ttt_engine *engine,
                                   const struct ttt_game *game,
                                   const struct ttt_search_limits *limits,
                                   struct ttt_move_analysis *buf,
                                   size_t buf_len,
                                   size_t *out_len);

ttt_status ttt_engine_choose_move(struct ttt_engine *engine,
                                  const struct ttt_game *game,
                                  uint32_t difficulty,
                                  struct ttt_rng *rng,
                                  size_t *out_index);

ttt_status ttt_engine_choose_move_with(struct ttt_engine *engine,
                                       const struct ttt_game *game,
                                       uint32_t difficulty,
                                       struct ttt_rng *rng,
                                       const struct ttt_search_limits *limits,
                                       size_t *out_index,
                                       bool *out_proven);
