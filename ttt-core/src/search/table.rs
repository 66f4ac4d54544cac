//! The transposition table: bounds on the value of positions already searched in this call.
//!
//! Slots go in pairs: a key may sit in either slot of its pair. The first keeps the entry that
//! stands for the most work (the most empty cells left), the second the newest, so that neither
//! the results near the root nor the fresh ones near the leaves push each other out. Keys are
//! the position's 64-bit key (a symmetry-reduced hash, or on Connect Four's boards the board
//! itself), stored whole so that a slot answers only for its own position. The table starts
//! small and grows [`GROWTH`] times larger whenever it is more than half full, up to the byte
//! budget, so that small problems pay for a small table.
//!
//! # Memory
//! The byte budget bounds the slots at every moment, growth included: a table grows *in place*.
//! Past [`COPY_GROWTH_BYTES`] its slot array reserves address space for the whole budget once
//! (`try_reserve_exact`: the pages are not resident until written), and each growth then
//! writes the pairs it adds and moves entries within the array (from the top down, as an
//! entry's pair can only move up when the table grows), so an old and a new array never live
//! side by side. Below that size a growth copies, which costs at most that much more for a
//! moment. A budget the system cannot reserve gives a smaller table (the largest reservation
//! that succeeds, halving), never an abort.
//!
//! The solver keeps two tables (see `Solver::table`): a small one for the positions near the
//! end of the game, which are most of the lookups and fit in the processor's cache there, and a
//! big one for the rest.
//!
//! Every entry is a *proven* bound (the anytime search keeps its heuristic values in a table of
//! its own, see `iterative`), so an entry stays true for as long as the rules and the seats stay
//! the same: an [`Engine`](super::Engine) keeps its tables from one call to the next. Each call
//! is a new *generation*: an entry written by an earlier call is still found, but it is the
//! first to go when its slot is wanted, so the table fills with what the current search needs
//! instead of being wiped.

/// One slot: a position's key and the bounds known on its value. Key 0 marks an empty slot.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    key: u64,
    lower: i16,
    upper: i16,
    /// The best move found, plus one (0: none), in the position's canonical orientation.
    best: u16,
    /// Empty cells in the position (how much work its value stands for) in the low
    /// [`WORK_BITS`] bits, the generation of the search that wrote it in the others.
    meta: u16,
}

/// Bits of [`Entry::meta`] that hold the work (a board has at most 400 cells).
const WORK_BITS: u32 = 9;

impl Entry {
    /// The work of the entry if it was written in generation `generation`, else 0: an entry of
    /// an earlier search is worth less than any of the current one.
    #[inline]
    fn worth(&self, generation: u16) -> u32 {
        if self.meta >> WORK_BITS == generation {
            u32::from(self.meta & ((1 << WORK_BITS) - 1)) + 1
        } else {
            0
        }
    }
}

/// The two slots of a pair, aligned so that a pair never straddles two cache lines (a lookup
/// then costs one memory access at most).
#[derive(Clone, Copy, Debug, Default)]
#[repr(align(32))]
pub(crate) struct Pair([Entry; 2]);

impl Pair {
    /// The bounds and best move this pair holds for `key`, if it holds `key`.
    #[inline]
    pub(crate) fn find(&self, key: u64) -> Option<(i32, i32, Option<usize>)> {
        let e = self.0.iter().find(|e| e.key == key)?;
        let best = e.best.checked_sub(1).map(usize::from);
        Some((i32::from(e.lower), i32::from(e.upper), best))
    }
}

/// The most bytes of a budget that go to the table of positions near the end of the game (see
/// [`Tables`]): about what a core's second-level cache holds.
const NEAR_TABLE_BYTES: usize = 1 << 20;

/// The solver's two tables: `near` for the positions closest to the end of the game (which
/// ones: `Solver::near_empty`; most lookups are there, and a table small enough to stay in the
/// cache answers them without a trip to memory), `far` for the rest, which keeps the costlier
/// results out of their way. The near one gets an eighth of the budget, up to [`NEAR_TABLE_BYTES`].
#[derive(Debug)]
pub(crate) struct Tables {
    pub(crate) far: Table,
    pub(crate) near: Table,
    /// The byte budget the two share.
    bytes: usize,
}

