//! Bitboards of three widths behind one trait, so that the solver is written once.
//!
//! A board of `width` × `height` cells is laid out row by row with one spare bit after each
//! row: cell `(row, col)` is bit `row * (width + 1) + col`. The spare bit of every row is always
//! zero in every stone set, so a shift that steps one cell sideways (horizontal, diagonal or
//! anti-diagonal) off the edge of a row lands on a spare bit instead of wrapping onto the next
//! row. That is Pascal Pons' layout (one spare bit per column there, per row here).
//!
//! `u64` holds boards with `(width + 1) * height <= 64` (every board up to 7×8), `u128` those up
//! to 128 bits, [`Wide4`] those up to 256 (15×15 is 240) and [`Wide`] the rest, up to
//! 21 × 20 = 420 bits for the 20×20 board. An operation on the wide sets costs a loop over their
//! words, so the smaller one makes the 15×15 board about half as costly a node.

use std::ops::{BitAnd, BitOr, BitXor, Not};

/// The operations the solver needs from a set of cells.
pub(crate) trait Bits:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + std::fmt::Debug
    + Send
    + Sync
    + 'static
{
    /// The empty set.
    const ZERO: Self;
    /// How many bits the type holds.
    const CAPACITY: usize;
    /// The set holding only bit `i` (`i < CAPACITY`).
    fn bit(i: usize) -> Self;
    /// Every bit moved `n` places up (towards larger indices); bits pushed past the top vanish.
    fn up(self, n: u32) -> Self;
    /// Every bit moved `n` places down (towards smaller indices); bits pushed below 0 vanish.
    fn down(self, n: u32) -> Self;
    /// [`up`](Self::up) for `n < CAPACITY`, which the hot loops of the solver guarantee: a plain
    /// shift, without the test for a shift past the top (a compare and a conditional move per
    /// shift, a quarter of the cost of `win_cells` on Connect Four).
    #[inline(always)]
    fn up_in(self, n: u32) -> Self {
        self.up(n)
    }
    /// [`down`](Self::down) for `n < CAPACITY` (see [`up_in`](Self::up_in)).
    #[inline(always)]
    fn down_in(self, n: u32) -> Self {
        self.down(n)
    }
    /// Number of bits set.
    fn count(self) -> u32;
    /// Whether no bit is set.
    fn is_zero(self) -> bool {
        self == Self::ZERO
    }
    /// Index of the lowest set bit; `CAPACITY` when none is set.
    fn lowest(self) -> usize;
    /// Bits 0 to 63 (the others are dropped).
    fn low_u64(self) -> u64;
    /// Whether at most one bit is set: cheaper than [`count`](Self::count), which is a
    /// dozen instructions on x86-64 without POPCNT (issue 13: cheap small calls).
    fn at_most_one(self) -> bool {
        self.is_zero() || (self ^ Self::bit(self.lowest())).is_zero()
    }
    /// Whether bit `i` is set.
    fn has(self, i: usize) -> bool {
        !(self & Self::bit(i)).is_zero()
    }
}

macro_rules! prim_bits {
    ($t:ty) => {
        impl Bits for $t {
            const ZERO: Self = 0;
            const CAPACITY: usize = <$t>::BITS as usize;
            #[inline(always)]
            fn bit(i: usize) -> Self {
                1 << i
            }
            #[inline(always)]
            fn up(self, n: u32) -> Self {
                self.checked_shl(n).unwrap_or(0)
            }
            #[inline(always)]
            fn down(self, n: u32) -> Self {
                self.checked_shr(n).unwrap_or(0)
            }
            #[inline(always)]
            fn up_in(self, n: u32) -> Self {
                debug_assert!(n < <$t>::BITS);
                self << n
            }
            #[inline(always)]
            fn down_in(self, n: u32) -> Self {
                debug_assert!(n < <$t>::BITS);
                self >> n
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline(always)]
            fn at_most_one(self) -> bool {
                self & self.wrapping_sub(1) == 0
            }
            #[inline(always)]
            fn low_u64(self) -> u64 {
                self as u64
            }
        }
    };
}
prim_bits!(u64);
prim_bits!(u128);

/// A set of `N` × 64 bits for boards too big for `u128` (word 0 holds bits 0..64).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Words<const N: usize>([u64; N]);

/// 7 × 64 = 448 bits, enough for 21 × 20 = 420.
pub(crate) type Wide = Words<7>;

/// 4 × 64 = 256 bits, enough for 16 × 15 = 240 (the 15×15 board).
pub(crate) type Wide4 = Words<4>;

