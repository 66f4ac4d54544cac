/*
 * ttt_sdl: a windowed Connect Four or five-in-a-row against the libttt AI, in C with SDL2.
 *
 *   ttt_sdl                        Connect Four (7 x 6, four in a row, gravity); you are red
 *   ttt_sdl --game gomoku          five in a row on 15 x 15; you are black
 *   ttt_sdl --difficulty medium --seed 7 --nodes 500000
 *
 * Click a column (Connect Four) or a cell (five in a row). N starts a new game, Escape or
 * closing the window quits. The bar at the top shows whose turn it is (a moving stripe while
 * the computer thinks), then the winner's colour, or grey for a draw; the winning line is
 * ringed in green.
 *
 * The computer thinks on a worker thread with a stop flag in its search limits, so the window
 * keeps drawing and answering; a new game or quitting sets the flag, and the search returns at
 * once with its best unproven move, which is thrown away.
 *
 * Cells are numbered as everywhere in libttt: row-major from the top-left, from 0
 * (index = row * width + col); Connect Four columns from 0 on the left.
 *
 * --smoke-interrupt presses N while the computer thinks, and quits once the new game is set.
 *
 * --smoke OUT.png plays by itself through synthetic mouse events (SDL_PushEvent), as a user
 * would click: it loads --record if given, clicks a winning column or cell when there is one
 * and otherwise the first legal one, lets the computer answer, and when the game is over (or
 * after --smoke-moves clicks) saves the window as OUT.png and prints the layout and the board
 * for a checker (scripts/check_sdl_screenshot.py). Run it headless with
 * SDL_VIDEODRIVER=offscreen (or dummy).
 */
#include <SDL.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ttt.h"

enum { BAR = 40 };

typedef struct {
    uint8_t r, g, b;
} color;

/* The palette; the screenshot checker reads the same values from the printed layout. */
static const color BACKGROUND = {28, 30, 40};
static const color C4_BOARD = {30, 70, 200};
static const color C4_HOLE = {16, 18, 28};
static const color GO_BOARD = {214, 172, 104};
static const color GO_LINE = {60, 40, 20};
static const color HIGHLIGHT = {40, 230, 90};
static const color DRAW_GREY = {128, 128, 128};
static const color MARKS_C4[2] = {{220, 40, 40}, {245, 205, 40}};
static const color MARKS_GO[2] = {{15, 15, 15}, {245, 245, 245}};

typedef struct {
    ttt_rules rules;
    int gomoku;
    int cell; /* pixels per cell */
    int width_px, height_px;
    uint32_t difficulty;
    uint64_t nodes;
    uint64_t seed;
    const char *record;
    const char *smoke_png;
    int smoke_moves;
    int smoke_interrupt;
} options;

/* The computer's move, computed on a worker thread from its own copy of the game. */
typedef struct {
    ttt_game *position; /* owned by the worker while it runs */
    ttt_rng *rng;
    ttt_stop_flag *stop;
    uint64_t nodes;
    uint32_t difficulty;
    uint32_t event; /* SDL user event posted when done */
    size_t move;
    ttt_status status;
} search_job;

static int search_thread(void *data) {
    search_job *job = data;
    ttt_search_limits limits = ttt_search_limits_default();
    bool proven = false;
    limits.max_nodes = job->nodes;
    limits.stop = job->stop;
    job->status = ttt_game_choose_move_with(job->position, job->difficulty, job->rng, &limits,
                                            &job->move, &proven);
    {
        SDL_Event done;
        SDL_zero(done);
        done.type = job->event;
        SDL_PushEvent(&done);
    }
    return 0;
}

static void die(const char *what) {
    char msg[256];
    (void)ttt_last_error_message(msg, sizeof msg);
    fprintf(stderr, "ttt_sdl: %s failed: %s\n", what, msg);
    exit(3);
}

static void must(ttt_status s, const char *what) {
    if (s != TTT_STATUS_OK) die(what);
}

static void set_color(SDL_Renderer *r, color c) { SDL_SetRenderDrawColor(r, c.r, c.g, c.b, 255); }

static void fill_circle(SDL_Renderer *r, int cx, int cy, int radius) {
    int dy;
    for (dy = -radius; dy <= radius; dy++) {
        int dx = 0;
        while ((dx + 1) * (dx + 1) + dy * dy <= radius * radius) dx++;
        SDL_RenderDrawLine(r, cx - dx, cy + dy, cx + dx, cy + dy);
    }
}