impl Tables {
    /// Two empty tables sharing `bytes` (no memory is taken until the first write).
    pub(crate) fn new(bytes: usize) -> Tables {
        let near = bytes.min(NEAR_TABLE_BYTES * 8) / 8;
        Tables { far: Table::new(bytes - near), near: Table::new(near), bytes }
    }

    /// The byte budget the two share, as given to [`new`](Self::new).
    pub(crate) fn bytes(&self) -> usize {
        self.bytes
    }

    /// The bytes of slot memory the two hold now (kept by a clear).
    #[cfg(test)]
    pub(crate) fn held(&self) -> usize {
        (self.far.pairs.capacity() + self.near.pairs.capacity()) * std::mem::size_of::<Pair>()
    }

    /// Starts a new generation in both (see [`Table::next_generation`]).
    pub(crate) fn next_generation(&mut self) {
        self.far.next_generation();
        self.near.next_generation();
    }

    /// Forgets every entry of both.
    pub(crate) fn clear(&mut self) {
        self.far.clear();
        self.near.clear();
    }
}

/// Below this size (in bytes) a growing slot array is copied into a new one; from it on, the
/// array grows in place within address space reserved for the whole budget.
pub(crate) const COPY_GROWTH_BYTES: usize = 1 << 20;

/// How many times larger a full table grows. Each growth moves every entry (a multiply and
/// a scattered write each), so fewer, larger steps cost less: a Begin-Easy solve of a few
/// hundred nodes moved about as many entries as it stored while its table doubled from 16
/// pairs, and steps of 8 instead of 2 took 5% of the time of Pons' Begin-Easy and
/// Middle-Medium sets (README, "Measuring"). A growth from half full leaves the table a
/// sixteenth full, so it stays within one step of what the search needs.
const GROWTH: usize = 8;

/// Pairs of a table's first slot array (or fewer when the byte budget is smaller), allocated
/// by its first write: a search of a few dozen nodes touches half a KiB of table, and a table
/// that is never written to (the far one of a search near the end of a game) costs nothing.
const INITIAL_PAIRS: usize = 1 << 4;

/// A bounded-memory map from position keys to (lower, upper) bounds of their value.
#[derive(Debug)]
pub(crate) struct Table {
    pairs: Vec<Pair>,
    /// Pairs with at least one slot in use.
    filled: usize,
    /// The most pairs the byte budget allows.
    max_pairs: usize,
    /// The generation of the search writing now (see [`Table::next_generation`]).
    generation: u16,
}

impl Table {
    /// A table that never takes more than `bytes` bytes for its slots (while it grows below
    /// [`COPY_GROWTH_BYTES`], the old slot array, a [`GROWTH`]th of the new one, lives beside it
    /// for a moment).
    pub(crate) fn new(bytes: usize) -> Table {
        let max_pairs = bytes / std::mem::size_of::<Pair>();
        Table { pairs: Vec::new(), filled: 0, max_pairs, generation: 0 }
    }

    /// Starts a new search: entries already there stay and are still found, but give way first
    /// when a slot is needed. Generations wrap after 128 searches; an entry that old may then
    /// pass for a current one for a while, which only affects which entry a slot keeps.
    pub(crate) fn next_generation(&mut self) {
        self.generation = (self.generation + 1) & ((1 << (16 - WORK_BITS)) - 1);
    }

    /// Forgets every entry (the byte budget stays): the table is then a new one, on which a
    /// search runs exactly as on a new table ([`INITIAL_PAIRS`] pairs at its first write,
    /// growing as a new one does). Its memory is kept for the slots to come, so that a cold
    /// table per call costs no allocation (issue 13).
    ///
    /// A table that has slots keeps its first [`INITIAL_PAIRS`] pairs, wiped here, and drops
    /// the others (a table grows by zero-filling the pairs it adds): the next search does not
    /// zero-fill its first slots in the middle of its work (half a KiB, eight cache lines
    /// written by the first write of a small solve), as Pons' solver wipes its table in
    /// `reset`, before a search. A table already empty is not wiped again, so clearing it
    /// twice costs nothing more.
    pub(crate) fn clear(&mut self) {
        self.pairs.truncate(INITIAL_PAIRS);
        if self.filled > 0 {
            self.pairs.fill(Pair::default());
        }
        self.filled = 0;
        self.generation = 0;
    }

