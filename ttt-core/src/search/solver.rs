//! The solver: negamax with alpha-beta over bitboards, for every rule set.
//!
//! Scores are kept in an absolute form inside the search so that a position's value does not
//! depend on where the search started (the transposition table needs that): a win for the side
//! to move whose last stone is the `s`-th stone on the board scores `cells + 1 - s`, a loss to
//! the other side's `s`-th stone scores `s - cells - 1`, a draw 0. Seen from the root with `n`
//! stones, a move whose game ends after `plies` plies ends at stone `n + plies`, so this is
//! SPEC's `cells + 1 - plies` shifted by the constant `-n`: the order of moves is the same.

use super::bits::Bits;
use super::pairing::defender_has_pairing;
use super::table::{Table, Tables};
use super::tie_key;
use crate::state::GameState;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// The most symmetries of a board (the eight of the square).
const MAX_SYM: usize = 8;

/// Enhanced transposition cutoffs are tried only with more empty cells than this (near the
/// end of the game they cost more than they save).
const ETC_MIN_EMPTY: i32 = 6;

/// Nor with more moves than this to look up: each lookup is a likely cache miss, and on a big
/// board (hundreds of moves) they took two thirds of the time of a budgeted search.
const ETC_MAX_MOVES: u32 = 32;

/// Pairings are looked for only on boards with at most this many windows: on bigger ones
/// (gomoku) the live windows are too many to pair until very late, and the scan is not free.
const PAIRING_MAX_WINDOWS: usize = 192;

/// The bit position in an entry of `Solver::moves` (the high half holds the slot of the move's
/// `win_cells` under gravity: `push_gravity_moves`).
const MOVE_POS: u32 = 0xFFFF;

/// How often (in nodes) the stop flag and the clock are read on boards of up to 64 bits; a
/// quarter as often on each bigger bitboard, whose nodes cost more.
const POLL_MASK: u64 = 0xFFF;

/// A search in progress over one position, mutated in place by `play`/`undo`. Laid out in
/// the order of its fields (`repr(C)`), hottest first: a small solve right after other work
/// finds the solver in memory, not in the cache, and pays for each cache line it touches.
#[repr(C)]
pub(crate) struct Solver<B: Bits> {
    // What a search changes (set by `reset`, read at every node): first, and together, so that
    // a small call touches few cache lines of the solver (issue 13).
    /// Each player's stones.
    pub(crate) stones: [B; 4],
    /// Every stone.
    pub(crate) occ: B,
    /// The position's hash under each symmetry (0 with [`board_keys`](Self::board_keys)).
    pub(crate) hash: [u64; MAX_SYM],
    /// With [`board_keys`](Self::board_keys), per seat: the [`board_code`](Self::board_code)
    /// of the position with that seat to move. Kept up to date by every move, as `hash` is.
    codes: [u64; 2],
    /// `wins[p]`: [`win_cells`](Self::win_cells) of seat `p`'s stones, where bit `p` of
    /// `wins_known` says it is up to date. A node needs it for the player to move and the
    /// next one, and both are known from its parent (the next player's stones did not change;
    /// the mover's were the parent's move, whose cells the parent's move ordering computed
    /// under gravity): kept here, a Connect Four node computes it about once instead of three
    /// times, the third of the solver's time.
    wins: [B; 4],
    /// Nodes visited so far.
    pub(crate) nodes: u64,
    /// The node count at which the search gives up.
    pub(crate) node_limit: u64,
    /// The player to move (seat number).
    pub(crate) mover: usize,
    /// The last node whose move loop ran to its end: its stone count, a lower bound on the
    /// value of its best move (`i32::MIN` when every move failed low: none is known), and that
    /// move. [`proven_root_move`](Self::proven_root_move) reads it after a search from the
    /// root (one store a node; issue 13: a weak solve then needs no second look for a move).
    last_loop: (i32, i32, usize),
    /// The caller's stop flag, read every [`POLL_MASK`]` + 1` nodes or fewer.
    pub(crate) stop: Option<Arc<AtomicBool>>,
    /// When the search must give up (the time limit), read with the stop flag.
    pub(crate) deadline: Option<Instant>,
    /// Stones on the board.
    pub(crate) n: i32,
    /// Per seat: plies after its move until its side moves again.
    same_off: [i32; 4],
    /// Per seat: plies after its move until the other side's earliest possible win.
    other_off: [i32; 4],
    /// `side[p]`: whether seat `p` plays for the root player (only the root player does).
    pub(crate) side: [bool; 4],
    wins_known: u8,
    /// Set when the budget ran out or the stop flag was seen: every result since is garbage.
    pub(crate) aborted: bool,
    /// Set when the stop flag or the deadline was seen (the budget can be raised again, the
    /// flag and the clock cannot).
    pub(crate) stopped: bool,

    // The rules, read at every node.
    /// Every cell of the board.
    pub(crate) mask: B,
    /// The bottom row (gravity).
    bottom: B,
    /// Under gravity, the cells the player to move gets by claimeven (see
    /// [`claimeven_cap`](Self::claimeven_cap)): every other row, from the bottom row when the
    /// height is even, from the second row when it is odd.
    claim_rows: B,
    pub(crate) k: usize,
    pub(crate) players: usize,
    /// Bits in the layout (`stride * height`).
    nbits: usize,
    /// Number of symmetries of the board.
    nsym: usize,
    /// Board width.
    width: usize,
    cells: i32,
    /// Positions with at most this many empty cells use the near table: three eighths of the
    /// board. With half (as before), Pons' Begin-Hard positions and the empty 7×6 board took
    /// 25% and 26% more nodes: the near table, kept small to stay in the cache, overflowed,
    /// while the far one was mostly empty. (The time is about the same: the lookups that moved
    /// go to memory. README, "Measuring".)
    near_empty: i32,
    /// Bits per row: `width + 1` (one spare bit).
    pub(crate) stride: u32,
    pub(crate) gravity: bool,
    /// Whether `dirs` are the four directions of a board 7 cells wide (`stride` 8), Connect
    /// Four's: [`win_cells`](Self::win_cells) and [`window_cover`](Self::window_cover) then
    /// shift by constants (see there).
    seven_wide: bool,
    /// Whether these are Connect Four's rules (7 wide, windows of 4, two players, gravity; at
    /// most 7 high, for [`board_keys`](Self::board_keys), which the copy assumes): the search
    /// then runs a copy of itself with all of that known at compile time (see
    /// [`negamax_in`](Self::negamax_in)).
    connect_four: bool,
    /// Whether a position's key is its board itself (see [`board_code`](Self::board_code)), not
    /// a Zobrist hash: two players under gravity on a board 7 wide and at most 7 high (a
    /// column and its mark fit in a byte). `hash` is then not kept (it stays 0).
    board_keys: bool,

    // Tables and buffers of the search.
    /// Scratch space for move lists, one slice per frame of the recursion.
    moves: Vec<(i32, u32)>,
    /// What [`play`](Self::play) with `n` stones on the board replaced: the mover's entry of
    /// `wins` and whether it was known, restored by [`undo`](Self::undo).
    wins_saved: Vec<(B, bool)>,
    /// Under gravity, the move ordering's `win_cells` of the mover's stones plus the stone of
    /// each move, for the frame with `n` stones on the board at `n * width + slot` (a frame
    /// has at most one move per column): handed to [`play_known_in`](Self::play_known_in) when the
    /// move is searched.
    after_wins: Vec<B>,
    /// Zobrist keys: `zob[(player * bits + pos) * nsym + s]` is the key of `player`'s stone on
    /// the cell at bit `pos` as seen through symmetry `s` (only the board's own symmetries are
    /// stored, so that a small search touches little memory: 1.8 KiB for Connect Four).
    zob: Vec<u64>,
    /// The transposition tables (see [`Tables`]): an engine's stay in the solver it keeps.
    pub(crate) tables: Tables,
    /// Under gravity, the move-order bonus of a column: higher near the middle column (the
    /// height of the playable cell says nothing about how good it is).
    pub(crate) column_centre: Vec<i32>,
    /// Bit position of each cell index.
    pos_of: Vec<u16>,
    /// `images[cell * nsym + s]`: the cell index where symmetry `s` takes cell `cell`, whose
    /// key [`reset`](Self::reset) computes (one look-up, where `pos_of`, `sym_fwd` and
    /// `cell_of` took three).
    images: Vec<u16>,
    /// `sym_fwd[pos * nsym + s]`: where symmetry `s` takes the cell at bit `pos` (as a bit
    /// position).
    sym_fwd: Vec<u16>,
    /// `sym_inv[pos * nsym + s]`: the bit position that symmetry `s` takes to `pos`.
    sym_inv: Vec<u16>,
    /// `tie_rank[pos]`: the place of bit position `pos` in `tie_order` (`u16::MAX` for a
    /// spare bit).
    tie_rank: Vec<u16>,
    /// Every cell's bit position, in the tie order of equally good moves
    /// ([`tie_key`]): [`legal_in_tie_order`](Self::legal_in_tie_order) reads
    /// it instead of sorting the moves of every call (issue 13: cheap small calls).
    tie_order: Vec<u16>,
    /// Cell index of each bit position (`u16::MAX` for a spare bit).
    cell_of: Vec<u16>,
    /// Room for the engine's list of legal moves, kept with the solver for its capacity (a
    /// small call allocates nothing; issue 13).
    pub(crate) legal_room: Vec<usize>,

    // Read once a call, or only on other boards.
    /// `side`, `same_off` and `other_off` for each root seat, set once per rules so that
    /// [`reset`](Self::reset) copies them (issue 13: cheap small calls).
    sides_by_root: [Sides; 4],
    /// The shifts of the directions in which a window of `k` cells fits. Every shift by up to
    /// `k - 1` steps along one stays below the layout's bit count (a window fits), so the hot
    /// loops shift with [`Bits::up_in`] and [`Bits::down_in`].
    pub(crate) dirs: Vec<u32>,
    /// Move-order bonus per bit position: higher near the centre.
    centre: Vec<i32>,
    /// Every window of `k` cells as a bit set, when pairings are looked for (two players, no
    /// gravity, a board with at most [`PAIRING_MAX_WINDOWS`] windows); else empty.
    windows: Vec<B>,
}

/// Threat maps used to order moves (see `Solver::threat_map`).
pub(crate) struct OrderMaps<B> {
    /// Cells where a stone makes at least one threat.
    m1: B,
    /// Cells where a stone makes at least two.
    m2: B,
}

/// [`Solver::last_loop`] before any move loop has ended.
const NO_LOOP: (i32, i32, usize) = (-1, i32::MIN, 0);

/// A map `(row, col, width, height) -> (row, col)` of the board onto itself.
type SymMap = fn(usize, usize, usize, usize) -> (usize, usize);