static void cell_centre(const options *o, size_t index, int *x, int *y) {
    *x = (int)(index % o->rules.width) * o->cell + o->cell / 2;
    *y = BAR + (int)(index / o->rules.width) * o->cell + o->cell / 2;
}

static void draw(SDL_Renderer *r, const options *o, const ttt_game *game, int thinking,
                 int hover_col, uint32_t ticks) {
    ttt_player cells[TTT_MAX_CELLS], current = TTT_PLAYER_X, winner = TTT_PLAYER_NONE;
    size_t n = 0, line[TTT_MAX_SIDE], nline = 0, i;
    ttt_game_state state = TTT_GAME_STATE_IN_PROGRESS;
    const color *marks = o->gomoku ? MARKS_GO : MARKS_C4;
    SDL_Rect rect;
    must(ttt_game_cells(game, cells, TTT_MAX_CELLS, &n), "ttt_game_cells");
    must(ttt_game_status(game, &state), "ttt_game_status");
    must(ttt_game_current_player(game, &current), "ttt_game_current_player");
    must(ttt_game_winner(game, &winner), "ttt_game_winner");
    must(ttt_game_winning_line(game, line, TTT_MAX_SIDE, &nline), "ttt_game_winning_line");

    set_color(r, BACKGROUND);
    SDL_RenderClear(r);
    /* The bar: the player to move, the winner, or grey for a draw. */
    rect.x = 0;
    rect.y = 0;
    rect.w = o->width_px;
    rect.h = BAR;
    set_color(r, state == TTT_GAME_STATE_DRAW ? DRAW_GREY
                 : state == TTT_GAME_STATE_WIN ? marks[winner]
                                               : marks[current]);
    SDL_RenderFillRect(r, &rect);
    if (thinking) { /* a moving stripe: the window is alive while the computer thinks */
        rect.w = o->width_px / 6;
        rect.x = (int)(ticks / 4 % (uint32_t)(o->width_px + rect.w)) - rect.w;
        rect.h = 6;
        rect.y = BAR - 6;
        set_color(r, BACKGROUND);
        SDL_RenderFillRect(r, &rect);
    }

    rect.x = 0;
    rect.y = BAR;
    rect.w = o->width_px;
    rect.h = o->height_px - BAR;
    set_color(r, o->gomoku ? GO_BOARD : C4_BOARD);
    SDL_RenderFillRect(r, &rect);
    if (!o->gomoku && hover_col >= 0 && state == TTT_GAME_STATE_IN_PROGRESS && !thinking) {
        SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
        SDL_SetRenderDrawColor(r, 255, 255, 255, 40);
        rect.x = hover_col * o->cell;
        rect.w = o->cell;
        SDL_RenderFillRect(r, &rect);
        SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE);
    }
    if (o->gomoku) { /* the grid: stones sit on the intersections (cell centres) */
        int k;
        set_color(r, GO_LINE);
        for (k = 0; k < (int)o->rules.width; k++) {
            int x = k * o->cell + o->cell / 2;
            SDL_RenderDrawLine(r, x, BAR + o->cell / 2, x, o->height_px - o->cell / 2);
        }
        for (k = 0; k < (int)o->rules.height; k++) {
            int y = BAR + k * o->cell + o->cell / 2;
            SDL_RenderDrawLine(r, o->cell / 2, y, o->width_px - o->cell / 2, y);
        }
    }
    for (i = 0; i < n; i++) {
        int x, y;
        cell_centre(o, i, &x, &y);
        if (cells[i] == TTT_PLAYER_NONE) {
            if (!o->gomoku) {
                set_color(r, C4_HOLE);
                fill_circle(r, x, y, o->cell * 4 / 10);
            }
            continue;
        }
        set_color(r, marks[cells[i]]);
        fill_circle(r, x, y, o->cell * 4 / 10);
    }
    /* The winning line: a green ring and a green centre on each of its cells. */
    for (i = 0; i < nline; i++) {
        int x, y;
        cell_centre(o, line[i], &x, &y);
        set_color(r, HIGHLIGHT);
        fill_circle(r, x, y, o->cell * 46 / 100);
        set_color(r, marks[winner]);
        fill_circle(r, x, y, o->cell * 36 / 100);
        set_color(r, HIGHLIGHT);
        fill_circle(r, x, y, o->cell * 15 / 100);
    }
    SDL_RenderPresent(r);
}

