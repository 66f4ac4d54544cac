/*
 * ttt_play: play tic-tac-toe and its family in the terminal against the libttt AI.
 *
 *   ttt_play                                 classic 3x3 against Hard, you are X and start
 *   ttt_play --difficulty easy --first computer
 *   ttt_play --size 7x6 --k 4 --gravity      Connect Four
 *   ttt_play --size 5x5 --k 4 --players 3    three players: you and two computers
 *
 * Moves are read from standard input, one per line, so it also works in a pipe:
 *   printf '5\n1\n9\n' | ttt_play --seed 1
 * A move is a cell such as b2 (column letter, row number), a cell number (1 = top-left, counted
 * row by row) or, under gravity, a column letter or number (1 = leftmost). Commands: hint,
 * undo, help, quit, in any case; blanks around a line are ignored. End of input ends the game
 * cleanly. (The library numbers cells from 0, row-major from the top-left: index = row * width
 * + col; this program shows them as b2 and counts from 1, as people do.)
 *
 * This program only talks to the user: the rules and the AI are all in libttt.
 */
#define _POSIX_C_SOURCE 200809L /* isatty */

#include "ttt.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_CELLS TTT_MAX_CELLS

typedef struct {
    ttt_rules rules;
    uint32_t difficulty;
    int32_t human;     /* the human's seat */
    int first_human;   /* 1: the human starts, 0: the computer after the human starts */
    uint64_t seed;
    int seed_given;
    uint64_t nodes; /* search budget of one computer move or hint */
} options;

static void usage(FILE *out) {
    fputs("usage: ttt_play [options]\n"
          "  --difficulty easy|medium|hard   strength of the computer (default hard)\n"
          "  --size WxH                      board size, 1..20 each (default 3x3)\n"
          "  --k N                           marks in a row to win (default 3)\n"
          "  --gravity                       Connect-Four style: marks drop to the bottom\n"
          "  --players N                     2 to 4 players; you play one seat (default 2)\n"
          "  --human X|O|Y|Z                 which mark you play (default X)\n"
          "  --first human|computer          who starts (default human)\n"
          "  --seed N                        seed of the computer's random choices\n"
          "  --nodes N                       search budget per move (default 300000): Hard\n"
          "                                  plays perfectly whenever the search proves it\n"
          "  --help                          this text\n"
          "Moves: a cell like b2, a cell number (1 = top-left, counted row by row), or under\n"
          "gravity a column letter or number (1 = leftmost).\n"
          "Commands: hint, undo, help, quit. End of input quits.\n",
          out);
}

static int parse_uint(const char *text, unsigned long max, unsigned long *out) {
    char *end = NULL;
    unsigned long v;
    if (text == NULL || !isdigit((unsigned char)text[0])) return 0;
    errno = 0;
    v = strtoul(text, &end, 10);
    if (errno != 0 || *end != '\0' || v > max) return 0;
    *out = v;
    return 1;
}

static int parse_mark(const char *text, int32_t *out) {
    static const char marks[] = "XOYZ";
    const char *p;
    if (text == NULL || strlen(text) != 1) return 0;
    p = strchr(marks, toupper((unsigned char)text[0]));
    if (p == NULL) return 0;
    *out = (int32_t)(p - marks);
    return 1;
}