/// The symmetry maps `(row, col) -> (row, col)` of a `w` × `h` board that the rules respect.
fn symmetries(w: usize, h: usize, gravity: bool) -> Vec<SymMap> {
    let mut maps: Vec<SymMap> = vec![|r, c, _, _| (r, c), |r, c, w, _| (r, w - 1 - c)];
    if !gravity {
        maps.push(|r, c, _, h| (h - 1 - r, c));
        maps.push(|r, c, w, h| (h - 1 - r, w - 1 - c));
        if w == h {
            maps.push(|r, c, _, _| (c, r));
            maps.push(|r, c, w, h| (w - 1 - c, h - 1 - r));
            maps.push(|r, c, w, _| (c, w - 1 - r));
            maps.push(|r, c, _, h| (h - 1 - c, r));
        }
    }
    maps
}

/// Which seats play for the root player, and the turn offsets `negamax` bounds scores with.
#[derive(Clone, Copy, Debug)]
struct Sides {
    side: [bool; 4],
    same_off: [i32; 4],
    other_off: [i32; 4],
}

impl Sides {
    /// With `players` seats and `root` the root player's (seats at or above `players`, never
    /// used, get the values of an absent seat).
    fn new(players: usize, root: usize) -> Sides {
        let mut side = [false; 4];
        side[root] = true;
        let (mut same_off, mut other_off) = ([0; 4], [0; 4]);
        for p in 0..players {
            let at = |i: usize| side[(p + i) % players];
            same_off[p] = (1..=players).find(|&i| at(i) == side[p]).unwrap_or(players) as i32;
            // Slot 1 is skipped: after the checks of `negamax` the next player cannot win at once.
            other_off[p] =
                (2..=players + 1).find(|&i| at(i) != side[p]).unwrap_or(players + 1) as i32;
        }
        Sides { side, same_off, other_off }
    }
}

/// Sorts a node's moves by score, highest first, stably (equal scores keep their order). Up
/// to 16 moves (every node under gravity on boards up to 16 wide) by an insertion sort of a
/// few lines: the standard sort brought its general machinery into the code a small search
/// runs (issue 13: cheap small calls); more by the standard sort.
fn sort_by_score(moves: &mut [(i32, u32)]) {
    if moves.len() > 16 {
        moves.sort_by_key(|m| std::cmp::Reverse(m.0));
        return;
    }
    for i in 1..moves.len() {
        let m = moves[i];
        let mut j = i;
        while j > 0 && moves[j - 1].0 < m.0 {
            moves[j] = moves[j - 1];
            j -= 1;
        }
        moves[j] = m;
    }
}

/// The `i`-th output of SplitMix64 from a fixed seed: a small, well-mixed generator for the
/// Zobrist keys (deterministic). SplitMix64 is a counter passed through a mixer, so any output
/// is computed directly, without the ones before it.
fn splitmix(i: usize) -> u64 {
    const SEED: u64 = 0x7474_745F_7365_6172; // "ttt_sear"
    const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;
    mix64(SEED.wrapping_add((i as u64 + 1).wrapping_mul(GAMMA)))
}

/// SplitMix64's mixer: a bijection of `u64` whose every output bit depends on every input bit.
fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The mirror image (column `c` to `6 - c`) of a [board code](Solver::board_code), one column
/// a byte: its seven bytes in the reverse order.
#[inline(always)]
fn mirror_code(code: u64) -> u64 {
    code.swap_bytes() >> 8
}

impl<B: Bits> Solver<B> {
    /// A solver positioned at `state` (which must be in progress and fit in `B`).
    pub(crate) fn new(
        state: &GameState,
        node_limit: u64,
        tables: Tables,
        stop: Option<Arc<AtomicBool>>,
    ) -> Self {
        let mut solver = Solver::for_rules(state);
        solver.reset(state, node_limit, stop);
        solver.tables = tables;
        solver
    }

    /// The per-rules part of a solver (keys, symmetry maps, windows, cell maps), at no
    /// position: [`reset`](Self::reset) puts it at one. A solver reset to another position of
    /// the same rules is the solver [`new`](Self::new) would build there, without the cost of
    /// building it (an [`Engine`](super::Engine) keeps one; issue 13: cheap small calls).
    fn for_rules(state: &GameState) -> Self {
        let rules = state.rules();
        let (w, h, k) = (rules.width(), rules.height(), rules.k());
        let stride = w + 1;
        let nbits = stride * h;
        debug_assert!(nbits <= B::CAPACITY);
        let players = rules.players() as usize;
        let gravity = rules.gravity();
        let mut dirs = Vec::new();
        if k <= w {
            dirs.push(1);
        }
        if k <= h {
            dirs.push(stride as u32);
        }
        if k <= w.min(h) {
            dirs.push(stride as u32 + 1);
            dirs.push(stride as u32 - 1);
        }
        debug_assert!(dirs.iter().all(|&d| (k as u32 - 1) * d < nbits as u32));
        let mut mask = B::ZERO;
        let mut bottom = B::ZERO;
        let mut cell_of = vec![u16::MAX; nbits];
        let mut pos_of = vec![0; w * h];
        let mut centre = vec![0; nbits];
        let mut column_centre = vec![0; nbits];
        let mut claim_rows = B::ZERO;
        for r in 0..h {
            for c in 0..w {
                let pos = r * stride + c;
                let cell = r * w + c;
                mask = mask | B::bit(pos);
                column_centre[pos] = -((2 * c).abs_diff(w - 1) as i32);
                // Height from the bottom of the same parity as the board's height.
                if (h - 1 - r) % 2 == h % 2 {
                    claim_rows = claim_rows | B::bit(pos);
                }
                if r == h - 1 {
                    bottom = bottom | B::bit(pos);
                }
                cell_of[pos] = cell as u16;
                pos_of[cell] = pos as u16;
                centre[pos] = -(rules.centre_distance4(cell) as i32);
            }
        }
        let mut tie_order = pos_of.clone();
        tie_order
            .sort_unstable_by_key(|&pos| tie_key(state, usize::from(cell_of[usize::from(pos)])));
        let mut tie_rank = vec![u16::MAX; nbits];
        for (rank, &pos) in tie_order.iter().enumerate() {
            tie_rank[usize::from(pos)] = rank as u16;
        }
        let maps = symmetries(w, h, gravity);
        let nsym = maps.len();
        let mut zob = vec![0u64; players * nbits * nsym];
        let mut sym_fwd = vec![0u16; nbits * nsym];
        let mut sym_inv = vec![0u16; nbits * nsym];
        let mut images = vec![0u16; w * h * nsym];
        for r in 0..h {
            for c in 0..w {
                let pos = r * stride + c;
                for (s, map) in maps.iter().enumerate() {
                    let (r2, c2) = map(r, c, w, h);
                    let pos2 = r2 * stride + c2;
                    images[(r * w + c) * nsym + s] = (r2 * w + c2) as u16;
                    sym_fwd[pos * nsym + s] = pos2 as u16;
                    sym_inv[pos2 * nsym + s] = pos as u16;
                    for p in 0..players {
                        zob[(p * nbits + pos) * nsym + s] = splitmix(p * w * h + r2 * w + c2);
                    }
                }
            }
        }
        let mut windows = Vec::new();
        // Counted before they are built: on a big board (20 × 20 has 1,536 windows) building
        // them all to throw them away cost a tenth of a millisecond per call.
        // Windows in each direction that fits one: the starts with k - 1 cells after them.
        let (wk, hk) = ((w + 1).saturating_sub(k), (h + 1).saturating_sub(k));
        let count = if k <= w { h * wk } else { 0 }
            + if k <= h { w * hk } else { 0 }
            + if k <= w.min(h) { 2 * wk * hk } else { 0 };
        if players == 2 && !gravity && count <= PAIRING_MAX_WINDOWS {
            // Each window from its first cell: a start whose k - 1 next cells along the
            // direction are on the board (the spare bit ends every row).
            for &d in &dirs {
                for start in 0..nbits {
                    let cells = (0..k as u32).map(|i| start + (d * i) as usize);
                    if cells.clone().all(|pos| pos < nbits && mask.has(pos)) {
                        windows.push(cells.fold(B::ZERO, |acc, pos| acc | B::bit(pos)));
                    }
                }
            }
            debug_assert_eq!(windows.len(), rules.windows().count());
            debug_assert_eq!(windows.len(), count);
        }
        // Two players under gravity, 7 wide and at most 7 high: see `board_keys`.
        let board_keys = stride == 8 && players == 2 && gravity && h <= 7 && nsym == 2;
        Solver {
            cells: (w * h) as i32,
            k,
            players,
            gravity,
            stride: stride as u32,
            seven_wide: stride == 8 && dirs.len() == 4,
            connect_four: board_keys && dirs.len() == 4 && k == 4,
            board_keys,
            dirs,
            mask,
            bottom,
            stones: [B::ZERO; 4],
            occ: B::ZERO,
            n: 0,
            mover: 0,
            side: [false; 4],
            same_off: [0; 4],
            other_off: [0; 4],
            sides_by_root: std::array::from_fn(|root| Sides::new(players, root)),
            zob,
            nbits,
            nsym,
            hash: [0; MAX_SYM],
            codes: [0; 2],
            sym_fwd,
            sym_inv,
            images,
            centre,
            column_centre,
            claim_rows,
            windows,
            cell_of,
            pos_of,
            tie_rank,
            tie_order,
            legal_room: Vec::new(),
            tables: Tables::new(0),
            near_empty: (w * h * 3 / 8) as i32,
            moves: Vec::new(),
            wins: [B::ZERO; 4],
            wins_known: 0,
            last_loop: NO_LOOP,
            wins_saved: vec![(B::ZERO, false); w * h + 1],
            after_wins: if gravity { vec![B::ZERO; (w * h + 1) * w] } else { Vec::new() },
            width: w,
            nodes: 0,
            node_limit: 0,
            stop: None,
            deadline: None,
            aborted: false,
            stopped: false,
        }
    }