/* ---- a minimal PNG writer (RGB, stored deflate blocks): no image library needed ---------- */
static uint32_t crc_table[256];

static uint32_t crc32_of(uint32_t crc, const uint8_t *p, size_t n) {
    size_t i;
    if (crc_table[1] == 0) {
        uint32_t k, c;
        int b;
        for (k = 0; k < 256; k++) {
            for (c = k, b = 0; b < 8; b++) c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
            crc_table[k] = c;
        }
    }
    crc = ~crc;
    for (i = 0; i < n; i++) crc = crc_table[(crc ^ p[i]) & 0xff] ^ (crc >> 8);
    return ~crc;
}

static void put32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static int write_chunk(FILE *f, const char *type, const uint8_t *data, size_t len) {
    uint8_t head[8], tail[4];
    uint32_t crc;
    put32(head, (uint32_t)len);
    memcpy(head + 4, type, 4);
    crc = crc32_of(0, head + 4, 4);
    crc = crc32_of(crc, data, len);
    put32(tail, crc);
    return fwrite(head, 1, 8, f) == 8 && fwrite(data, 1, len, f) == len &&
           fwrite(tail, 1, 4, f) == 4;
}

/* rgb: w * h * 3 bytes, top row first. */
static int write_png(const char *path, const uint8_t *rgb, int w, int h) {
    static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    size_t row = (size_t)w * 3 + 1, raw_len = row * (size_t)h, blocks = raw_len / 65535 + 1;
    size_t z_len = 2 + raw_len + blocks * 5 + 4, at = 0, done = 0, y;
    uint8_t *raw = malloc(raw_len), *z = malloc(z_len), ihdr[13];
    uint32_t a = 1, b = 0;
    FILE *f;
    int ok;
    if (raw == NULL || z == NULL) return 0;
    for (y = 0; y < (size_t)h; y++) {
        raw[y * row] = 0; /* filter: none */
        memcpy(raw + y * row + 1, rgb + y * (size_t)w * 3, (size_t)w * 3);
    }
    z[at++] = 0x78;
    z[at++] = 0x01;
    while (done < raw_len || done == 0) {
        size_t n = raw_len - done < 65535 ? raw_len - done : 65535;
        z[at++] = done + n == raw_len ? 1 : 0;
        z[at++] = (uint8_t)n;
        z[at++] = (uint8_t)(n >> 8);
        z[at++] = (uint8_t)~n;
        z[at++] = (uint8_t)(~n >> 8);
        memcpy(z + at, raw + done, n);
        at += n;
        done += n;
        if (raw_len == 0) break;
    }
    for (y = 0; y < raw_len; y++) { /* Adler-32 of the raw data */
        a = (a + raw[y]) % 65521;
        b = (b + a) % 65521;
    }
    put32(z + at, (b << 16) | a);
    at += 4;
    put32(ihdr, (uint32_t)w);
    put32(ihdr + 4, (uint32_t)h);
    ihdr[8] = 8;  /* bit depth */
    ihdr[9] = 2;  /* RGB */
    ihdr[10] = 0; /* deflate */
    ihdr[11] = 0;
    ihdr[12] = 0;
    f = fopen(path, "wb");
    ok = f != NULL && fwrite(signature, 1, 8, f) == 8 && write_chunk(f, "IHDR", ihdr, 13) &&
         write_chunk(f, "IDAT", z, at) && write_chunk(f, "IEND", NULL, 0);
    if (f != NULL && fclose(f) != 0) ok = 0;
    free(raw);
    free(z);
    return ok;
}

static int save_screenshot(SDL_Renderer *r, const options *o, const char *path) {
    uint8_t *rgb = malloc((size_t)o->width_px * (size_t)o->height_px * 3);
    int ok;
    if (rgb == NULL) return 0;
    ok = SDL_RenderReadPixels(r, NULL, SDL_PIXELFORMAT_RGB24, rgb, o->width_px * 3) == 0 &&
         write_png(path, rgb, o->width_px, o->height_px);
    free(rgb);
    return ok;
}