/* Returns 0 on success, 1 after --help, 2 on a bad flag (message printed). */
static int parse_options(int argc, char **argv, options *o) {
    int i;
    o->rules = ttt_rules_classic();
    o->difficulty = TTT_DIFFICULTY_HARD;
    o->human = TTT_PLAYER_X;
    o->first_human = 1;
    o->seed = 0;
    o->seed_given = 0;
    o->nodes = 300000;
    for (i = 1; i < argc; i++) {
        const char *flag = argv[i];
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        unsigned long n = 0;
        if (strcmp(flag, "--help") == 0 || strcmp(flag, "-h") == 0) {
            usage(stdout);
            return 1;
        } else if (strcmp(flag, "--gravity") == 0) {
            o->rules.gravity = true;
            continue;
        } else if (value == NULL) {
            fprintf(stderr, "ttt_play: unknown flag or missing value: %s\n", flag);
            usage(stderr);
            return 2;
        }
        i++;
        if (strcmp(flag, "--difficulty") == 0) {
            ttt_difficulty d = TTT_DIFFICULTY_HARD;
            if (ttt_difficulty_parse(value, &d) != TTT_STATUS_OK) {
                fprintf(stderr, "ttt_play: --difficulty must be easy, medium or hard\n");
                return 2;
            }
            o->difficulty = d;
        } else if (strcmp(flag, "--size") == 0) {
            unsigned int w = 0, h = 0;
            char extra = 0;
            if (sscanf(value, "%ux%u%c", &w, &h, &extra) != 2) {
                fprintf(stderr, "ttt_play: --size takes WxH, e.g. 7x6\n");
                return 2;
            }
            o->rules.width = w;
            o->rules.height = h;
        } else if (strcmp(flag, "--k") == 0) {
            if (!parse_uint(value, 1000, &n)) {
                fprintf(stderr, "ttt_play: --k takes a number\n");
                return 2;
            }
            o->rules.k = (uint32_t)n;
        } else if (strcmp(flag, "--players") == 0) {
            if (!parse_uint(value, 1000, &n)) {
                fprintf(stderr, "ttt_play: --players takes a number\n");
                return 2;
            }
            o->rules.players = (uint32_t)n;
        } else if (strcmp(flag, "--human") == 0) {
            if (!parse_mark(value, &o->human)) {
                fprintf(stderr, "ttt_play: --human takes X, O, Y or Z\n");
                return 2;
            }
        } else if (strcmp(flag, "--first") == 0) {
            if (strcmp(value, "human") == 0) o->first_human = 1;
            else if (strcmp(value, "computer") == 0) o->first_human = 0;
            else {
                fprintf(stderr, "ttt_play: --first must be human or computer\n");
                return 2;
            }
        } else if (strcmp(flag, "--nodes") == 0) {
            unsigned long long v;
            char *end = NULL;
            errno = 0;
            v = strtoull(value, &end, 10);
            if (errno != 0 || *end != '\0' || !isdigit((unsigned char)value[0]) || v == 0) {
                fprintf(stderr, "ttt_play: --nodes takes a positive number\n");
                return 2;
            }
            o->nodes = (uint64_t)v;
        } else if (strcmp(flag, "--seed") == 0) {
            unsigned long long s;
            char *end = NULL;
            errno = 0;
            s = strtoull(value, &end, 10);
            if (errno != 0 || *end != '\0' || !isdigit((unsigned char)value[0])) {
                fprintf(stderr, "ttt_play: --seed takes a non-negative number\n");
                return 2;
            }
            o->seed = (uint64_t)s;
            o->seed_given = 1;
        } else {
            fprintf(stderr, "ttt_play: unknown flag: %s\n", flag);
            usage(stderr);
            return 2;
        }
    }
    if (ttt_rules_check(&o->rules) != TTT_STATUS_OK) {
        char msg[256];
        (void)ttt_last_error_message(msg, sizeof msg);
        fprintf(stderr, "ttt_play: invalid rules: %s\n", msg);
        return 2;
    }
    if ((uint32_t)o->human >= o->rules.players) {
        fprintf(stderr, "ttt_play: there is no seat %c in a game of %u players\n",
                "XOYZ"[o->human], o->rules.players);
        return 2;
    }
    return 0;
}

/* Aborts the program on a failure that can only be a bug in this program. */
static void must(ttt_status s, const char *what) {
    if (s != TTT_STATUS_OK) {
        char msg[256];
        (void)ttt_last_error_message(msg, sizeof msg);
        fprintf(stderr, "ttt_play: %s failed: %s (%s)\n", what, ttt_status_name(s), msg);
        exit(3);
    }
}

static char mark_of(ttt_player p) {
    char c = '?';
    must(ttt_player_mark(p, &c), "ttt_player_mark");
    return c;
}

static void cell_name(const ttt_rules *r, size_t index, char *out, size_t len) {
    snprintf(out, len, "%c%u", 'a' + (int)(index % r->width), (unsigned)(index / r->width + 1));
}