impl<const N: usize> BitAnd for Words<N> {
    type Output = Self;
    #[inline]
    fn bitand(self, o: Self) -> Self {
        Words(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }
}
impl<const N: usize> BitOr for Words<N> {
    type Output = Self;
    #[inline]
    fn bitor(self, o: Self) -> Self {
        Words(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }
}
impl<const N: usize> BitXor for Words<N> {
    type Output = Self;
    #[inline]
    fn bitxor(self, o: Self) -> Self {
        Words(std::array::from_fn(|i| self.0[i] ^ o.0[i]))
    }
}
impl<const N: usize> Not for Words<N> {
    type Output = Self;
    #[inline]
    fn not(self) -> Self {
        Words(self.0.map(|w| !w))
    }
}

impl<const N: usize> Bits for Words<N> {
    const ZERO: Self = Words([0; N]);
    const CAPACITY: usize = 64 * N;
    #[inline]
    fn is_zero(self) -> bool {
        // An or of the words, not `==`: that compiles to a call of memcmp.
        self.0.iter().fold(0, |acc, w| acc | w) == 0
    }
    #[inline]
    fn low_u64(self) -> u64 {
        self.0[0]
    }
    #[inline]
    fn bit(i: usize) -> Self {
        let mut w = [0; N];
        w[i / 64] = 1 << (i % 64);
        Words(w)
    }
    #[inline]
    fn up(self, n: u32) -> Self {
        let (words, bits) = ((n / 64) as usize, n % 64);
        let mut out = [0u64; N];
        for (i, word) in out.iter_mut().enumerate().skip(words) {
            let src = i - words;
            *word = self.0[src] << bits;
            // The bits that cross a word boundary come from the word below the source.
            if bits > 0 && src > 0 {
                *word |= self.0[src - 1] >> (64 - bits);
            }
        }
        Words(out)
    }
    #[inline]
    fn down(self, n: u32) -> Self {
        let (words, bits) = ((n / 64) as usize, n % 64);
        let mut out = [0u64; N];
        for (i, word) in out.iter_mut().enumerate().take(N.saturating_sub(words)) {
            let src = i + words;
            *word = self.0[src] >> bits;
            // The bits that cross a word boundary come from the word above the source.
            if bits > 0 && src + 1 < N {
                *word |= self.0[src + 1] << (64 - bits);
            }
        }
        Words(out)
    }
    #[inline]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline]
    fn lowest(self) -> usize {
        for (i, w) in self.0.iter().enumerate() {
            if *w != 0 {
                return i * 64 + w.trailing_zeros() as usize;
            }
        }
        Self::CAPACITY
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `at_most_one` is `count() <= 1`, on every width, for sets of 0, 1, 2 and more bits.
    #[test]
    fn at_most_one_is_a_count_of_at_most_one() {
        fn check<B: Bits>() {
            let top = B::CAPACITY - 1;
            let sets = [
                B::ZERO,
                B::bit(0),
                B::bit(top),
                B::bit(0) | B::bit(1),
                B::bit(5) | B::bit(top),
                !B::ZERO,
            ];
            for set in sets {
                assert_eq!(set.at_most_one(), set.count() <= 1, "{} bits", set.count());
            }
        }
        check::<u64>();
        check::<u128>();
        check::<Wide4>();
        check::<Wide>();
    }

    /// The wide shifts agree with u128 shifts on the low 128 bits.
    #[test]
    fn wide_shifts_match_u128() {
        let x: u128 = 0x8000_0000_0000_0001_F0F0_F0F0_1234_5678_u128 | (1 << 127);
        let wide = |v: u128| {
            let mut w = [0u64; 7];
            w[0] = v as u64;
            w[1] = (v >> 64) as u64;
            Words(w)
        };
        for n in [0, 1, 5, 63, 64, 65, 100, 127, 128, 200] {
            let down = wide(x).down(n);
            assert_eq!(down, wide(x.down(n)), "down {n}");
            // Up: compare only the low 128 bits, the wide set keeps what u128 loses.
            let up = wide(x).up(n);
            assert_eq!(Words([up.0[0], up.0[1], 0, 0, 0, 0, 0]), wide(x.up(n)), "up {n}");
        }
        let top = Wide::bit(447);
        assert_eq!(top.lowest(), 447);
        assert_eq!(top.up(1), Wide::ZERO);
        assert_eq!(top.down(447), Wide::bit(0));
        assert_eq!(Wide::bit(3).up(300).lowest(), 303);
        assert_eq!(Wide::ZERO.lowest(), Wide::CAPACITY);
        assert_eq!((Wide::bit(3) | Wide::bit(400)).count(), 2);
        assert!(Wide::bit(70).has(70) && !Wide::bit(70).has(71));
        assert_eq!(!Wide::ZERO ^ !Wide::ZERO, Wide::ZERO);
    }
}