/* ---- the smoke test's player: what a user would click ----------------------------------- */

/* The move that wins at once for the player to move, or SIZE_MAX. */
static size_t winning_move(const ttt_game *game) {
    size_t moves[TTT_MAX_CELLS], n = 0, i;
    must(ttt_game_legal_moves(game, moves, TTT_MAX_CELLS, &n), "ttt_game_legal_moves");
    for (i = 0; i < n; i++) {
        ttt_game *copy = NULL;
        ttt_game_state st = TTT_GAME_STATE_IN_PROGRESS;
        must(ttt_game_clone(game, &copy), "ttt_game_clone");
        must(ttt_game_play(copy, moves[i]), "ttt_game_play");
        must(ttt_game_status(copy, &st), "ttt_game_status");
        ttt_game_free(copy);
        if (st == TTT_GAME_STATE_WIN) return moves[i];
    }
    return SIZE_MAX;
}

/* Whether playing `move` wins by force in three plies: every reply leaves a win at once. */
static int forces_win(const ttt_game *game, size_t move) {
    ttt_game *after = NULL;
    size_t replies[TTT_MAX_CELLS], n = 0, i;
    int forced = 1;
    must(ttt_game_clone(game, &after), "ttt_game_clone");
    must(ttt_game_play(after, move), "ttt_game_play");
    must(ttt_game_legal_moves(after, replies, TTT_MAX_CELLS, &n), "ttt_game_legal_moves");
    if (n == 0 || winning_move(after) != SIZE_MAX) forced = 0;
    for (i = 0; forced && i < n; i++) {
        ttt_game *reply = NULL;
        must(ttt_game_clone(after, &reply), "ttt_game_clone");
        must(ttt_game_play(reply, replies[i]), "ttt_game_play");
        forced = winning_move(reply) != SIZE_MAX;
        ttt_game_free(reply);
    }
    ttt_game_free(after);
    return forced;
}

/* What the smoke test's user clicks: a win now, else (on small boards) a move that forces one,
 * else the engine's best move within a small budget. */
static size_t smoke_choice(const ttt_game *game) {
    size_t moves[TTT_MAX_CELLS], n = 0, i, win = winning_move(game);
    ttt_search_limits limits = ttt_search_limits_default();
    ttt_best_move best;
    if (win != SIZE_MAX) return win;
    must(ttt_game_legal_moves(game, moves, TTT_MAX_CELLS, &n), "ttt_game_legal_moves");
    for (i = 0; n <= 20 && i < n; i++) {
        if (forces_win(game, moves[i])) return moves[i];
    }
    limits.max_nodes = 20000;
    must(ttt_game_best_move_with(game, &limits, &best), "ttt_game_best_move_with");
    return best.index;
}

static void push_click(const options *o, size_t index) {
    SDL_Event e;
    int x, y, i;
    cell_centre(o, index, &x, &y);
    for (i = 0; i < 2; i++) {
        SDL_zero(e);
        e.type = i == 0 ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP;
        e.button.button = SDL_BUTTON_LEFT;
        e.button.state = i == 0 ? SDL_PRESSED : SDL_RELEASED;
        e.button.x = x;
        e.button.y = y;
        SDL_PushEvent(&e);
    }
}

/* ---- options ----------------------------------------------------------------------------- */
static int parse_options(int argc, char **argv, options *o) {
    int i;
    memset(o, 0, sizeof *o);
    o->rules = ttt_rules_connect_four();
    o->difficulty = TTT_DIFFICULTY_HARD;
    o->nodes = 2000000;
    o->seed = 1;
    o->smoke_moves = 1000;
    for (i = 1; i < argc; i++) {
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(argv[i], "--game") == 0 && v != NULL) {
            if (strcmp(v, "gomoku") == 0) {
                o->rules.width = o->rules.height = 15;
                o->rules.k = 5;
                o->rules.gravity = 0;
                o->gomoku = 1;
            } else if (strcmp(v, "connect4") != 0) {
                return 0;
            }
        } else if (strcmp(argv[i], "--difficulty") == 0 && v != NULL) {
            ttt_difficulty d;
            if (ttt_difficulty_parse(v, &d) != TTT_STATUS_OK) return 0;
            o->difficulty = d;
        } else if (strcmp(argv[i], "--nodes") == 0 && v != NULL) {
            o->nodes = strtoull(v, NULL, 10);
        } else if (strcmp(argv[i], "--seed") == 0 && v != NULL) {
            o->seed = strtoull(v, NULL, 10);
        } else if (strcmp(argv[i], "--record") == 0 && v != NULL) {
            o->record = v;
        } else if (strcmp(argv[i], "--smoke") == 0 && v != NULL) {
            o->smoke_png = v;
        } else if (strcmp(argv[i], "--smoke-moves") == 0 && v != NULL) {
            o->smoke_moves = atoi(v);
        } else if (strcmp(argv[i], "--smoke-interrupt") == 0) {
            o->smoke_interrupt = 1;
            continue;
        } else {
            return 0;
        }
        i++;
    }
    o->cell = o->gomoku ? 40 : 80;
    o->width_px = (int)o->rules.width * o->cell;
    o->height_px = BAR + (int)o->rules.height * o->cell;
    return 1;
}