static void draw(const ttt_game *game, const ttt_rules *r) {
    ttt_player cells[MAX_CELLS];
    size_t line[TTT_MAX_SIDE], nline = 0, n = 0, row, col, i;
    int on_line[MAX_CELLS] = {0};
    must(ttt_game_cells(game, cells, MAX_CELLS, &n), "ttt_game_cells");
    must(ttt_game_winning_line(game, line, TTT_MAX_SIDE, &nline), "ttt_game_winning_line");
    for (i = 0; i < nline; i++) on_line[line[i]] = 1;
    fputs("\n    ", stdout);
    for (col = 0; col < r->width; col++) printf(" %c  ", 'a' + (int)col);
    putchar('\n');
    for (row = 0; row < r->height; row++) {
        fputs("   +", stdout);
        for (col = 0; col < r->width; col++) fputs("---+", stdout);
        printf("\n%2u |", (unsigned)(row + 1));
        for (col = 0; col < r->width; col++) {
            size_t idx = row * r->width + col;
            char m = cells[idx] == TTT_PLAYER_NONE ? ' ' : mark_of(cells[idx]);
            /* The winning line is shown in brackets. */
            if (on_line[idx]) printf("[%c]|", m);
            else printf(" %c |", m);
        }
        putchar('\n');
    }
    fputs("   +", stdout);
    for (col = 0; col < r->width; col++) fputs("---+", stdout);
    putchar('\n');
}

/* Reads one line; 0 at end of input. Over-long lines are consumed whole and answered as bad
 * input; so is a line holding a NUL byte (read byte by byte, so that a NUL never hides the end
 * of the line and swallows the next one). Leading and trailing blanks are dropped. */
static int read_line(char *buf, size_t len) {
    size_t n = 0, start = 0;
    int c, too_long = 0, nul = 0, any = 0;
    while ((c = getchar()) != EOF) {
        any = 1;
        if (c == '\n') break;
        if (c == '\0') nul = 1;
        if (n + 1 < len) buf[n++] = (char)c;
        else too_long = 1;
    }
    if (!any) return 0;
    buf[n] = '\0';
    if (too_long) {
        strcpy(buf, "<too long>"); /* too long to be a move */
        return 1;
    }
    if (nul) {
        strcpy(buf, "<NUL byte>"); /* a move never holds one */
        return 1;
    }
    while (n > 0 && isspace((unsigned char)buf[n - 1])) buf[--n] = '\0';
    while (isspace((unsigned char)buf[start])) start++;
    memmove(buf, buf + start, n - start + 1);
    return 1;
}

static void lower(char *text) {
    for (; *text; text++) *text = (char)tolower((unsigned char)*text);
}

/* What the user typed, once parsed. */
enum move_kind { MOVE_UNPARSEABLE, MOVE_CELL, MOVE_COLUMN };

/* Parses a move: "b2" (column letter, row number), a cell number (1 = top-left, counted row by
 * row) or, under gravity, a column letter or number (1 = leftmost). Writes the cell index or
 * the column (0-based, which may still be off the board: the library decides). */
static enum move_kind parse_move(const ttt_rules *r, const char *text, size_t *out) {
    unsigned long n = 0;
    if (isalpha((unsigned char)text[0])) {
        size_t col = (size_t)(tolower((unsigned char)text[0]) - 'a');
        if (text[1] == '\0' && r->gravity) {
            *out = col;
            return MOVE_COLUMN;
        }
        if (parse_uint(text + 1, 1000, &n) && n >= 1) {
            /* Off the board: let the library say so. */
            *out = col >= r->width || n > r->height ? SIZE_MAX : (n - 1) * r->width + col;
            return MOVE_CELL;
        }
        return MOVE_UNPARSEABLE;
    }
    if (parse_uint(text, 1000000, &n)) {
        *out = n >= 1 ? (size_t)(n - 1) : SIZE_MAX;
        return r->gravity ? MOVE_COLUMN : MOVE_CELL;
    }
    return MOVE_UNPARSEABLE;
}