    /// The byte size of the slot array now.
    #[cfg(test)]
    pub(crate) fn bytes(&self) -> usize {
        self.pairs.len() * std::mem::size_of::<Pair>()
    }

    /// The pair of `key`.
    #[inline]
    fn index(&self, key: u64) -> usize {
        // Fibonacci hashing mixes every bit of the key into the top bits of the product, which
        // matters because symmetry-reduced keys (a minimum of several hashes) are biased low,
        // and Connect Four's keys are boards, whose low bits are the first column;
        // the top bits then pick a pair among any number of them (Lemire's range reduction).
        let mixed = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ((u128::from(mixed) * self.pairs.len() as u128) >> 64) as usize
    }

    /// The bounds and best move stored for `key`, if its pair holds it.
    #[inline]
    pub(crate) fn get(&self, key: u64) -> Option<(i32, i32, Option<usize>)> {
        self.pairs.get(self.index(key))?.find(key)
    }

    /// Records `lower <= value <= upper` for `key` (a position with `work` empty cells) and
    /// its best move if known: merged with what the pair knew about the same key, else in the
    /// first slot if it stands for at least as much work as the first slot's entry (which then
    /// moves to the second), else in the second. Entries of earlier generations count as no
    /// work at all.
    pub(crate) fn put(&mut self, key: u64, lower: i32, upper: i32, best: Option<usize>, work: u32) {
        if self.pairs.is_empty() && !self.allocate() {
            return;
        }
        let i = self.index(key);
        let best_code = best.map_or(0, |m| m as u16 + 1);
        for e in &mut self.pairs[i].0 {
            if e.key == key {
                e.lower = e.lower.max(lower as i16);
                e.upper = e.upper.min(upper as i16);
                // Used again now: it belongs to the current search.
                e.meta = (self.generation << WORK_BITS) | (e.meta & ((1 << WORK_BITS) - 1));
                if best_code != 0 {
                    e.best = best_code;
                }
                return;
            }
        }
        let [first, second] = self.pairs[i].0;
        if first.key == 0 && second.key == 0 {
            if (self.filled + 1) * 2 > self.pairs.len() && self.pairs.len() < self.max_pairs {
                self.grow();
                return self.put(key, lower, upper, best, work);
            }
            self.filled += 1;
        }
        let meta = (self.generation << WORK_BITS) | (work as u16 & ((1 << WORK_BITS) - 1));
        let entry = Entry { key, lower: lower as i16, upper: upper as i16, best: best_code, meta };
        let g = self.generation;
        if first.key == 0 || entry.worth(g) >= first.worth(g) {
            // The first slot's entry moves to the second, unless that holds an entry of the
            // current search and it is of an earlier one (within one search the second slot
            // never stands for more work than the first).
            if first.key != 0 && (second.key == 0 || second.worth(g) <= first.worth(g)) {
                self.pairs[i].0[1] = first;
            }
            self.pairs[i].0[0] = entry;
        } else {
            self.pairs[i].0[1] = entry;
        }
    }

    /// Gives an empty table its first slots (its budget allows; else it stays empty: `false`).
    /// Out of line, as is [`grow`](Self::grow): a small solve's `put` then runs only its own
    /// few lines of code (issue 13: a small call fetches its code from memory).
    #[cold]
    #[inline(never)]
    fn allocate(&mut self) -> bool {
        if self.max_pairs == 0 {
            return false;
        }
        let first = INITIAL_PAIRS.min(self.max_pairs);
        if self.pairs.try_reserve_exact(first).is_err() {
            self.max_pairs = 0;
            return false;
        }
        self.pairs.resize(first, Pair::default());
        true
    }