    /// Puts the solver at `state`, a position of the rules it was built for (in progress), with
    /// a budget of `node_limit` nodes and the stop flag `stop`, and every per-search field
    /// afresh (no deadline): what [`new`](Self::new) gives, with the tables it holds (an
    /// engine's own, left in the solver it keeps: moving them in and out at every call cost
    /// about 100 instructions and 8 of the 190 lines of code a small call ran; issue 13).
    pub(crate) fn reset(
        &mut self,
        state: &GameState,
        node_limit: u64,
        stop: Option<Arc<AtomicBool>>,
    ) {
        debug_assert_eq!(self.cells as usize, state.rules().cell_count());
        let root = state.current_player().seat();
        let sides = self.sides_by_root[root];
        (self.side, self.same_off, self.other_off) = (sides.side, sides.same_off, sides.other_off);
        self.mover = root;
        self.moves.clear();
        self.wins_known = 0;
        self.last_loop = NO_LOOP;
        self.nodes = 0;
        self.node_limit = node_limit;
        self.deadline = None;
        // A flag set before the call stops it before any search.
        let stopped = stop.as_ref().is_some_and(|stop| stop.load(Ordering::Relaxed));
        self.stop = stop;
        self.aborted = stopped;
        self.stopped = stopped;
        // The keys are computed here, not read from `zob` (the same values): late in a game
        // most cells hold a stone, and reading their keys touched two dozen cache lines, which
        // a small solve right after another program has run finds in memory, not in the cache
        // (issue 13: cheap small calls).
        let (stones, n, hash) = match self.nsym {
            _ if self.board_keys => self.read_stones(state),
            2 => self.read_board::<2>(state),
            4 => self.read_board::<4>(state),
            _ => self.read_board::<MAX_SYM>(state),
        };
        self.occ = stones.iter().fold(B::ZERO, |occ, &s| occ | s);
        (self.stones, self.n, self.hash) = (stones, n, hash);
        if self.board_keys {
            self.codes = self.board_codes(stones[0], stones[1]);
        }
        debug_assert!(self.board_keys || self.hash == self.hash_of_stones(), "the keys of `zob`");
    }

    /// The stones of `state` and their count, with no hash: for [`board_keys`](Self::board_keys).
    fn read_stones(&self, state: &GameState) -> ([B; 4], i32, [u64; MAX_SYM]) {
        let (mut stones, mut n) = ([B::ZERO; 4], 0);
        for (mark, &pos) in state.board().iter().zip(&self.pos_of) {
            if let Some(player) = mark {
                stones[player.seat()] = stones[player.seat()] | B::bit(usize::from(pos));
                n += 1;
            }
        }
        (stones, n, [0; MAX_SYM])
    }

    /// The stones of `state`, their count and the position's hash under each symmetry, `S`
    /// being the number of symmetries: one pass over the board, the keys in registers (this
    /// loop was a third of the instructions of a small solve; issue 13: cheap small calls).
    fn read_board<const S: usize>(&self, state: &GameState) -> ([B; 4], i32, [u64; MAX_SYM]) {
        debug_assert_eq!(S, self.nsym);
        let cells = self.cells as usize;
        let (mut stones, mut n, mut keys) = ([B::ZERO; 4], 0, [0u64; S]);
        let board = state.board().iter().zip(&self.pos_of);
        for ((mark, &pos), images) in board.zip(self.images.chunks_exact(S)) {
            let Some(player) = mark else { continue };
            let p = player.seat();
            stones[p] = stones[p] | B::bit(usize::from(pos));
            n += 1;
            let first = p * cells;
            for (key, &image) in keys.iter_mut().zip(images) {
                *key ^= splitmix(first + usize::from(image));
            }
        }
        let mut hash = [0; MAX_SYM];
        hash[..S].copy_from_slice(&keys);
        (stones, n, hash)
    }

    /// The hashes of the position from `zob`, as [`play`](Self::play) keeps them.
    fn hash_of_stones(&self) -> [u64; MAX_SYM] {
        let mut hash = [0; MAX_SYM];
        for p in 0..self.players {
            let mut rest = self.stones[p];
            while !rest.is_zero() {
                let pos = rest.lowest();
                rest = rest ^ B::bit(pos);
                for (h, z) in hash.iter_mut().zip(self.zobrist(p, pos)) {
                    *h ^= z;
                }
            }
        }
        hash
    }

    /// Number of cells.
    pub(crate) fn cells(&self) -> i32 {
        self.cells
    }

    /// Bits of the board's layout (`(width + 1) × height`).
    pub(crate) fn layout_bits(&self) -> usize {
        self.nbits
    }

    /// Stones on the board now.
    pub(crate) fn stones_on_board(&self) -> i32 {
        self.n
    }

    /// The bit position of cell `index`.
    pub(crate) fn pos(&self, index: usize) -> usize {
        usize::from(self.pos_of[index])
    }

    /// Replaces `legal` with the cells (indices) the player to move may play now, in the tie
    /// order of equally good moves: `GameState::available_moves` sorted by
    /// [`tie_key`], when the game is on.
    pub(crate) fn legal_in_tie_order(&self, legal: &mut Vec<usize>) {
        let mut ranks = self.tie_ranks(self.playable(self.empty()));
        legal.clear();
        while !ranks.is_zero() {
            let rank = ranks.lowest();
            ranks = ranks ^ B::bit(rank);
            legal.push(self.cell(usize::from(self.tie_order[rank])));
        }
    }

    /// The cell (index) of the set of bit positions `set` that comes first in the tie order of
    /// [`legal_in_tie_order`](Self::legal_in_tie_order); `set` must not be empty.
    pub(crate) fn first_in_tie_order(&self, set: B) -> usize {
        self.cell(usize::from(self.tie_order[self.tie_ranks(set).lowest()]))
    }

    /// The tie ranks of the cells of `set` as a set (a rank is below the number of cells, so
    /// it fits in `B`), to read back lowest first: a few instructions a move, where a pass over
    /// `tie_order` took a dozen a cell (issue 13: cheap small calls).
    fn tie_ranks(&self, mut set: B) -> B {
        let mut ranks = B::ZERO;
        while !set.is_zero() {
            let pos = set.lowest();
            set = set ^ B::bit(pos);
            ranks = ranks | B::bit(usize::from(self.tie_rank[pos]));
        }
        ranks
    }

    /// The cells (indices) of the set of bit positions `set`, in the order of their bits.
    pub(crate) fn cells_of(&self, mut set: B) -> Vec<usize> {
        let mut cells = Vec::with_capacity(set.count() as usize);
        while !set.is_zero() {
            let pos = set.lowest();
            set = set ^ B::bit(pos);
            cells.push(self.cell(pos));
        }
        cells
    }

    /// The cell index of bit position `pos`.
    pub(crate) fn cell(&self, pos: usize) -> usize {
        usize::from(self.cell_of[pos])
    }

    /// The Zobrist keys of `player`'s stone at bit `pos`, one per symmetry of the board.
    #[inline]
    fn zobrist(&self, player: usize, pos: usize) -> &[u64] {
        self.zobrist_in::<false>(player, pos)
    }

    /// [`zobrist`](Self::zobrist); `C4` says the rules are Connect Four's (see
    /// [`connect_four`](Self::connect_four)), as for every `_in` function.
    #[inline(always)]
    fn zobrist_in<const C4: bool>(&self, player: usize, pos: usize) -> &[u64] {
        let nsym = self.nsym_in::<C4>();
        let at = (player * self.nbits + pos) * nsym;
        &self.zob[at..at + nsym]
    }

    /// The number of symmetries of the board: under gravity, the board and its mirror image.
    #[inline(always)]
    fn nsym_in<const C4: bool>(&self) -> usize {
        debug_assert!(!C4 || self.nsym == 2);
        if C4 { 2 } else { self.nsym }
    }

    /// Adds or takes away `player`'s stone at bit `pos` in the hashes.
    #[inline(always)]
    fn toggle_hash_in<const C4: bool>(&mut self, player: usize, pos: usize) {
        if C4 || self.board_keys {
            return self.toggle_codes(player, pos);
        }
        let nsym = self.nsym_in::<C4>();
        let at = (player * self.nbits + pos) * nsym;
        for (h, z) in self.hash.iter_mut().zip(&self.zob[at..at + nsym]) {
            *h ^= z;
        }
    }

    /// [`toggle_hash_in`](Self::toggle_hash_in) with [`board_keys`](Self::board_keys): the
    /// [`codes`](Self::codes) with and without `player`'s stone at `pos`. In the player's code
    /// the cell was the column's mark and is now their stone, and the mark moves to the cell
    /// above; in the other player's code the cell is cleared. The same flips undo the move.
    #[inline(always)]
    fn toggle_codes(&mut self, player: usize, pos: usize) {
        let (stone, mark) = Self::code_bits(pos);
        self.codes[player] ^= mark;
        self.codes[player ^ 1] ^= stone | mark;
    }

    /// With [`board_keys`](Self::board_keys), for a stone at `pos` (row `pos / 8` from the top,
    /// column `pos % 8`): its bit in a [`board_code`](Self::board_code) and the bit of the
    /// column's mark above it.
    #[inline(always)]
    fn code_bits(pos: usize) -> (u64, u64) {
        let stone = 1u64 << ((pos & 7) * 8 + (pos >> 3) + 1);
        (stone, stone >> 1)
    }

    /// With [`board_keys`](Self::board_keys), the key and symmetry [`key`](Self::key) gives
    /// the position whose [`board_code`](Self::board_code) is `code`: the code of the board or
    /// of its mirror image, whichever is less.
    #[inline(always)]
    fn board_key_of(code: u64) -> (u64, usize) {
        let mirror = mirror_code(code);
        if mirror < code { (mirror, 1) } else { (code, 0) }
    }

    /// With [`board_keys`](Self::board_keys), the key of the position after `player` plays at
    /// `pos`, as [`key`](Self::key) would give it there: from the other player's code, without
    /// playing.
    #[inline(always)]
    fn child_board_key(&self, player: usize, pos: usize) -> u64 {
        let (stone, mark) = Self::code_bits(pos);
        Self::board_key_of(self.codes[player ^ 1] ^ stone ^ mark).0
    }

    /// The seat that moves after seat `p`. A compare, not `% players`: a division by a number
    /// known only at run time costs tens of cycles, and a node took four.
    #[inline(always)]
    pub(crate) fn next_seat(&self, p: usize) -> usize {
        if p + 1 == self.players { 0 } else { p + 1 }
    }

    /// [`next_seat`](Self::next_seat).
    #[inline(always)]
    fn next_seat_in<const C4: bool>(&self, p: usize) -> usize {
        if C4 { p ^ 1 } else { self.next_seat(p) }
    }

    /// The player to move puts a stone on `pos`; the turn passes.
    #[inline]
    pub(crate) fn play(&mut self, pos: usize) {
        self.play_known_in::<false>(pos, None);
    }

    /// [`play`](Self::play), with the mover's [`win_cells`](Self::win_cells) after the move
    /// when the caller knows it.
    #[inline]
    fn play_known_in<const C4: bool>(&mut self, pos: usize, wins_after: Option<B>) {
        let p = self.mover;
        let bit = 1u8 << p;
        self.wins_saved[self.n as usize] = (self.wins[p], self.wins_known & bit != 0);
        match wins_after {
            Some(w) => {
                self.wins[p] = w;
                self.wins_known |= bit;
            }
            None => self.wins_known &= !bit,
        }
        self.stones[p] = self.stones[p] | B::bit(pos);
        self.occ = self.occ | B::bit(pos);
        self.n += 1;
        self.toggle_hash_in::<C4>(p, pos);
        self.mover = self.next_seat_in::<C4>(p);
    }