static ttt_game *new_game(const options *o) {
    ttt_game *game = NULL;
    if (o->record != NULL) {
        must(ttt_game_from_record(o->record, strlen(o->record), &game), "ttt_game_from_record");
    } else {
        must(ttt_game_new(&o->rules, TTT_PLAYER_X, &game), "ttt_game_new");
    }
    return game;
}

int main(int argc, char **argv) {
    options o;
    SDL_Window *window;
    SDL_Renderer *renderer;
    ttt_game *game;
    ttt_rng *rng = NULL;
    ttt_stop_flag *stop = NULL;
    search_job job;
    SDL_Thread *worker = NULL;
    int running = 1, hover_col = -1, clicks = 0, exit_code = 0;
    const int32_t human = TTT_PLAYER_X;

    if (!parse_options(argc, argv, &o)) {
        fprintf(stderr, "usage: ttt_sdl [--game connect4|gomoku] [--difficulty easy|medium|hard] "
                        "[--nodes N] [--seed N] [--record TEXT] [--smoke OUT.png "
                        "[--smoke-moves N] [--smoke-interrupt]]\n");
        return 2;
    }
    game = new_game(&o);
    must(ttt_game_rules(game, &o.rules), "ttt_game_rules");
    must(ttt_rng_new(o.seed, &rng), "ttt_rng_new");
    must(ttt_stop_flag_new(&stop), "ttt_stop_flag_new");
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        fprintf(stderr, "ttt_sdl: SDL_Init: %s\n", SDL_GetError());
        return 1;
    }
    window = SDL_CreateWindow(o.gomoku ? "Five in a row - libttt" : "Connect Four - libttt",
                              SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, o.width_px,
                              o.height_px, 0);
    renderer = window ? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE) : NULL;
    if (renderer == NULL) {
        fprintf(stderr, "ttt_sdl: cannot open a window: %s\n", SDL_GetError());
        return 1;
    }
    memset(&job, 0, sizeof job);
    job.event = SDL_RegisterEvents(1);

    while (running) {
        SDL_Event e;
        ttt_game_state state = TTT_GAME_STATE_IN_PROGRESS;
        ttt_player current = TTT_PLAYER_X;
        must(ttt_game_status(game, &state), "ttt_game_status");
        must(ttt_game_current_player(game, &current), "ttt_game_current_player");

        /* The computer's turn: start a search on a worker thread, on a copy of the game. */
        if (state == TTT_GAME_STATE_IN_PROGRESS && current != human && worker == NULL) {
            must(ttt_game_clone(game, &job.position), "ttt_game_clone");
            must(ttt_stop_flag_clear(stop), "ttt_stop_flag_clear");
            job.rng = rng;
            job.stop = stop;
            job.nodes = o.nodes;
            job.difficulty = o.difficulty;
            worker = SDL_CreateThread(search_thread, "ttt-search", &job);
            if (worker == NULL) die("SDL_CreateThread");
            if (o.smoke_png != NULL && o.smoke_interrupt) {
                /* The smoke user presses N while the computer thinks: the search must stop. */
                SDL_Event key;
                SDL_zero(key);
                key.type = SDL_KEYDOWN;
                key.key.keysym.sym = SDLK_n;
                SDL_PushEvent(&key);
            }
        }
        /* The smoke test's user: one click when it is the human's turn. */
        if (o.smoke_png != NULL && worker == NULL) {
            if (state != TTT_GAME_STATE_IN_PROGRESS || clicks >= o.smoke_moves) {
                running = 0;
            } else if (current == human && SDL_PeepEvents(NULL, 0, SDL_PEEKEVENT,
                                                          SDL_MOUSEBUTTONDOWN,
                                                          SDL_MOUSEBUTTONUP) == 0) {
                push_click(&o, smoke_choice(game));
                clicks++;
            }
        }
        while (SDL_PollEvent(&e)) {
            if (e.type == SDL_QUIT ||
                (e.type == SDL_KEYDOWN && e.key.keysym.sym == SDLK_ESCAPE)) {
                running = 0;
            } else if (e.type == SDL_KEYDOWN && e.key.keysym.sym == SDLK_n) {
                if (worker != NULL) { /* stop the search; its move is thrown away */
                    must(ttt_stop_flag_set(stop), "ttt_stop_flag_set");
                    SDL_WaitThread(worker, NULL);
                    worker = NULL;
                    ttt_game_free(job.position);
                    job.position = NULL;
                }
                ttt_game_free(game);
                game = new_game(&o);
                if (o.smoke_png != NULL && o.smoke_interrupt) {
                    printf("interrupted a search and started a new game\n");
                    running = 0;
                }
            } else if (e.type == SDL_MOUSEMOTION) {
                hover_col = e.motion.x / o.cell;
            } else if (e.type == SDL_MOUSEBUTTONDOWN && e.button.button == SDL_BUTTON_LEFT &&
                       worker == NULL && current == human && e.button.y >= BAR) {
                size_t col = (size_t)(e.button.x / o.cell);
                size_t row = (size_t)((e.button.y - BAR) / o.cell);
                size_t cell = 0;
                /* A refused click (full column, taken cell, game over) changes nothing. */
                if (o.gomoku) {
                    if (col < o.rules.width && row < o.rules.height) {
                        TTT_DISCARD(ttt_game_play_as(game, human, row * o.rules.width + col));
                    }
                } else {
                    TTT_DISCARD(ttt_game_play_column(game, col, &cell));
                }
            } else if (e.type == job.event && worker != NULL) {
                SDL_WaitThread(worker, NULL);
                worker = NULL;
                if (job.status == TTT_STATUS_OK) {
                    must(ttt_game_play_as(game, current, job.move), "ttt_game_play_as");
                }
                ttt_game_free(job.position);
                job.position = NULL;
            }
        }
        draw(renderer, &o, game, worker != NULL, hover_col, SDL_GetTicks());
        if (o.smoke_png == NULL) SDL_Delay(16);
    }
    if (worker != NULL) {
        must(ttt_stop_flag_set(stop), "ttt_stop_flag_set");
        SDL_WaitThread(worker, NULL);
        ttt_game_free(job.position);
    }
    if (o.smoke_png != NULL) {
        char board[TTT_MAX_CELLS + 1], record[4096];
        size_t n = 0, line[TTT_MAX_SIDE], nline = 0, i;
        draw(renderer, &o, game, 0, -1, 0);
        if (!save_screenshot(renderer, &o, o.smoke_png)) {
            fprintf(stderr, "ttt_sdl: cannot save %s: %s\n", o.smoke_png, SDL_GetError());
            exit_code = 1;
        }
        must(ttt_game_board_string(game, board, sizeof board, &n), "ttt_game_board_string");
        must(ttt_game_winning_line(game, line, TTT_MAX_SIDE, &nline), "ttt_game_winning_line");
        must(ttt_game_to_record(game, record, sizeof record, &n), "ttt_game_to_record");
        printf("game %s\nwidth %u\nheight %u\ncell %d\nbar %d\nboard %s\nline",
               o.gomoku ? "gomoku" : "connect4", o.rules.width, o.rules.height, o.cell, BAR,
               board);
        for (i = 0; i < nline; i++) printf(" %zu", line[i]);
        printf("\nrecord %s\nclicks %d\n", record, clicks);
    }
    ttt_stop_flag_free(stop);
    ttt_rng_free(rng);
    ttt_game_free(game);
    SDL_DestroyRenderer(renderer);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return exit_code;
}