/* Says in words why the library refused the human's move `text`. */
static void explain_refusal(ttt_status s, const ttt_rules *r, const char *text, int column) {
    switch (s) {
        case TTT_STATUS_OUT_OF_RANGE:
            if (column) {
                printf("There is no column %s: the columns are a to %c (or 1 to %u).", text,
                       'a' + (int)r->width - 1, r->width);
            } else {
                printf("%s is not on the board: columns a to %c, rows 1 to %u (or cells 1 to "
                       "%u).",
                       text, 'a' + (int)r->width - 1, r->height, r->width * r->height);
            }
            break;
        case TTT_STATUS_OCCUPIED:
            if (column) printf("Column %s is full.", text);
            else printf("%s is already taken.", text);
            break;
        case TTT_STATUS_FLOATING:
            printf("%s would float: under gravity a mark drops to the lowest empty cell of its "
                   "column. Type just the column (a letter or number).",
                   text);
            break;
        default:
            printf("You cannot play %s: %s.", text, ttt_status_str(s));
            break;
    }
    printf(" Try again.\n");
}

static void print_result(const ttt_game *game, const ttt_rules *r, int32_t human) {
    ttt_game_state st;
    ttt_player winner;
    char record[8192];
    size_t n = 0;
    must(ttt_game_status(game, &st), "ttt_game_status");
    must(ttt_game_winner(game, &winner), "ttt_game_winner");
    if (st == TTT_GAME_STATE_WIN) {
        size_t line[TTT_MAX_SIDE], nline = 0, i;
        must(ttt_game_winning_line(game, line, TTT_MAX_SIDE, &nline), "ttt_game_winning_line");
        printf("%c wins (%s) with", mark_of(winner), winner == human ? "you" : "computer");
        for (i = 0; i < nline; i++) {
            char name[8];
            cell_name(r, line[i], name, sizeof name);
            printf(" %s", name);
        }
        printf(".\n");
    } else {
        printf("Draw.\n");
    }
    must(ttt_game_to_record(game, record, sizeof record, &n), "ttt_game_to_record");
    printf("Record: %s\n", record);
}

/* Takes back moves until it is the human's turn again with at least one move fewer. */
static void undo_to_human(ttt_game *game, int32_t human) {
    size_t ply = 0;
    ttt_player p;
    must(ttt_game_ply(game, &ply), "ttt_game_ply");
    if (ply == 0) {
        printf("Nothing to undo.\n");
        return;
    }
    do {
        must(ttt_game_undo(game), "ttt_game_undo");
        must(ttt_game_ply(game, &ply), "ttt_game_ply");
        must(ttt_game_current_player(game, &p), "ttt_game_current_player");
    } while (ply > 0 && p != human);
    if (p != human) {
        printf("Back at the start, where the computer moves first.\n");
    } else {
        printf("Taken back.\n");
    }
}

