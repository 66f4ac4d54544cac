//! Validated rules: board size, line length, number of players, gravity.

use crate::player::Player;
use std::fmt;

/// The largest width or height of a board: the 20×20 board of Gomoku tournaments.
pub const MAX_SIDE: usize = 20;
/// The fewest players a game can have.
pub const MIN_PLAYERS: u8 = 2;
/// The most players a game can have.
pub const MAX_PLAYERS: u8 = 4;

/// Why a set of rules was refused by [`Rules::new`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum RulesError {
    /// The width is not from 1 to 20.
    #[error("the width must be from 1 to 20, not {0}")]
    Width(usize),
    /// The height is not from 1 to 20.
    #[error("the height must be from 1 to 20, not {0}")]
    Height(usize),
    /// The line length is not from 1 to the longer side of the board.
    #[error("k, the marks in a row to win, must be from 1 to {max} on this board, not {k}")]
    K {
        /// The refused line length.
        k: usize,
        /// The longest line the board can hold.
        max: usize,
    },
    /// The number of players is not from 2 to 4.
    #[error("a game has 2 to 4 players, not {0}")]
    Players(usize),
    /// A player was named who has no seat in a game of these rules (for example `Y` in a
    /// two-player game).
    #[error("there is no player {player} in a game of {players} players")]
    PlayerNotInGame {
        /// The player named.
        player: Player,
        /// The number of players of the rules.
        players: u8,
    },
}

impl RulesError {
    /// A short stable name for the reason, the same in every language: `"width"`, `"height"`,
    /// `"k"`, `"players"` or `"player-not-in-game"`.
    pub const fn reason(&self) -> &'static str {
        match self {
            RulesError::Width(_) => "width",
            RulesError::Height(_) => "height",
            RulesError::K { .. } => "k",
            RulesError::Players(_) => "players",
            RulesError::PlayerNotInGame { .. } => "player-not-in-game",
        }
    }
}

/// The rules of one game of the m,n,k family: a `width` × `height` board, `k` in a row to
/// win, 2 to 4 players taking turns, and optionally Connect-Four gravity.
///
/// A `Rules` value is always valid: the only ways to get one are [`Rules::new`], which checks
/// every field, and the presets. The default is the classic game.
///
/// ```
/// use ttt_core::Rules;
/// let classic = Rules::default();
/// assert_eq!((classic.width(), classic.height(), classic.k()), (3, 3, 3));
/// let gomoku = Rules::new(15, 15, 5, 2, false)?;
/// assert_eq!(gomoku.cell_count(), 225);
/// assert!(Rules::new(0, 3, 3, 2, false).is_err());
/// # Ok::<(), ttt_core::RulesError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    width: u8,
    height: u8,
    k: u8,
    players: u8,
    gravity: bool,
}

impl Default for Rules {
    fn default() -> Self {
        Rules::CLASSIC
    }
}

impl Rules {
    /// Classic tic-tac-toe: 3×3, three in a row, two players, no gravity.
    pub const CLASSIC: Rules = Rules { width: 3, height: 3, k: 3, players: 2, gravity: false };
    /// Connect Four: 7 wide, 6 high, four in a row, two players, gravity.
    pub const CONNECT_FOUR: Rules = Rules { width: 7, height: 6, k: 4, players: 2, gravity: true };

    /// Checks and builds a set of rules.
    ///
    /// # Errors
    /// [`RulesError`] when `width` or `height` is outside `1..=20`, `k` outside
    /// `1..=max(width, height)` or `players` outside `2..=4` (checked in that order). Nothing is
    /// clamped.
    pub const fn new(
        width: usize,
        height: usize,
        k: usize,
        players: usize,
        gravity: bool,
    ) -> Result<Rules, RulesError> {
        if width < 1 || width > MAX_SIDE {
            return Err(RulesError::Width(width));
        }
        if height < 1 || height > MAX_SIDE {
            return Err(RulesError::Height(height));
        }
        let max = if width > height { width } else { height };
        if k < 1 || k > max {
            return Err(RulesError::K { k, max });
        }
        if players < MIN_PLAYERS as usize || players > MAX_PLAYERS as usize {
            return Err(RulesError::Players(players));
        }
        Ok(Rules {
            width: width as u8,
            height: height as u8,
            k: k as u8,
            players: players as u8,
            gravity,
        })
    }

    /// Number of columns.
    pub const fn width(&self) -> usize {
        self.width as usize
    }
    /// Number of rows.
    pub const fn height(&self) -> usize {
        self.height as usize
    }
    /// Marks in a row needed to win.
    pub const fn k(&self) -> usize {
        self.k as usize
    }
    /// Number of players, 2 to 4.
    pub const fn players(&self) -> u8 {
        self.players
    }
    /// Whether only the lowest empty cell of a column is playable.
    pub const fn gravity(&self) -> bool {
        self.gravity
    }
    /// Number of cells, `width * height`.
    pub const fn cell_count(&self) -> usize {
        self.width() * self.height()
    }

    /// Whether `player` has a seat in games of these rules.
    pub const fn has_player(&self, player: Player) -> bool {
        (player as u8) < self.players
    }