    /// Grows the slot array [`GROWTH`] times (or to the budget, if that is less) and moves every
    /// entry to its new place, in place (see the [module docs](self)). When the memory cannot
    /// be reserved, the table stops growing at its size now (it keeps working, smaller).
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let old_len = self.pairs.len();
        let new_len = (old_len * GROWTH).min(self.max_pairs);
        if self.pairs.capacity() < new_len {
            let pair = std::mem::size_of::<Pair>();
            let reserved = if new_len * pair <= COPY_GROWTH_BYTES {
                self.pairs.try_reserve_exact(new_len - old_len).is_ok()
            } else {
                // Address space for the whole budget, once; failing that, the most of it the
                // system grants (halving), as long as it is more than the table has.
                let mut want = self.max_pairs;
                loop {
                    if self.pairs.try_reserve_exact(want - old_len).is_ok() {
                        self.max_pairs = want;
                        break true;
                    }
                    want /= 2;
                    if want < new_len {
                        break false;
                    }
                }
            };
            if !reserved {
                self.max_pairs = old_len;
                return;
            }
        }
        let new_len = new_len.min(self.max_pairs);
        // Within the capacity: no reallocation.
        self.pairs.resize(new_len, Pair::default());
        self.filled = 0;
        // With `len` pairs, a key's pair is floor(x * len) for a fixed x in [0, 1), so in the
        // bigger array it is at the same index or higher: from the top down, every pair is
        // emptied before anything lands on it from below, and nothing lands on a pair not yet
        // moved.
        let g = self.generation;
        for i in (0..old_len).rev() {
            let entries = std::mem::take(&mut self.pairs[i]).0;
            for e in entries.into_iter().filter(|e| e.key != 0) {
                let j = self.index(e.key);
                let pair = &mut self.pairs[j].0;
                if pair[0].key == 0 {
                    self.filled += 1;
                    pair[0] = e;
                } else if pair[1].key == 0 || e.worth(g) > pair[1].worth(g) {
                    // Only when the budget caps the growth can two pairs meet in one: the first
                    // slot keeps the costlier entry.
                    if e.worth(g) > pair[0].worth(g) {
                        pair[1] = pair[0];
                        pair[0] = e;
                    } else {
                        pair[1] = e;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_merge_grow_and_stay_bounded() {
        let mut t = Table::new(1 << 16);
        assert_eq!(t.get(7), None);
        t.put(7, -3, 5, Some(3), 4);
        t.put(7, -1, 9, None, 4);
        assert_eq!(t.get(7), Some((-1, 5, Some(3))));
        t.put(7, -1, 9, Some(0), 4);
        assert_eq!(t.get(7), Some((-1, 5, Some(0))));
        for key in 1..50_000u64 {
            t.put(key.wrapping_mul(0x1234_5678_9ABC_DEF1) | 1, 0, 0, None, (key % 7) as u32);
        }
        assert!(t.bytes() <= 1 << 16);
        assert!(t.bytes() > INITIAL_PAIRS * 32);
        // A budget that is not a power of two is used whole.
        let mut odd = Table::new(1000 * 32);
        for key in 1..50_000u64 {
            odd.put(key.wrapping_mul(0x1234_5678_9ABC_DEF1) | 1, 0, 0, None, 1);
        }
        assert_eq!(odd.bytes(), 1000 * 32);
        // No memory at all: nothing is stored, nothing is found.
        let mut none = Table::new(0);
        none.put(7, 0, 0, None, 0);
        assert_eq!(none.get(7), None);
        assert_eq!(none.bytes(), 0);
    }

    /// Growth past [`COPY_GROWTH_BYTES`] happens in place: every entry moves to its new pair
    /// intact, the array never outgrows the budget, and a budget far beyond the machine's
    /// memory gives a working table, not an abort.
    #[test]
    fn growth_in_place_keeps_entries_and_the_budget() {
        let key = |i: u64| {
            let z = (i + 1).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            (z ^ (z >> 31)) | 1
        };
        for budget in [8 << 20, 5_000_000, usize::MAX / 2, usize::MAX] {
            let mut t = Table::new(budget);
            let n = 60_000u64;
            for i in 0..n {
                t.put(key(i), -((i % 100) as i32), (i % 50) as i32, Some((i % 7) as usize), 3);
            }
            assert!(t.bytes() > COPY_GROWTH_BYTES, "{budget}: never grew in place");
            assert!(t.bytes() <= budget && t.pairs.capacity() * 32 <= budget);
            let mut found = 0;
            for i in 0..n {
                if let Some(got) = t.get(key(i)) {
                    assert_eq!(got, (-((i % 100) as i32), (i % 50) as i32, Some((i % 7) as usize)));
                    found += 1;
                }
            }
            // A table is a cache: a pair holds two keys, and some are pushed out.
            assert!(found * 100 >= n * 85, "{budget}: {found} of {n} found");
            assert_eq!(t.filled, t.pairs.iter().filter(|p| p.0[0].key != 0).count());
            // A growth in place keeps every entry.
            if t.pairs.len() < t.max_pairs {
                let before: Vec<Entry> =
                    t.pairs.iter().flat_map(|p| p.0).filter(|e| e.key != 0).collect();
                t.grow();
                for e in &before {
                    let best = e.best.checked_sub(1).map(usize::from);
                    assert_eq!(t.get(e.key), Some((i32::from(e.lower), i32::from(e.upper), best)));
                }
                assert_eq!(t.filled, t.pairs.iter().filter(|p| p.0[0].key != 0).count());
            }
        }
    }

    /// A cleared table finds nothing and then fills exactly as a new one; it keeps its first
    /// pairs, wiped, and a second clear has nothing left to wipe.
    #[test]
    fn a_cleared_table_is_a_new_one() {
        let key = |i: u64| (i + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let fill = |t: &mut Table, n: u64| {
            for i in 0..n {
                t.put(key(i), -1, (i % 9) as i32, Some((i % 5) as usize), (i % 11) as u32);
            }
        };
        let slots = |t: &Table| t.pairs.iter().flat_map(|p| p.0).map(|e| e.key).collect::<Vec<_>>();
        for n in [0, 3, 40, 5_000] {
            let mut used = Table::new(1 << 20);
            fill(&mut used, 20_000);
            used.next_generation();
            used.clear();
            assert_eq!(used.bytes(), INITIAL_PAIRS * 32);
            assert!((0..20_000).all(|i| used.get(key(i)).is_none()));
            assert_eq!(used.filled, 0);
            used.clear();
            let mut new = Table::new(1 << 20);
            fill(&mut used, n);
            fill(&mut new, n);
            if n > 0 {
                assert_eq!(slots(&used), slots(&new), "{n} entries");
                assert_eq!((used.filled, used.generation), (new.filled, new.generation));
            }
            assert!((0..n).all(|i| used.get(key(i)) == new.get(key(i))));
        }
    }

    #[test]
    fn older_generations_are_found_and_give_way_first() {
        let mut t = Table::new(32); // one pair
        t.put(1, 0, 0, None, 10);
        t.next_generation();
        // Still there in the next search.
        assert_eq!(t.get(1), Some((0, 0, None)));
        // A cheap entry of the current search takes the first slot from the old costly one.
        t.put(2, 0, 0, None, 1);
        t.put(3, 0, 0, None, 1);
        assert!(t.get(1).is_none() && t.get(2).is_some() && t.get(3).is_some());
        // An old entry used again belongs to the current search.
        t.next_generation();
        t.put(2, -1, 1, None, 1);
        t.put(4, 0, 0, None, 0);
        assert!(t.get(2).is_some() && t.get(4).is_some() && t.get(3).is_none());
    }

    #[test]
    fn the_costlier_entry_keeps_the_first_slot() {
        // A two-slot table: one pair, so every key collides.
        let mut t = Table::new(32);
        t.put(1, 0, 0, None, 10);
        t.put(2, 0, 0, None, 3);
        t.put(3, 0, 0, None, 2);
        // Key 1 (work 10) stays; the newest of the cheap ones takes the second slot.
        assert!(t.get(1).is_some());
        assert!(t.get(2).is_none());
        assert!(t.get(3).is_some());
        t.put(4, 0, 0, None, 11);
        assert!(t.get(4).is_some() && t.get(1).is_some() && t.get(3).is_none());
    }
}