    /// [`win_cells`](Self::win_cells) of seat `p`'s stones, through the cache the search
    /// keeps of them: the root's checks and its first node then compute them once, with the
    /// search's own code (issue 13: a small call fetches its code from memory).
    pub(crate) fn seat_wins(&mut self, p: usize) -> B {
        if self.connect_four { self.seat_wins_in::<true>(p) } else { self.seat_wins_in::<false>(p) }
    }

    /// [`win_cells`](Self::win_cells) of seat `p`'s stones, from the cache when it is known.
    #[inline]
    fn seat_wins_in<const C4: bool>(&mut self, p: usize) -> B {
        if self.wins_known & (1 << p) == 0 {
            self.wins[p] = self.win_cells_in::<C4>(self.stones[p]);
            self.wins_known |= 1 << p;
        }
        self.wins[p]
    }

    /// Takes back `play(pos)`.
    #[inline]
    pub(crate) fn undo(&mut self, pos: usize) {
        self.undo_in::<false>(pos);
    }

    /// [`undo`](Self::undo).
    #[inline]
    fn undo_in<const C4: bool>(&mut self, pos: usize) {
        self.mover = if C4 {
            self.mover ^ 1
        } else if self.mover == 0 {
            self.players - 1
        } else {
            self.mover - 1
        };
        let player = self.mover;
        let (w, known) = self.wins_saved[self.n as usize - 1];
        self.wins[player] = w;
        let bit = 1u8 << player;
        self.wins_known = if known { self.wins_known | bit } else { self.wins_known & !bit };
        self.stones[player] = self.stones[player] ^ B::bit(pos);
        self.occ = self.occ ^ B::bit(pos);
        self.n -= 1;
        self.toggle_hash_in::<C4>(player, pos);
    }

    /// The position's key: the smallest of its hashes under the board's symmetries, so that
    /// every mirror image or rotation of a position shares one table slot.
    /// Also returns the symmetry that gives that smallest hash: the one that maps the position
    /// onto its canonical orientation.
    #[inline]
    pub(crate) fn key(&self) -> (u64, usize) {
        self.key_in::<false>()
    }

    /// [`key`](Self::key).
    #[inline(always)]
    fn key_in<const C4: bool>(&self) -> (u64, usize) {
        if C4 || self.board_keys {
            let code = self.codes[self.mover];
            debug_assert_eq!(code, self.board_code(self.stones[self.mover], self.occ));
            return Self::board_key_of(code);
        }
        let mut best = (self.hash[0], 0);
        for (s, &h) in self.hash[..self.nsym_in::<C4>()].iter().enumerate().skip(1) {
            if h < best.0 {
                best = (h, s);
            }
        }
        (best.0.max(1), best.1) // 0 marks an empty slot
    }

    /// With [`board_keys`](Self::board_keys), a code of the position whose player to move has
    /// the stones `mover` and whose occupied cells are `occ`, one column a byte (column `c` in
    /// byte `c`, so that the mirror image is the bytes reversed): the mover's stones, the stone
    /// of row `r` (0 at the top) at bit `r + 1` of its byte, plus a mark on the cell just above
    /// each column's top stone (bit 0 for a full column), which tells how high the column is,
    /// so the other player's stones are the rest. A code for each position and a position for
    /// each code, with no Zobrist keys to read or update (Pons' solver keys its table the same
    /// way). Never 0: every column has a mark. The key is made from it by
    /// [`board_key_of`](Self::board_key_of). Computed afresh only by `reset`; moves keep it
    /// (see [`toggle_codes`](Self::toggle_codes)).
    fn board_code(&self, mover: B, occ: B) -> u64 {
        self.board_codes(mover, occ ^ mover)[0]
    }

    /// The [`board_code`](Self::board_code)s of the position with the stones `first` and
    /// `second` when the player of `first` moves and when the other one does.
    fn board_codes(&self, first: B, second: B) -> [u64; 2] {
        debug_assert!(self.board_keys && self.nbits <= 56);
        // A byte for each of the seven columns.
        const BYTES: u64 = 0x0001_0101_0101_0101;
        // Row by row, from the bottom up, each shifted one bit further: times SPREAD, a row's
        // seven bits are seven copies 7 bits apart, which put bit `c` of copy `c` at bit `8 c`
        // (and nothing else there, with no carry). A chain, not independent rows: the compiler
        // turned those into vector code whose constants a cold call read from memory.
        const SPREAD: u64 = 0x0408_1020_4081;
        let height = self.nbits / 8;
        let in_code = |stones: B| {
            let stones = stones.low_u64();
            let mut code = 0;
            for row in (0..height).rev() {
                code = (code << 1) | ((((stones >> (8 * row)) & 0x7F) * SPREAD) & BYTES);
            }
            code << 1
        };
        let (first, second) = (in_code(first), in_code(second));
        // A column's empty cells are bits 1 to `r` of its byte (rows 0 to `r - 1`): its mark,
        // bit `r` (bit 0 for a full column), is half of them plus one.
        let cells = BYTES * ((1 << (height + 1)) - 2);
        let marks = ((cells & !(first | second)) >> 1) + BYTES;
        [first | marks, second | marks]
    }

    /// A hash of the position as it stands, not reduced by symmetry (the anytime search's
    /// table key, whose moves are not turned): `hash[0]`, or with
    /// [`board_keys`](Self::board_keys) the [`board_code`](Self::board_code), mixed (that
    /// table takes a key's low bits as is).
    pub(crate) fn raw_key(&self) -> u64 {
        if self.board_keys { mix64(self.codes[self.mover]) } else { self.hash[0] }
    }

    /// Every empty cell.
    #[inline]
    pub(crate) fn empty(&self) -> B {
        self.mask & !self.occ
    }

    /// The cells the player to move may play: every empty cell, or under gravity the lowest
    /// empty cell of each column (a cell whose neighbour below, one stride up, is occupied,
    /// or which is on the bottom row).
    #[inline]
    pub(crate) fn playable(&self, empty: B) -> B {
        self.playable_in::<false>(empty)
    }

    /// [`playable`](Self::playable).
    #[inline(always)]
    fn playable_in<const C4: bool>(&self, empty: B) -> B {
        if C4 || self.gravity {
            empty & (self.row_down_in::<C4>(self.occ) | self.bottom)
        } else {
            empty
        }
    }

    /// Every cell of `b` moved one row down (`stride` bits), by a constant on Connect Four's
    /// board (see [`win_cells`](Self::win_cells)).
    #[inline(always)]
    fn row_down_in<const C4: bool>(&self, b: B) -> B {
        if C4 || self.seven_wide { b.down_in(8) } else { b.down(self.stride) }
    }

    /// Every cell of `b` moved one row up (see [`row_down_in`](Self::row_down_in)).
    #[inline(always)]
    fn row_up_in<const C4: bool>(&self, b: B) -> B {
        if C4 || self.seven_wide { b.up_in(8) } else { b.up(self.stride) }
    }

    /// Cells (occupied or not, spare bits excluded) that would complete a window of `k` for
    /// the stone set `m`: for every direction, cells `p` with `a` stones of `m` just before
    /// them and `k - 1 - a` just after. Under gravity the answer is exact on the cells with no
    /// stone of `m` above them (every empty cell, when `m` is a set of stones on the board, or
    /// those plus a playable cell); on the others it may leave out a cell. The hottest function of the search: the usual window
    /// lengths get a copy whose loops the compiler unrolls (`k` a constant there: the copy of
    /// before took `k` from `self` and cost 205 instructions a call on Connect Four, five
    /// times Pons' `compute_winning_position`).
    pub(crate) fn win_cells(&self, m: B) -> B {
        match self.k {
            1 => self.mask,
            3 => self.win_cells_of::<3>(m),
            // Shifts by constants: on x86-64 without BMI2 a shift by a count held in a
            // register takes a `mov` to `cl` and two or three micro-ops, by a constant one.
            4 if self.seven_wide => self.win_cells_seven_wide(m, self.gravity),
            4 => self.win_cells_of::<4>(m),
            5 => self.win_cells_of::<5>(m),
            _ => self.win_cells_any(m),
        }
    }

    /// [`win_cells`](Self::win_cells) on a board 7 cells wide with windows of 4 (Connect
    /// Four's), by constant shifts. Under gravity a column's windows count only from below: an
    /// empty cell has no stone above it, so the three other ways to complete a column's window
    /// only ever mark occupied cells, which every caller masks out (a fifth of the
    /// instructions of the call, the hottest of the search).
    #[inline(always)]
    fn win_cells_seven_wide(&self, m: B, gravity: bool) -> B {
        let along = |s| Self::win_cells_along::<4>(m, s);
        let column = if gravity {
            // Three stones below, one row (8 bits) further down each.
            m.down_in(8) & m.down_in(16) & m.down_in(24)
        } else {
            along(8)
        };
        (along(1) | column | along(9) | along(7)) & self.mask
    }

    /// [`win_cells`](Self::win_cells).
    #[inline(always)]
    fn win_cells_in<const C4: bool>(&self, m: B) -> B {
        if C4 { self.win_cells_seven_wide(m, true) } else { self.win_cells(m) }
    }

    /// [`win_cells`](Self::win_cells) for windows of exactly `K` cells.
    #[inline(always)]
    fn win_cells_of<const K: usize>(&self, m: B) -> B {
        let mut res = B::ZERO;
        for &s in &self.dirs {
            res = res | Self::win_cells_along::<K>(m, s);
        }
        res & self.mask
    }

    /// The cells (spare bits included) that would complete a window of `K` cells of `m` along
    /// the shift `s`.
    #[inline(always)]
    fn win_cells_along<const K: usize>(m: B, s: u32) -> B {
        // before[a] / after[b]: cells whose a previous / b next cells along the direction
        // are all in `m`.
        let mut before = [!B::ZERO; K];
        let mut after = [!B::ZERO; K];
        for i in 1..K {
            before[i] = before[i - 1] & m.up_in(s * i as u32);
            after[i] = after[i - 1] & m.down_in(s * i as u32);
        }
        let mut res = B::ZERO;
        for a in 0..K {
            res = res | (before[a] & after[K - 1 - a]);
        }
        res
    }

    /// [`win_cells`](Self::win_cells) for any `k >= 2`, with loops the length of `k`.
    fn win_cells_any(&self, m: B) -> B {
        let k = self.k;
        let mut res = B::ZERO;
        let mut after = [B::ZERO; crate::rules::MAX_SIDE];
        for &s in &self.dirs {
            after[0] = !B::ZERO;
            for b in 1..k {
                after[b] = after[b - 1] & m.down(s * b as u32);
            }
            // before: cells whose a previous cells are all in `m`, built up alongside.
            let mut before = !B::ZERO;
            for a in 0..k {
                if a > 0 {
                    before = before & m.up(s * a as u32);
                }
                res = res | (before & after[k - 1 - a]);
            }
        }
        res & self.mask
    }