    /// `Ok(player)` when `player` has a seat in games of these rules.
    ///
    /// # Errors
    /// [`RulesError::PlayerNotInGame`] otherwise.
    pub const fn check_player(&self, player: Player) -> Result<Player, RulesError> {
        if self.has_player(player) {
            Ok(player)
        } else {
            Err(RulesError::PlayerNotInGame { player, players: self.players })
        }
    }

    /// The player who moves after `player`.
    pub const fn next_player(&self, player: Player) -> Player {
        player.next(self.players)
    }

    /// The players of these rules in turn order from `X`.
    pub fn seats(&self) -> impl Iterator<Item = Player> + Clone + use<> {
        Player::ALL.into_iter().take(self.players as usize)
    }

    /// The index of the cell at `row`, `col` (row-major from the top-left), or `None` when
    /// either is off the board.
    pub const fn index(&self, row: usize, col: usize) -> Option<usize> {
        if row < self.height() && col < self.width() {
            Some(row * self.width() + col)
        } else {
            None
        }
    }

    /// The `(row, col)` of cell `index`, or `None` when the index is off the board.
    pub const fn row_col(&self, index: usize) -> Option<(usize, usize)> {
        if index < self.cell_count() {
            Some((index / self.width(), index % self.width()))
        } else {
            None
        }
    }

    /// Four times the squared Euclidean distance from cell `index` to the centre of the board:
    /// scaled so that it stays an exact integer on boards with an even side. Used to break ties
    /// between equally good moves (closer to the centre first).
    ///
    /// Off-board indices get `usize::MAX`.
    pub const fn centre_distance4(&self, index: usize) -> usize {
        match self.row_col(index) {
            Some((r, c)) => {
                // Centre is ((h-1)/2, (w-1)/2); doubling both coordinates keeps it integral.
                let dr = (2 * r).abs_diff(self.height() - 1);
                let dc = (2 * c).abs_diff(self.width() - 1);
                dr * dr + dc * dc
            }
            None => usize::MAX,
        }
    }

    /// Every window of `k` cells in a straight line, in the canonical order: horizontal, then
    /// vertical, then diagonal (down-right), then anti-diagonal (down-left); within a direction
    /// by the window's smallest cell index. Each window lists its cells in ascending order.
    ///
    /// For the classic board this is exactly [`WIN_LINES`](crate::WIN_LINES).
    pub fn windows(&self) -> impl Iterator<Item = Window> + '_ {
        let rules = *self;
        Direction::ALL.into_iter().flat_map(move |dir| {
            (0..rules.cell_count()).filter_map(move |start| Window::new(&rules, start, dir))
        })
    }
}

impl fmt::Display for Rules {
    /// `WxH k=K players=P` plus ` gravity` when it applies, e.g. `7x6 k=4 players=2 gravity`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{} k={} players={}", self.width, self.height, self.k, self.players)?;
        if self.gravity {
            f.write_str(" gravity")?;
        }
        Ok(())
    }
}

/// One of the four line directions, in canonical order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Along a row, left to right.
    Horizontal,
    /// Down a column.
    Vertical,
    /// Down and to the right.
    Diagonal,
    /// Down and to the left.
    AntiDiagonal,
}

impl Direction {
    /// The four directions in canonical order.
    pub const ALL: [Direction; 4] =
        [Direction::Horizontal, Direction::Vertical, Direction::Diagonal, Direction::AntiDiagonal];

    /// `(row step, column step)` of one cell along the direction.
    pub const fn step(self) -> (isize, isize) {
        match self {
            Direction::Horizontal => (0, 1),
            Direction::Vertical => (1, 0),
            Direction::Diagonal => (1, 1),
            Direction::AntiDiagonal => (1, -1),
        }
    }
}

/// `k` cells in a straight line on one board: where it starts and which way it runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Window {
    start: usize,
    dir: Direction,
    k: usize,
    width: usize,
}

impl Window {
    /// The window of `rules.k()` cells from `start` along `dir`, if it fits on the board.
    pub fn new(rules: &Rules, start: usize, dir: Direction) -> Option<Window> {
        let (row, col) = rules.row_col(start)?;
        let (dr, dc) = dir.step();
        let last = rules.k() as isize - 1;
        let end_row = row as isize + dr * last;
        let end_col = col as isize + dc * last;
        let fits =
            end_row < rules.height() as isize && (0..rules.width() as isize).contains(&end_col);
        fits.then_some(Window { start, dir, k: rules.k(), width: rules.width() })
    }

    /// The direction the window runs in.
    pub const fn direction(&self) -> Direction {
        self.dir
    }

    /// The cells of the window in ascending index order.
    pub fn cells(&self) -> impl Iterator<Item = usize> + Clone + use<> {
        let (dr, dc) = self.dir.step();
        let step = dr * self.width as isize + dc;
        let (start, k) = (self.start as isize, self.k as isize);
        // Every direction but the anti-diagonal steps forward; that one steps to a larger index
        // too (down one row, left one column), so the cells are ascending either way.
        (0..k).map(move |i| (start + i * step) as usize)
    }
}
