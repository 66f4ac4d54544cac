//! Injected randomness: the [`Rng`] trait, the cross-language [`SeededRng`] and the one rule that
//! turns a float into an index ([`pick_index`]).

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng as _, SeedableRng};

/// A source of floats in `[0, 1)`: all the randomness the AI uses comes through one of these, so a
/// seeded source makes every choice reproducible.
///
/// Any `FnMut() -> f64` closure is an `Rng`, which is handy in tests:
///
/// ```
/// use ttt_core::{choose_move, create_game, Difficulty, Player};
/// let game = create_game(Player::X)?;
/// // Always the first of the legal moves.
/// assert_eq!(choose_move(&game, Difficulty::Easy, &mut || 0.0)?, 0);
/// // 0.999… picks the last one.
/// assert_eq!(choose_move(&game, Difficulty::Easy, &mut || 0.999)?, 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// A value outside `[0, 1)` is a bug in the source, but it is never a panic: see [`pick_index`]
/// for what each such value selects.
pub trait Rng {
    /// The next float, meant to be in `[0, 1)`.
    fn next_f64(&mut self) -> f64;
}

impl<F: FnMut() -> f64> Rng for F {
    fn next_f64(&mut self) -> f64 {
        self()
    }
}

/// The seeded generator every language shares: ChaCha8 (`rand_chacha::ChaCha8Rng`) seeded with
/// `ChaCha8Rng::seed_from_u64(seed)`, and each float made from one 64-bit output as
///
/// ```text
/// float = (next_u64() >> 11) as f64 * 2^-53
/// ```
///
/// that is, the top 53 bits as a multiple of 2⁻⁵³: always in `[0, 1)`, exactly representable, and
/// the same in C and Python (`(x >> 11) * 2.0**-53`). The same seed gives the same stream of
/// floats, and therefore the same moves, in Rust, C and Python.
///
/// ```
/// use ttt_core::{Rng, SeededRng};
/// let mut a = SeededRng::new(42);
/// let mut b = SeededRng::new(42);
/// let x = a.next_f64();
/// assert!((0.0..1.0).contains(&x));
/// assert_eq!(x, b.next_f64());
/// ```
#[derive(Clone, Debug)]
pub struct SeededRng {
    inner: ChaCha8Rng,
}

/// 2⁻⁵³, the weight of the lowest of the 53 bits kept.
const TWO_POW_MINUS_53: f64 = 1.0 / (1u64 << 53) as f64;

impl SeededRng {
    /// The generator for `seed` (every `u64` is a valid seed).
    pub fn new(seed: u64) -> SeededRng {
        SeededRng { inner: ChaCha8Rng::seed_from_u64(seed) }
    }

    /// The generator for `seed` after `outputs` outputs were drawn from it (by
    /// [`next_u64`](Self::next_u64) or [`Rng::next_f64`], one output each): the stream resumes
    /// exactly where a generator that drew them would be, in constant time. This is how a
    /// pickled generator comes back in Python.
    ///
    /// ```
    /// use ttt_core::{Rng, SeededRng};
    /// let mut a = SeededRng::new(7);
    /// for _ in 0..1000 {
    ///     a.next_f64();
    /// }
    /// assert_eq!(SeededRng::at(7, 1000).next_f64(), a.next_f64());
    /// ```
    pub fn at(seed: u64, outputs: u64) -> SeededRng {
        let mut rng = SeededRng::new(seed);
        // ChaCha counts its stream in 32-bit words, and every output is two of them (outputs are
        // only ever drawn whole, so the position stays even).
        rng.inner.set_word_pos(u128::from(outputs) * 2);
        rng
    }

    /// The next raw 64-bit output of the ChaCha8 stream (each float uses one of these).
    pub fn next_u64(&mut self) -> u64 {
        self.inner.next_u64()
    }
}

impl Rng for SeededRng {
    fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * TWO_POW_MINUS_53
    }
}

/// The index that the float `r` selects among `len` candidates: `floor(r × len)`, guarded so that
/// it is always below `len`. This is the only way the AI turns randomness into a choice.
///
/// For values a well-behaved [`Rng`] never yields:
/// - `r` NaN, negative or `-0.0` selects index 0 (the first candidate);
/// - `r >= 1.0` (infinity included), or any `r` so close to 1 that `r × len` rounds up to
///   `len`, selects index `len - 1` (the last candidate).
///
/// `len` must be at least 1; for `len == 0` the answer is 0 (there is nothing to index).
///
/// ```
/// use ttt_core::ai::pick_index;
/// assert_eq!(pick_index(0.0, 9), 0);
/// assert_eq!(pick_index(0.5, 9), 4);
/// assert_eq!(pick_index(1.0 - f64::EPSILON / 2.0, 9), 8);
/// assert_eq!(pick_index(f64::NAN, 9), 0);
/// assert_eq!(pick_index(7.5, 9), 8);
/// ```
pub fn pick_index(r: f64, len: usize) -> usize {
    let last = len.saturating_sub(1);
    if r.is_nan() || r <= 0.0 {
        return 0;
    }
    if r >= 1.0 {
        return last;
    }
    // Here 0 < r < 1, so r × len is finite and non-negative, and truncating it is its floor
    // (`as` truncates without the library call `floor` costs where SSE4.1 is not assumed).
    // `min` guards the rounding of r × len up to len when r is within an ulp of 1.
    ((r * len as f64) as usize).min(last)
}