    /// The cells of every full window of `k` cells inside the set `a`. Runs are doubled in
    /// length by and-ing a set with itself shifted by the run length, then topped up, which
    /// leaves the first cell of each window; the windows are then spread back over their cells.
    fn window_cover(&self, a: B) -> B {
        // The usual lengths as constants, so that the loops of `cover_along` unroll.
        match self.k {
            // Shifts by constants (see `win_cells`).
            4 if self.seven_wide => self.window_cover_seven_wide(a),
            4 => self.window_cover_k(a, 4),
            5 => self.window_cover_k(a, 5),
            k => self.window_cover_k(a, k),
        }
    }

    /// [`window_cover`](Self::window_cover).
    #[inline(always)]
    fn window_cover_in<const C4: bool>(&self, a: B) -> B {
        if C4 { self.window_cover_seven_wide(a) } else { self.window_cover(a) }
    }

    /// [`window_cover`](Self::window_cover) on a board 7 cells wide with windows of 4.
    #[inline(always)]
    fn window_cover_seven_wide(&self, a: B) -> B {
        let along = |s| Self::cover_along(a, s, 4);
        (along(1) | along(8) | along(9) | along(7)) & self.mask
    }

    /// [`window_cover`](Self::window_cover) for windows of `k` cells.
    #[inline(always)]
    fn window_cover_k(&self, a: B, k: usize) -> B {
        let mut cover = B::ZERO;
        for &s in &self.dirs {
            cover = cover | Self::cover_along(a, s, k);
        }
        cover & self.mask
    }

    /// The cells of the windows of `k` cells along the shift `s` that lie inside `a`.
    #[inline(always)]
    fn cover_along(a: B, s: u32, k: usize) -> B {
        let mut t = a;
        let mut len = 1;
        while 2 * len <= k {
            t = t & t.down_in(s * len as u32);
            len *= 2;
        }
        if len < k {
            t = t & t.down_in(s * (k - len) as u32);
        }
        if t.is_zero() {
            return t;
        }
        // Spread each window start over its k cells, doubling again.
        let mut spread = t;
        let mut len = 1;
        while 2 * len <= k {
            spread = spread | spread.up_in(s * len as u32);
            len *= 2;
        }
        if len < k {
            spread = spread | spread.up_in(s * (k - len) as u32);
        }
        spread
    }

    /// The cells of the windows that some player of `side` can still complete: windows free of
    /// every other player's marks. Empty when that side can no longer win.
    fn side_cover(&self, side: bool) -> B {
        let mut cover = B::ZERO;
        for p in 0..self.players {
            if self.side[p] == side {
                cover = cover | self.window_cover(self.mask & !(self.occ ^ self.stones[p]));
            }
        }
        cover
    }

    /// The table of positions with `empty` empty cells.
    #[inline]
    pub(crate) fn table(&self, empty: i32) -> &Table {
        if empty <= self.near_empty { &self.tables.near } else { &self.tables.far }
    }

    /// [`table`](Self::table), to write to.
    #[inline]
    fn table_mut(&mut self, empty: i32) -> &mut Table {
        if empty <= self.near_empty { &mut self.tables.near } else { &mut self.tables.far }
    }

    /// Counts a node and polls the budget (every node), the stop flag and the clock (every
    /// [`POLL_MASK`]` + 1` nodes or fewer); true when the search must give up.
    #[inline]
    pub(crate) fn out_of_budget(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.node_limit {
            self.aborted = true;
        }
        if self.nodes & (POLL_MASK >> (2 * (B::CAPACITY.ilog2() - 6).min(3))) == 0 {
            self.poll();
        }
        self.aborted
    }