int main(int argc, char **argv) {
    options o;
    ttt_game *game = NULL;
    ttt_rng *rng = NULL;
    ttt_search_limits limits = ttt_search_limits_default();
    int32_t start;
    char line[256], cmd[256];
    int interactive = isatty(STDIN_FILENO);
    int rc = parse_options(argc, argv, &o);
    if (rc != 0) return rc == 1 ? 0 : rc;

    limits.max_nodes = o.nodes;
    start = o.first_human ? o.human : (int32_t)((o.human + 1) % (int32_t)o.rules.players);
    must(ttt_game_new(&o.rules, start, &game), "ttt_game_new");
    if (!o.seed_given) o.seed = (uint64_t)time(NULL);
    must(ttt_rng_new(o.seed, &rng), "ttt_rng_new");

    printf("ttt %s: %ux%u board, %u in a row, %u players%s. You are %c; the computer (%s) "
           "plays the other seat%s. %c starts.\n",
           ttt_version(), o.rules.width, o.rules.height, o.rules.k, o.rules.players,
           o.rules.gravity ? ", gravity" : "", "XOYZ"[o.human], ttt_difficulty_name(o.difficulty),
           o.rules.players > 2 ? "s" : "", "XOYZ"[start]);
    if (o.rules.gravity) {
        printf("Enter a column (a letter a to %c, or a number 1 to %u; the mark drops to the "
               "lowest empty cell), or hint, undo, help, quit.\n",
               'a' + (int)o.rules.width - 1, o.rules.width);
    } else {
        printf("Enter a cell (column letter and row number, e.g. b2; or a cell number 1 to %u, "
               "counted row by row from the top-left), or hint, undo, help, quit.\n",
               o.rules.width * o.rules.height);
    }

    for (;;) {
        ttt_game_state st;
        ttt_player current;
        size_t index = 0;
        enum move_kind kind;
        must(ttt_game_status(game, &st), "ttt_game_status");
        if (st != TTT_GAME_STATE_IN_PROGRESS) {
            draw(game, &o.rules);
            print_result(game, &o.rules, o.human);
            break;
        }
        must(ttt_game_current_player(game, &current), "ttt_game_current_player");
        if (current != o.human) {
            char name[8];
            bool proven = false;
            must(ttt_game_choose_move_with(game, o.difficulty, rng, &limits, &index, &proven),
                 "ttt_game_choose_move_with");
            must(ttt_game_play_as(game, current, index), "ttt_game_play_as");
            cell_name(&o.rules, index, name, sizeof name);
            printf("Computer (%c) plays %s%s.\n", mark_of(current), name,
                   o.difficulty == TTT_DIFFICULTY_HARD && !proven
                       ? " (the best the search found within its budget; not proven)"
                       : "");
            continue;
        }
        draw(game, &o.rules);
        printf("%c to move> ", mark_of(current));
        fflush(stdout);
        if (!read_line(line, sizeof line)) {
            printf("\nEnd of input: game abandoned.\n");
            break;
        }
        if (!interactive) printf("%s\n", line); /* echo piped input, for a readable transcript */
        if (line[0] == '\0') {
            printf("Please enter a move, or help.\n");
            continue;
        }
        /* QUIT, Hint, B2: case does not matter (messages still quote what was typed). */
        memcpy(cmd, line, sizeof cmd);
        lower(cmd);
        if (strcmp(cmd, "quit") == 0 || strcmp(cmd, "q") == 0 || strcmp(cmd, "exit") == 0) {
            printf("Bye.\n");
            break;
        }
        if (strcmp(cmd, "help") == 0 || strcmp(cmd, "?") == 0) {
            usage(stdout);
            continue;
        }
        if (strcmp(cmd, "undo") == 0) {
            undo_to_human(game, o.human);
            continue;
        }
        if (strcmp(cmd, "hint") == 0) {
            ttt_best_move best;
            char name[8];
            must(ttt_game_best_move_with(game, &limits, &best), "ttt_game_best_move_with");
            cell_name(&o.rules, best.index, name, sizeof name);
            printf("Hint: %s", name);
            if (best.outcome != TTT_OUTCOME_UNKNOWN) {
                printf(" (%s for you in %d plies with perfect play)", ttt_outcome_name(best.outcome),
                       best.plies);
            } else {
                printf(" (not proven within the search budget)");
            }
            printf(".\n");
            continue;
        }
        kind = parse_move(&o.rules, cmd, &index);
        if (kind == MOVE_UNPARSEABLE) {
            printf("I did not understand \"%s\". Enter a move like %s, or help.\n", line,
                   o.rules.gravity ? "a column letter" : "b2");
            continue;
        }
        {
            /* A column goes through ttt_game_play_column, which finds where the mark lands. */
            ttt_status s = kind == MOVE_COLUMN ? ttt_game_play_column(game, index, &index)
                                               : ttt_game_play_as(game, o.human, index);
            if (s != TTT_STATUS_OK) {
                explain_refusal(s, &o.rules, line, kind == MOVE_COLUMN);
            } else {
                char name[8];
                cell_name(&o.rules, index, name, sizeof name);
                printf("You (%c) play %s.\n", mark_of(o.human), name);
            }
        }
    }
    ttt_rng_free(rng);
    ttt_game_free(game);
    return 0;
}
