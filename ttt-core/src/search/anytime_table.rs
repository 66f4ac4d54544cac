//! The anytime search's own transposition table: what each position's last search to a given
//! depth found, for the next iteration (and the next time a transposition reaches it).
//!
//! The exact solver's table holds proven bounds on exact scores; the anytime search's values
//! are evaluations to a depth, which mean something else, so they get a table of their own.
//! It gives each position its best move of the last search (searched first the next time,
//! which is most of what iterative deepening gains from a table) and a bound good to the depth
//! it was searched to. Direct-mapped, always replaced; sized to the budget of the search that
//! makes it (at most [`MAX_ENTRIES`] entries of 24 bytes: 3 MiB, within the memory rule of
//! [`SearchLimits::table_bytes`](super::SearchLimits::table_bytes)). Keyed by the position's
//! hash in the board's own orientation, so that a stored move is a move of that position.
//!
//! A free function's search makes its own and drops it; an [`Engine`](super::Engine) keeps one
//! from a call to the next on boards without gravity (see its module docs): a value is the
//! same search of the same position whichever root reached it, so it holds for later moves of
//! the game too.

/// The most entries a table gets (2¹⁷: 3 MiB). Iterative deepening gains most from the
/// entries near the root, which every iteration visits again, so a search of more nodes than
/// this still gains.
pub(crate) const MAX_ENTRIES: usize = 1 << 17;
/// The fewest (2¹⁰: 24 KiB).
const MIN_ENTRIES: usize = 1 << 10;

/// What a stored value is for the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The value itself.
    Exact,
    /// At least the value (the search failed high).
    Lower,
    /// At most the value (it failed low).
    Upper,
}

/// One position's entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    pub(crate) value: i64,
    pub(crate) bound: Bound,
    /// The depth the value is good to.
    pub(crate) depth: u32,
    /// The best move found (a bit position), if any.
    pub(crate) best: Option<usize>,
}

/// The table: three words an entry (the key, the value, then depth, bound and move packed).
pub(crate) struct AnytimeTable {
    words: Vec<u64>,
    mask: usize,
}

impl std::fmt::Debug for AnytimeTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AnytimeTable").field("entries", &self.entries()).finish()
    }
}

impl AnytimeTable {
    /// A table for a search of about `nodes` nodes: [`entries_for`](Self::entries_for) them.
    pub(crate) fn for_nodes(nodes: u64) -> AnytimeTable {
        let entries = Self::entries_for(nodes);
        // All zero: a key of 0 is never stored (see `store`), so every slot starts empty.
        AnytimeTable { words: vec![0; 3 * entries], mask: entries - 1 }
    }

    /// The entries of a table for a search of about `nodes` nodes: a power of two, at least one
    /// for each node up to [`MAX_ENTRIES`].
    pub(crate) fn entries_for(nodes: u64) -> usize {
        let nodes = usize::try_from(nodes).unwrap_or(MAX_ENTRIES);
        nodes.clamp(MIN_ENTRIES, MAX_ENTRIES).next_power_of_two()
    }

    /// The entries the table holds.
    pub(crate) fn entries(&self) -> usize {
        self.mask + 1
    }

    fn slot(&self, key: u64) -> usize {
        3 * (key as usize & self.mask)
    }

    /// The entry of the position with hash `key`, if stored.
    pub(crate) fn get(&self, key: u64) -> Option<Entry> {
        let key = key.max(1);
        let at = self.slot(key);
        if self.words[at] != key {
            return None;
        }
        let meta = self.words[at + 2];
        let bound = match meta & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        let best = (meta >> 32) as usize;
        Some(Entry {
            value: self.words[at + 1] as i64,
            bound,
            depth: ((meta >> 2) & 0x3FFF_FFFF) as u32,
            best: best.checked_sub(1),
        })
    }

    /// Stores `entry` for the position with hash `key`, in place of what the slot held.
    pub(crate) fn store(&mut self, key: u64, entry: Entry) {
        let key = key.max(1);
        let at = self.slot(key);
        let bound = match entry.bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        let best = entry.best.map_or(0, |p| p as u64 + 1);
        let depth = u64::from(entry.depth.min(0x3FFF_FFFF));
        self.words[at] = key;
        self.words[at + 1] = entry.value as u64;
        self.words[at + 2] = bound | depth << 2 | best << 32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_entries_and_misses_others() {
        let mut t = AnytimeTable::for_nodes(5_000);
        assert_eq!(t.get(42), None);
        let e = Entry { value: -(1 << 52) - 7, bound: Bound::Upper, depth: 9, best: Some(419) };
        t.store(42, e);
        assert_eq!(t.get(42), Some(e));
        assert_eq!(t.get(42 + 8192), None, "another key in the same slot");
        let f = Entry { value: 3, bound: Bound::Lower, depth: 0, best: None };
        t.store(0, f); // key 0 is stored as 1
        assert_eq!(t.get(0), Some(f));
        assert_eq!(t.get(1), Some(f));
        t.store(42 + 8192, Entry { bound: Bound::Exact, ..f });
        assert_eq!(t.get(42), None, "replaced");
    }

    #[test]
    fn is_sized_to_the_budget_within_bounds() {
        assert_eq!(AnytimeTable::for_nodes(0).mask + 1, MIN_ENTRIES);
        assert_eq!(AnytimeTable::for_nodes(3_000).mask + 1, 4096);
        assert_eq!(AnytimeTable::for_nodes(u64::MAX).mask + 1, MAX_ENTRIES);
    }
}