    /// Reads the stop flag, the thread's stop check ([`super::with_stop_check`]) and the clock
    /// now; true when the search must give up for good.
    pub(crate) fn poll(&mut self) -> bool {
        let flag = self.stop.as_ref().is_some_and(|stop| stop.load(Ordering::Relaxed));
        let flag = flag || super::stop_check::should_stop();
        if flag || self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.aborted = true;
            self.stopped = true;
        }
        self.stopped
    }

    /// Where a stone of `m` would make a threat: empty cells that lie, with one other empty
    /// cell, in a window whose other `k - 2` cells are all in `m`. Returned as the cells found
    /// at least once and at least twice (a two-plane saturating counter), computed for all
    /// cells at once: for every direction and every pair of gaps `(i, j)` of a window, the
    /// window starts matching that pattern, moved onto the two gap cells.
    pub(crate) fn threat_map(&self, m: B, empty: B) -> (B, B) {
        let k = self.k;
        let (mut once, mut twice) = (B::ZERO, B::ZERO);
        if k < 2 {
            return (once, twice);
        }
        let mut ms = [B::ZERO; crate::rules::MAX_SIDE];
        let mut es = [B::ZERO; crate::rules::MAX_SIDE];
        for &s in &self.dirs {
            for o in 0..k {
                ms[o] = m.down(s * o as u32);
                es[o] = empty.down(s * o as u32);
            }
            for i in 0..k {
                for j in i + 1..k {
                    let mut start = es[i] & es[j];
                    for (o, &mo) in ms[..k].iter().enumerate() {
                        if o != i && o != j {
                            start = start & mo;
                        }
                    }
                    if start.is_zero() {
                        continue;
                    }
                    for x in [start.up(s * i as u32), start.up(s * j as u32)] {
                        twice = twice | (once & x);
                        once = once | x;
                    }
                }
            }
        }
        (once, twice)
    }

    /// The threat maps of the player to move, for [`order_score`](Self::order_score).
    pub(crate) fn order_scores(&self, empty: B) -> OrderMaps<B> {
        let (m1, m2) = self.threat_map(self.stones[self.mover], empty);
        OrderMaps { m1, m2 }
    }

    /// The move-order score of `pos`: threats it makes (none, one, two or more), then closeness
    /// to the centre. From the maps of [`order_scores`](Self::order_scores).
    #[inline]
    pub(crate) fn order_score(&self, pos: usize, maps: &OrderMaps<B>) -> i32 {
        let threats = i32::from(maps.m1.has(pos)) + i32::from(maps.m2.has(pos));
        threats * 4096 + self.centre[pos]
    }

    /// Pushes the moves of `moves` (at most one per column: gravity) with their order scores:
    /// the number of empty cells where the mover would then complete a window, at any height
    /// (Pons' ordering), then closeness of the column to the middle. With a handful of moves,
    /// counting each move's threats exactly costs about what the board-wide maps of
    /// [`order_scores`](Self::order_scores) cost, and orders much better.
    fn push_gravity_moves<const C4: bool>(&mut self, moves: B) {
        // Connect Four's `win_cells` inlined in a copy of the loop: called once a move, the
        // call, its dispatch on `k` and its saved registers were a fifth of its cost.
        if C4 || (self.k == 4 && self.seven_wide) {
            self.push_gravity_moves_with(moves, |s, m| s.win_cells_seven_wide(m, true));
        } else {
            self.push_gravity_moves_with(moves, Self::win_cells);
        }
    }

    /// [`push_gravity_moves`](Self::push_gravity_moves) with `win_cells` for
    /// [`win_cells`](Self::win_cells).
    #[inline(always)]
    fn push_gravity_moves_with(&mut self, mut moves: B, win_cells: impl Fn(&Self, B) -> B) {
        let mine = self.stones[self.mover];
        let empty = self.empty();
        let frame = self.n as usize * self.width;
        let mut slot = 0;
        while !moves.is_zero() {
            let pos = moves.lowest();
            moves = moves ^ B::bit(pos);
            let stone = B::bit(pos);
            let wins = win_cells(self, mine | stone);
            // At most one move per column: `width` slots per frame. The slot rides in the high
            // half of the move's entry (see `MOVE_POS`).
            self.after_wins[frame + slot] = wins;
            let threats = (wins & empty & !stone).count() as i32;
            let entry = pos as u32 | (slot as u32) << 16;
            self.moves.push((threats * 4096 + self.column_centre[pos], entry));
            slot += 1;
        }
    }

    /// A cap on the mover's score from a strategy of the other player (the *follower*) that
    /// needs no search, after Allis' Connect Four rules *claimeven* and *baseinverse*. Under
    /// gravity and with two players:
    ///
    /// - in a column with an even number of empty cells, the follower answers every stone
    ///   with one directly on top of it, and so gets every second empty cell from the bottom
    ///   (claimeven); the mover gets the others, the cells of [`claim_rows`](Self::claim_rows);
    /// - the columns with an odd number of empty cells are paired up, and when the mover plays
    ///   the lowest empty cell (the *base*) of one, the follower plays the base of the other
    ///   (baseinverse). Both columns are then even, and claimeven goes on there: above its
    ///   base, the mover gets the cells of the claim rows again.
    ///
    /// The follower always has an answer, so the game goes on that way to the end (or until
    /// the follower wins). The mover gets at most their stones, the claim-row cells and one
    /// base of each pair; if no choice of one base per pair lets them fill a window, they
    /// cannot win: the cap is 0. If besides the follower's sure cells (their stones, the empty
    /// cells off the claim rows, bases excepted) fill a window, the follower wins, at the latest
    /// with the last stone: the cap is -1. Otherwise (or with more than four odd columns, where
    /// the pairings to try get many) there is no cap: `i32::MAX`.
    fn claimeven_cap<const C4: bool>(&self, mover: B, other: B, empty: B) -> i32 {
        const NO_CAP: i32 = i32::MAX;
        // The lowest empty cell of each column is on a claim row exactly when the column has
        // an even number of empty cells: the others are the bases.
        let bases = self.playable_in::<C4>(empty) & !self.claim_rows;
        let most = mover | (empty & self.claim_rows) | bases;
        let mut base = [B::ZERO; 4];
        // The bases one by one (not counted first: no POPCNT on x86-64's baseline).
        let (mut rest, mut count) = (bases, 0);
        while !rest.is_zero() {
            if count == base.len() {
                return NO_CAP; // more would be many pairings
            }
            base[count] = B::bit(rest.lowest());
            rest = rest ^ base[count];
            count += 1;
        }
        if count % 2 == 1 {
            return NO_CAP; // an odd count cannot be paired
        }
        // Whether the mover cannot fill a window, whichever base of each pair they get.
        let contained = |pairs: &[(usize, usize)]| {
            let mut choices = [most; 4];
            let mut len = 1;
            for &(x, y) in pairs {
                for i in 0..len {
                    choices[len + i] = choices[i] ^ base[y];
                    choices[i] = choices[i] ^ base[x];
                }
                len *= 2;
            }
            choices[..len].iter().all(|&c| self.window_cover_in::<C4>(c).is_zero())
        };
        let safe = match count {
            0 => contained(&[]),
            2 => contained(&[(0, 1)]),
            _ => [[(0, 1), (2, 3)], [(0, 2), (1, 3)], [(0, 3), (1, 2)]]
                .iter()
                .any(|pairs| contained(pairs)),
        };
        if !safe {
            return NO_CAP;
        }
        let sure = other | (empty & !self.claim_rows & !bases);
        if self.window_cover_in::<C4>(sure).is_zero() { 0 } else { -1 }
    }

    /// The moves of the player to move worth searching and whether the position is decided
    /// before any search: `Err(score)` for a position whose value is known at once.
    pub(crate) fn candidates(&self) -> Result<B, i32> {
        let q = self.next_seat(self.mover);
        let (mine, next) = (self.stones[self.mover], self.stones[q]);
        self.candidates_from::<false>(self.win_cells(mine), || self.win_cells(next))
    }

    /// [`candidates`](Self::candidates) from the [`win_cells`](Self::win_cells) of the
    /// mover's stones and of the next player's (asked only when that player is an opponent).
    #[inline(always)]
    fn candidates_from<const C4: bool>(&self, mine: B, next: impl FnOnce() -> B) -> Result<B, i32> {
        let (p, n, cells) = (self.mover, self.n, self.cells);
        let empty = self.empty();
        let playable = self.playable_in::<C4>(empty);
        if !(mine & playable).is_zero() {
            return Err(cells - n); // win with the next stone
        }
        if n + 1 >= cells {
            return Err(0); // the last cell, and it does not win
        }
        let q = self.next_seat_in::<C4>(p);
        let mut moves = playable;
        // (Two players: the next is the other side.)
        if C4 || self.side[q] != self.side[p] {
            let threats = next() & empty;
            let urgent = threats & playable;
            let loss = -(cells - n - 1); // the next player wins with stone n + 2
            if !urgent.at_most_one() {
                return Err(loss);
            } else if !urgent.is_zero() {
                moves = urgent;
            }
            if C4 || self.gravity {
                // Never play just under a cell where the next player would win.
                moves = moves & !self.row_up_in::<C4>(threats);
            }
            if moves.is_zero() {
                return Err(loss);
            }
        }
        Ok(moves)
    }

    /// [`candidates`](Self::candidates) through the cache of [`seat_wins`](Self::seat_wins):
    /// the root's check before the search (as [`solve`](Self::solve) and
    /// [`solve_weak`](Self::solve_weak) make it) then leaves its first node nothing to compute.
    // Inlined into its two callers: out of line, its few lines of code sat on a 4 KiB page
    // of their own, one more trip through the page tables for a cold call (issue 13).
    #[inline(always)]
    fn root_candidates(&mut self) -> Result<B, i32> {
        if self.connect_four {
            self.node_candidates_in::<true>()
        } else {
            self.node_candidates_in::<false>()
        }
    }

    /// [`candidates`](Self::candidates) as a node of the search asks it, through the cache
    /// of [`seat_wins_in`](Self::seat_wins_in).
    #[inline(always)]
    fn node_candidates_in<const C4: bool>(&mut self) -> Result<B, i32> {
        let (p, q) = (self.mover, self.next_seat_in::<C4>(self.mover));
        let mine = self.seat_wins_in::<C4>(p);
        // The next player's cells matter only when they are an opponent and the mover cannot
        // win at once.
        let asked = (C4 || self.side[q] != self.side[p])
            && (mine & self.playable_in::<C4>(self.empty())).is_zero();
        let next = if asked { self.seat_wins_in::<C4>(q) } else { B::ZERO };
        self.candidates_from::<C4>(mine, || next)
    }

    /// Fail-soft negamax: the value of the position for the side to move if it lies strictly
    /// inside `(alpha, beta)`, else a bound on the right side of the window.
    pub(crate) fn negamax(&mut self, alpha: i32, beta: i32) -> i32 {
        if self.connect_four {
            self.negamax_in::<true>(alpha, beta)
        } else {
            self.negamax_in::<false>(alpha, beta)
        }
    }

    /// [`negamax`](Self::negamax). With `C4` (the rules are Connect Four's: see
    /// [`connect_four`](Self::connect_four)) the board's shape, the number of players and
    /// gravity are constants: the checks of the general search fold away, and a Connect Four
    /// solve runs 15% fewer instructions (Pons' sets; issue 13). The copy finds the same
    /// values with the same nodes (a test holds it to that).
    fn negamax_in<const C4: bool>(&mut self, mut alpha: i32, mut beta: i32) -> i32 {
        if self.out_of_budget() {
            return 0;
        }
        let moves = match self.node_candidates_in::<C4>() {
            Ok(moves) => moves,
            Err(score) => return score,
        };
        let (p, n, cells) = (self.mover, self.n, self.cells);
        // What is still possible: the side to move wins at the earliest with its next stone
        // after this one, the other side at its earliest slot.
        let mut hi = (cells - n - self.same_off[p]).max(0);
        let mut lo = -(cells - n - self.other_off[p]).max(0);
        // Proofs that a side cannot win: each is only worth its cost where it can end the
        // search here, capping the mover at 0 when alpha >= 0, or lifting them to 0 when
        // beta <= 0 (a null window asks one of the two). Without gravity, two players need both
        // dead-window maps anyway, to skip dead cells below.
        let dead_cells = !C4 && self.players == 2 && !self.gravity;
        // Under gravity with two players the claimeven cap below proves "cannot win" more
        // cheaply: there the dead-window maps cost 9% of the instructions of a solve and saved
        // 2% of its nodes (Pons' sets), so they are left out.
        let dead_windows = !C4 && (!self.gravity || self.players > 2);
        let (mut mine, mut theirs) = (self.mask, self.mask);
        // Dead windows: a side that can no longer complete any window cannot win.
        if dead_cells || (dead_windows && alpha >= 0) {
            mine = self.side_cover(self.side[p]);
            if mine.is_zero() {
                hi = hi.min(0);
            }
        }
        if dead_cells || (dead_windows && beta <= 0) {
            theirs = self.side_cover(!self.side[p]);
            if theirs.is_zero() {
                lo = lo.max(0);
            }
        }
        if C4 || self.players == 2 {
            let (mover, other) = (self.stones[p], self.stones[1 - p]);
            let empty = self.empty();
            if !C4 && !self.windows.is_empty() {
                if hi > 0 && alpha >= 0 && defender_has_pairing(&self.windows, other, empty) {
                    hi = 0;
                }
                if lo < 0 && beta <= 0 && defender_has_pairing(&self.windows, mover, empty) {
                    lo = 0;
                }
            } else if (C4 || self.gravity) && hi > -1 && alpha >= -1 {
                hi = hi.min(self.claimeven_cap::<C4>(mover, other, empty));
            }
        }
        if lo >= hi {
            return lo;
        }
        if beta > hi {
            beta = hi;
            if alpha >= beta {
                return beta;
            }
        }
        if alpha < lo {
            alpha = lo;
            if alpha >= beta {
                return alpha;
            }
        }
        let mut moves = moves;
        if !C4 && self.players == 2 && !self.gravity {
            // A dead cell (in no window either player can still complete) is worth no more than
            // any other empty cell: a stone there helps nobody, while a stone anywhere else
            // helps its owner at least as much (the strategy-stealing argument). So dead cells
            // are skipped while any live cell is left. Not with gravity (a stone also opens the
            // cell above) nor with more players (a stone can hinder a partner).
            let live = moves & (mine | theirs);
            if !live.is_zero() {
                moves = live;
            }
        }
        let (key, sym) = self.key_in::<C4>();
        let mut hint = usize::MAX;
        if let Some((t_lo, t_hi, t_move)) = self.table(cells - n).get(key) {
            if let Some(canonical) = t_move {
                hint = usize::from(self.sym_inv[canonical * self.nsym_in::<C4>() + sym]);
            }
            if t_hi < beta {
                beta = t_hi;
                if alpha >= beta {
                    return beta;
                }
            }
            if t_lo > alpha {
                alpha = t_lo;
                if alpha >= beta {
                    return alpha;
                }
            }
        }
        let q = self.next_seat_in::<C4>(p);
        let same = !C4 && self.side[q] == self.side[p];
        let alpha0 = alpha;
        let mut best = i32::MIN;
        let mut best_pos = 0;
        let mut rest = moves;
        // The table's best move first, before the others are even ordered: it often cuts.
        if hint != usize::MAX && moves.has(hint) {
            rest = rest ^ B::bit(hint);
            let v = self.child_value_in::<C4>(hint, alpha, beta, same);
            if self.aborted {
                return 0;
            }
            best = v;
            best_pos = hint;
            if v >= beta {
                rest = B::ZERO;
            } else if v > alpha {
                alpha = v;
            }
        }
        // Enhanced transposition cutoff: a child the table already knows to be good enough
        // ends the search here before any other move is tried.
        // (At most `width` moves under gravity: no count needed there.)
        let few = |rest: B| {
            ((C4 || self.gravity) && self.width <= ETC_MAX_MOVES as usize)
                || rest.count() <= ETC_MAX_MOVES
        };
        if cells - n > ETC_MIN_EMPTY && !rest.is_zero() && few(rest) {
            let mut left = rest;
            while !left.is_zero() {
                let pos = left.lowest();
                left = left ^ B::bit(pos);
                let child = if C4 || self.board_keys {
                    self.child_board_key(p, pos)
                } else {
                    let z = self.zobrist_in::<C4>(p, pos);
                    self.hash.iter().zip(z).map(|(h, z)| h ^ z).min().unwrap_or(0).max(1)
                };
                let table = self.table(cells - n - 1);
                if let Some((c_lo, c_hi, _)) = table.get(child) {
                    let v = if same { c_lo } else { -c_hi };
                    if v >= beta {
                        return v;
                    }
                }
            }
        }
        // Then the others, by threats and centre.
        let base = self.moves.len();
        // Whether the moves' `win_cells` are in `after_wins` (see `push_gravity_moves`).
        let mut wins_ready = false;
        if !rest.is_zero() && rest.at_most_one() {
            self.moves.push((0, rest.lowest() as u32));
        } else if !rest.is_zero() {
            if C4 || self.gravity {
                self.push_gravity_moves::<C4>(rest);
                wins_ready = true;
            } else {
                let maps = self.order_scores(self.empty());
                while !rest.is_zero() {
                    let pos = rest.lowest();
                    rest = rest ^ B::bit(pos);
                    self.moves.push((self.order_score(pos, &maps), pos as u32));
                }
            }
            sort_by_score(&mut self.moves[base..]);
        }
        let end = self.moves.len();
        let after = self.n as usize * self.width;
        for i in base..end {
            let entry = self.moves[i].1;
            let pos = (entry & MOVE_POS) as usize;
            let wins = wins_ready.then(|| self.after_wins[after + (entry >> 16) as usize]);
            let v = self.child_value_known_in::<C4>(pos, wins, alpha, beta, same);
            if self.aborted {
                self.moves.truncate(base);
                return 0;
            }
            if v > best {
                best = v;
                best_pos = pos;
                if v >= beta {
                    break;
                }
                if v > alpha {
                    alpha = v;
                }
            }
        }
        self.moves.truncate(base);
        // Above `alpha0` a child's value is exact or a lower bound, at most an upper one.
        self.last_loop = (n, if best > alpha0 { best } else { i32::MIN }, best_pos);
        // The best move is kept in the canonical orientation of the position (see `key`).
        let canonical = Some(usize::from(self.sym_fwd[best_pos * self.nsym_in::<C4>() + sym]));
        let work = (cells - n) as u32;
        let table = self.table_mut(cells - n);
        if best >= beta {
            table.put(key, best.max(lo), hi, canonical, work);
        } else if best <= alpha0 {
            table.put(key, lo, best.min(hi), None, work);
        } else {
            table.put(key, best, best, canonical, work);
        }
        best
    }

    /// The value of playing `pos` for the player to move, against their window
    /// `(alpha, beta)`: the position after it is searched from the point of view of the
    /// player moving there, `same` telling whether that player is on the same side.
    #[inline]
    fn child_value(&mut self, pos: usize, alpha: i32, beta: i32, same: bool) -> i32 {
        if self.connect_four {
            self.child_value_in::<true>(pos, alpha, beta, same)
        } else {
            self.child_value_in::<false>(pos, alpha, beta, same)
        }
    }

    /// [`child_value`](Self::child_value).
    #[inline]
    fn child_value_in<const C4: bool>(
        &mut self,
        pos: usize,
        alpha: i32,
        beta: i32,
        same: bool,
    ) -> i32 {
        self.child_value_known_in::<C4>(pos, None, alpha, beta, same)
    }

    /// [`child_value`](Self::child_value), with the mover's `win_cells` after the move when
    /// known (see [`play_known_in`](Self::play_known_in)).
    #[inline]
    fn child_value_known_in<const C4: bool>(
        &mut self,
        pos: usize,
        wins: Option<B>,
        alpha: i32,
        beta: i32,
        same: bool,
    ) -> i32 {
        self.play_known_in::<C4>(pos, wins);
        let v = if same {
            self.negamax_in::<C4>(alpha, beta)
        } else {
            -self.negamax_in::<C4>(-beta, -alpha)
        };
        self.undo_in::<C4>(pos);
        v
    }

    /// The exact value of the position for the side to move, by null-window probes that narrow
    /// the interval of possible scores (Pons' scheme); `None` when the budget ran out.
    pub(crate) fn solve(&mut self) -> Option<i32> {
        if self.stopped {
            return None;
        }
        if let Err(score) = self.root_candidates() {
            return Some(score); // decided without search
        }
        let mut lo = -(self.cells - self.n);
        let mut hi = self.cells - self.n;
        let mut tried_fast_win = false;
        while lo < hi {
            // Pons' choice: the middle, pulled towards the middle of the half it is in.
            let mid = lo + (hi - lo) / 2;
            let pons = if mid <= 0 && lo / 2 < mid {
                lo / 2
            } else if mid >= 0 && hi / 2 > mid {
                hi / 2
            } else {
                mid
            };
            let med = if hi == 0 {
                -1 // not a win: a draw unless it is a loss
            } else if hi == -1 {
                -2 // a loss: at the latest stone (the common case) unless sooner
            } else if lo == 0 {
                0 // not a loss: a draw unless it is a win
            } else if lo < 0 && hi > 0 && tried_fast_win {
                // Undecided after a probe for a fast win: the sign, "a win?" (0), then "a draw?"
                // (-1, above). Other probes cost nearly as much and settle less (empty 7×6
                // board: 11% fewer nodes than asking "at least a draw?" first).
                0
            } else if lo < 0 && hi > 0 && pons > 0 {
                // Undecided, and Pons would probe for a win: once only, for a fast one (cheap:
                // the window cuts long lines).
                tried_fast_win = true;
                pons
            } else {
                pons
            };
            let r = self.negamax(med, med + 1);
            if self.aborted {
                return None;
            }
            if r <= med {
                hi = r;
            } else {
                lo = r;
            }
        }
        Some(lo)
    }

    /// The outcome of the position for the side to move, without its distance: 1 for a win,
    /// 0 for a draw, -1 for a loss, by two null-window probes as Pons' weak solver makes them,
    /// "a win?" (0, 1), then, when not, "a draw?" (-1, 0); `None` when the budget ran out.
    /// Each probe cuts wherever its one question is settled, where one search with the window
    /// (-1, 1) must also tell draws from losses below a win (Begin-Easy: 17% less time by the
    /// mean, 41% by the median; README, "Measuring").
    pub(crate) fn solve_weak(&mut self) -> Option<i32> {
        self.weak_value(false)
    }

    /// [`solve_weak`](Self::solve_weak) by one search with the window (-1, 1): Hard's weak
    /// proof under gravity (the engine's step 2b), whose bounds steer the anytime search where
    /// it does not finish. Hard's strength (issue 9's matches, `bench/strength/README.md`) was
    /// measured with it; the two probes have not been played there.
    pub(crate) fn solve_weak_one_window(&mut self) -> Option<i32> {
        self.weak_value(true)
    }

    fn weak_value(&mut self, one_window: bool) -> Option<i32> {
        if self.stopped {
            return None;
        }
        if let Err(score) = self.root_candidates() {
            return Some(score.signum()); // decided without search
        }
        if one_window {
            let r = self.root_negamax(-1, 1);
            return (!self.aborted).then_some(r.signum());
        }
        let r = self.root_negamax(0, 1);
        if self.aborted {
            return None;
        }
        if r >= 1 {
            return Some(1);
        }
        let r = self.root_negamax(-1, 0);
        (!self.aborted).then_some(if r >= 0 { 0 } else { -1 })
    }

    /// [`negamax`](Self::negamax) at the root, after which
    /// [`proven_root_move`](Self::proven_root_move) tells a move it proved.
    fn root_negamax(&mut self, alpha: i32, beta: i32) -> i32 {
        self.last_loop = NO_LOOP;
        self.negamax(alpha, beta)
    }

    /// A move (bit position) that the last search from the current position proved worth at
    /// least `value` for the side to move (`value` as [`solve_weak`](Self::solve_weak) gives
    /// it: its best move, when that search ended at the position's move loop; else `None`).
    pub(crate) fn proven_root_move(&self, value: i32) -> Option<usize> {
        let (n, lower, pos) = self.last_loop;
        (n == self.n && lower >= value && !self.aborted).then_some(pos)
    }

    /// The best move the table holds for the position now (a move that reached the bound
    /// stored with it), if it holds one and it is playable.
    pub(crate) fn table_move(&self) -> Option<usize> {
        let (key, sym) = self.key();
        let (_, _, canonical) = self.table(self.cells - self.n).get(key)?;
        let pos = usize::from(self.sym_inv[canonical? * self.nsym + sym]);
        self.playable(self.empty()).has(pos).then_some(pos)
    }

    /// The outcome of playing `pos` for the side to move now, as [`solve_weak`](Self::solve_weak)
    /// (Self::solve_weak) gives it; `None` when the budget ran out. `pos` must be playable.
    pub(crate) fn solve_move_weak(&mut self, pos: usize) -> Option<i32> {
        if self.wins_at(pos) {
            return Some(1);
        }
        let same = self.same_side_next();
        self.play(pos);
        let v = self.solve_weak();
        self.undo(pos);
        v.map(|v| if same { v } else { -v })
    }

    /// Whether the player to move wins at once by playing `pos` (through the cache of
    /// [`seat_wins`](Self::seat_wins)).
    pub(crate) fn wins_at(&mut self, pos: usize) -> bool {
        self.seat_wins(self.mover).has(pos)
    }

    /// The exact value of playing `pos` for the side to move now; `None` when the budget ran
    /// out. `pos` must be playable.
    pub(crate) fn solve_move(&mut self, pos: usize) -> Option<i32> {
        if self.wins_at(pos) {
            return Some(self.cells - self.n);
        }
        let same = self.same_side_next();
        self.play(pos);
        let v = self.solve();
        self.undo(pos);
        v.map(|v| if same { v } else { -v })
    }

    /// Fail-soft value of playing `pos` against the window `(alpha, beta)` of the side to move
    /// now; `None` when the budget ran out.
    pub(crate) fn probe_move(&mut self, pos: usize, alpha: i32, beta: i32) -> Option<i32> {
        if self.wins_at(pos) {
            return Some(self.cells - self.n);
        }
        let v = self.child_value(pos, alpha, beta, self.same_side_next());
        (!self.aborted).then_some(v)
    }

    pub(crate) fn same_side_next(&self) -> bool {
        self.side[self.next_seat(self.mover)] == self.side[self.mover]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::testkit::{can_force_win, random_positions};
    use crate::{Player, Rules};
    use std::collections::HashMap;

    /// `sort_by_score` orders as the standard stable sort by descending score, below and
    /// above its 16 moves, with ties and without.
    #[test]
    fn sort_by_score_is_the_stable_sort_it_replaces() {
        let mut seed = 7u64;
        for len in 0..40 {
            for spread in [1u64, 3, 1000] {
                let mut moves: Vec<(i32, u32)> = (0..len)
                    .map(|i| {
                        seed = seed
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        (((seed >> 33) % spread) as i32 - 1, i)
                    })
                    .collect();
                let mut expected = moves.clone();
                expected.sort_by_key(|m| std::cmp::Reverse(m.0));
                sort_by_score(&mut moves);
                assert_eq!(moves, expected, "{len} moves, scores in {spread}");
            }
        }
    }

    /// `win_cells` (each unrolled copy and the general one) against the definition: the cells
    /// that, added to the set, fill a whole window of the rules.
    fn check_win_cells<B: Bits>(rules: Rules, seed: &mut u64) {
        let state = GameState::new(rules, Player::X).unwrap();
        let s = Solver::<B>::new(&state, u64::MAX, Tables::new(0), None);
        let windows: Vec<Vec<usize>> =
            rules.windows().map(|w| w.cells().map(|c| s.pos(c)).collect()).collect();
        for _ in 0..50 {
            let mut m = B::ZERO;
            for cell in 0..rules.cell_count() {
                *seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                if (*seed >> 33) % 3 != 0 {
                    m = m | B::bit(s.pos(cell));
                }
            }
            let mut expected = B::ZERO;
            for w in &windows {
                let missing: Vec<usize> = w.iter().copied().filter(|&p| !m.has(p)).collect();
                if let [p] = missing[..] {
                    expected = expected | B::bit(p);
                }
            }
            // A full window: every cell of it completes it (the stone is already there).
            for w in windows.iter().filter(|w| w.iter().all(|&p| m.has(p))) {
                for &p in w {
                    expected = expected | B::bit(p);
                }
            }
            // Under gravity, exact where no stone of `m` is above (see `win_cells`).
            let mut exact = s.mask;
            if rules.gravity() {
                let stride = rules.width() + 1;
                for pos in (0..rules.cell_count()).map(|c| s.pos(c)).filter(|&p| m.has(p)) {
                    let mut below = pos + stride;
                    while below < s.layout_bits() {
                        exact = exact & !B::bit(below);
                        below += stride;
                    }
                }
            }
            assert_eq!(s.win_cells(m) & exact, expected & exact, "{rules}");
            // And nothing is marked that the definition leaves out.
            assert!((s.win_cells(m) & !expected).is_zero(), "{rules}");
        }
    }

    #[test]
    fn win_cells_match_the_definition() {
        let mut seed = 3;
        let shapes = [(3, 3, 3), (4, 4, 2), (6, 5, 4), (7, 6, 4), (7, 6, 5), (7, 7, 6), (7, 8, 7)];
        for ((w, h, k), gravity) in shapes.into_iter().flat_map(|s| [(s, false), (s, true)]) {
            let rules = Rules::new(w, h, k, 2, gravity).unwrap();
            check_win_cells::<u64>(rules, &mut seed);
            check_win_cells::<u128>(rules, &mut seed);
            check_win_cells::<crate::search::bits::Wide>(rules, &mut seed);
        }
        let big = Rules::new(20, 20, 9, 2, false).unwrap();
        check_win_cells::<crate::search::bits::Wide>(big, &mut seed);
    }

    /// The Connect Four copy of the search (`negamax_in::<true>`) is the general search with
    /// constants: the same value and the same node count at positions of random games, on
    /// Connect Four's board and on a taller one (any height is Connect Four's copy).
    #[test]
    fn connect_four_copy_searches_as_the_general_search() {
        let mut seed = 5;
        for rules in [Rules::CONNECT_FOUR, Rules::new(7, 7, 4, 2, true).unwrap()] {
            let positions = random_positions(rules, 40, &mut seed);
            let mut checked = 0;
            for state in positions.iter().filter(|s| s.ply() >= 18) {
                let solve = |connect_four: bool| {
                    let tables = Tables::new(1 << 20);
                    let mut s = Solver::<u64>::new(state, u64::MAX, tables, None);
                    assert!(s.connect_four, "{rules}: the copy is taken");
                    s.connect_four = connect_four;
                    (s.solve(), s.nodes)
                };
                let (fast, general) = (solve(true), solve(false));
                assert!(fast.0.is_some());
                assert_eq!(fast, general, "{rules} {state:?}");
                checked += 1;
            }
            assert!(checked > 100, "{rules}: {checked} positions");
        }
    }

    /// The mirror image of a set of cells of a board 7 wide, one row a byte (the solver's
    /// layout): every byte's bits reversed, then moved down one place past the spare bit.
    fn mirror_rows(b: u64) -> u64 {
        b.reverse_bits().swap_bytes() >> 1
    }

    /// Board keys name positions one to one. On a 7×2 board, every arrangement gravity allows
    /// (each column empty, one stone or two, either owner: the mover's stones, then the rest)
    /// gets its own code, full columns included, and an arrangement and its mirror image the
    /// same key under the other symmetry. On 7×6 and 7×7, over the positions of random games,
    /// equal keys mean equal positions (up to the mirror), and the codes the moves keep are
    /// the ones computed afresh, after every move and its undo.
    #[test]
    fn board_keys_name_positions_one_to_one() {
        let mut seed = 5;
        let rules = Rules::new(7, 2, 2, 2, true).unwrap();
        let s =
            Solver::<u64>::new(&random_positions(rules, 1, &mut seed)[0], 0, Tables::new(0), None);
        assert!(s.board_keys);
        let board_key = |s: &Solver<u64>, mover: u64, occ: u64| {
            Solver::<u64>::board_key_of(s.board_code(mover, occ))
        };
        let mut seen = HashMap::new();
        for config in 0..7u32.pow(7) {
            let (mut mover, mut occ, mut rest) = (0u64, 0u64, config);
            for column in 0..7 {
                let (height, owners) = match rest % 7 {
                    0 => (0, 0),
                    one @ 1..=2 => (1, one - 1),
                    two => (2, two - 3),
                };
                rest /= 7;
                for i in 0..height {
                    let pos = (1 - i as usize) * 8 + column; // row 1 is the bottom
                    occ |= 1 << pos;
                    if owners >> i & 1 == 1 {
                        mover |= 1 << pos;
                    }
                }
            }
            let code = s.board_code(mover, occ);
            assert_eq!(seen.insert(code, (mover, occ)), None, "{config}");
            assert_eq!(mirror_code(code), s.board_code(mirror_rows(mover), mirror_rows(occ)));
            let (key, sym) = board_key(&s, mover, occ);
            let mirrored = board_key(&s, mirror_rows(mover), mirror_rows(occ));
            assert_eq!(key, mirrored.0);
            if mirror_rows(occ) != occ || mirror_rows(mover) != mover {
                assert_ne!(sym, mirrored.1);
            }
        }
        assert_eq!(seen.len(), 7usize.pow(7));
        // Eight rows leave no room for the full columns' marks: Zobrist keys there, and the
        // general search (the Connect Four copy assumes board keys).
        let rules = Rules::new(7, 8, 4, 2, true).unwrap();
        let s =
            Solver::<u64>::new(&random_positions(rules, 1, &mut seed)[5], 0, Tables::new(0), None);
        assert!(!s.board_keys && !s.connect_four);
        assert_eq!(s.key().0, s.hash[0].min(s.hash[1]).max(1));
        assert_eq!(s.hash, s.hash_of_stones());
        for h in [6, 7] {
            let rules = Rules::new(7, h, 4, 2, true).unwrap();
            let positions = random_positions(rules, 200, &mut seed);
            let mut s = Solver::<u64>::new(&positions[0], 0, Tables::new(0), None);
            let mut by_key = HashMap::new();
            for state in &positions {
                s.reset(state, 0, None);
                let (mine, theirs) = (s.stones[s.mover], s.stones[1 - s.mover]);
                let turned = (mirror_rows(mine), mirror_rows(theirs));
                let position = (mine, theirs).min(turned);
                let key = board_key(&s, mine, s.occ);
                assert_eq!(s.key(), key);
                assert_eq!(*by_key.entry(key.0).or_insert(position), position, "{rules}\n{state}");
                let codes = s.codes;
                let mut moves = s.playable(s.empty());
                while moves != 0 {
                    let pos = moves.lowest();
                    moves ^= 1 << pos;
                    let child = s.child_board_key(s.mover, pos);
                    s.play(pos);
                    assert_eq!(s.codes, [0, 1].map(|p| s.board_code(s.stones[p], s.occ)));
                    assert_eq!(s.key().0, child);
                    s.undo(pos);
                    assert_eq!(s.codes, codes);
                }
            }
            assert!(by_key.len() > 1_000, "{rules}: {} positions", by_key.len());
        }
    }

    /// The solver's legal moves in tie order are the rules engine's, sorted by `tie_key`, at
    /// every position of a few games, with and without gravity, for 2 to 4 players; the solver
    /// reset from one position to the next, as an engine reuses it.
    #[test]
    fn legal_moves_in_tie_order_match_the_rules_engine() {
        let mut seed = 11;
        for rules in [
            Rules::default(),
            Rules::new(7, 6, 4, 2, true).unwrap(),
            Rules::new(5, 4, 3, 3, true).unwrap(),
            Rules::new(6, 5, 4, 4, false).unwrap(),
            Rules::new(4, 7, 3, 2, true).unwrap(),
        ] {
            let positions = random_positions(rules, 3, &mut seed);
            let mut s = Solver::<u128>::new(&positions[0], u64::MAX, Tables::new(0), None);
            for state in &positions {
                s.reset(state, u64::MAX, None);
                let mut expected = state.available_moves();
                expected.sort_by_key(|&i| tie_key(state, i));
                let mut legal = vec![99];
                s.legal_in_tie_order(&mut legal);
                assert_eq!(legal, expected, "{rules} {state:?}");
            }
        }
    }

    /// Soundness of claimeven and baseinverse: whenever they cap the mover's score, exhaustive
    /// search agrees (cap 0: the mover cannot force a win; cap -1: the other player can).
    /// Over every position of random games on gravity boards of even and odd heights.
    #[test]
    fn claimeven_caps_agree_with_exhaustive_search() {
        let mut seed = 7u64;
        let mut caps = [0; 2];
        let mut by_bases = [0; 5];
        for (w, h, k) in
            [(4, 4, 3), (4, 4, 4), (5, 4, 4), (4, 5, 4), (5, 5, 4), (6, 4, 4), (5, 3, 3)]
        {
            let rules = Rules::new(w, h, k, 2, true).unwrap();
            let mut memo = [HashMap::new(), HashMap::new()];
            // Exhaustive search is affordable from about 16 empty cells down.
            let positions = random_positions(rules, 100, &mut seed);
            for state in positions.iter().filter(|s| w * h - s.ply() <= 16) {
                let s = Solver::<u64>::new(state, u64::MAX, Tables::new(0), None);
                let p = s.mover;
                let empty = s.empty();
                let cap = s.claimeven_cap::<false>(s.stones[p], s.stones[1 - p], empty);
                if cap > 0 {
                    continue;
                }
                let mover = state.current_player();
                let bases = (s.playable(empty) & !s.claim_rows).count() as usize;
                by_bases[bases] += 1;
                assert!(
                    !can_force_win(state, mover, &mut memo[mover.seat()]),
                    "{rules}: capped at {cap} but the mover wins in\n{state}"
                );
                if cap == -1 {
                    caps[1] += 1;
                    let other = mover.next(2);
                    assert!(
                        can_force_win(state, other, &mut memo[other.seat()]),
                        "{rules}: capped at -1 but the mover does not lose in\n{state}"
                    );
                } else {
                    caps[0] += 1;
                }
            }
        }
        assert!(caps[0] > 200 && caps[1] > 50, "too few caps to test: {caps:?}");
        assert!(by_bases[2] > 100 && by_bases[4] > 40, "too few baseinverse caps: {by_bases:?}");
    }
}
