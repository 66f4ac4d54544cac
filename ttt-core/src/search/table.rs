//! The transposition table: bounds on the value of positions already searched in this call.
//!
//! One slot per index, always replaced (the newest result is the most likely to be asked for
//! again), keyed by the position's 64-bit symmetry-reduced hash, which is stored whole so that
//! a slot answers only for its own position. The table starts small and doubles while it is
//! more than half full, up to the byte budget, so that small problems pay for a small table.

/// One slot: a position's key and the bounds known on its value. Key 0 marks an empty slot.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    key: u64,
    lower: i16,
    upper: i16,
}

/// Slots in a fresh table (or fewer when the byte budget is smaller).
const INITIAL_SLOTS: usize = 1 << 10;

/// A bounded-memory map from position keys to (lower, upper) bounds of their value.
#[derive(Debug)]
pub(crate) struct Table {
    slots: Vec<Entry>,
    /// log2 of `slots.len()`.
    bits: u32,
    /// Slots in use.
    filled: usize,
    /// The most slots the byte budget allows (a power of two, possibly 0).
    max_slots: usize,
}

impl Table {
    /// A table that never takes more than `bytes` bytes for its slots (while it grows, the old
    /// slot array and the new one, half its size, live together for a moment).
    pub(crate) fn new(bytes: usize) -> Table {
        let fit = bytes / std::mem::size_of::<Entry>();
        let max_slots = if fit == 0 { 0 } else { 1 << fit.ilog2() };
        let len = INITIAL_SLOTS.min(max_slots);
        Table { slots: vec![Entry::default(); len], bits: len.max(1).ilog2(), filled: 0, max_slots }
    }

    /// The byte size of the slot array now.
    #[cfg(test)]
    pub(crate) fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Entry>()
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        // Fibonacci hashing: the top bits of the product mix every bit of the key, which
        // matters because symmetry-reduced keys (a minimum of several hashes) are biased low.
        if self.bits == 0 {
            0
        } else {
            (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - self.bits)) as usize
        }
    }

    /// The bounds stored for `key`, if its slot holds it.
    #[inline]
    pub(crate) fn get(&self, key: u64) -> Option<(i32, i32)> {
        let e = self.slots.get(self.index(key))?;
        (e.key == key).then_some((i32::from(e.lower), i32::from(e.upper)))
    }

    /// Records `lower <= value <= upper` for `key`, merged with what the slot knew about the
    /// same key, else replacing the slot's occupant.
    pub(crate) fn put(&mut self, key: u64, lower: i32, upper: i32) {
        if self.slots.is_empty() {
            return;
        }
        let i = self.index(key);
        let e = self.slots[i];
        if e.key == key {
            self.slots[i].lower = e.lower.max(lower as i16);
            self.slots[i].upper = e.upper.min(upper as i16);
            return;
        }
        if e.key == 0 {
            self.filled += 1;
            if self.filled * 2 > self.slots.len() && self.slots.len() * 2 <= self.max_slots {
                self.grow();
                return self.put(key, lower, upper);
            }
        }
        self.slots[i] = Entry { key, lower: lower as i16, upper: upper as i16 };
    }

    /// Doubles the slot array and moves every entry to its new place.
    fn grow(&mut self) {
        let doubled = vec![Entry::default(); self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        self.bits += 1;
        self.filled = 0;
        for e in old.into_iter().filter(|e| e.key != 0) {
            let i = self.index(e.key);
            if self.slots[i].key == 0 {
                self.filled += 1;
            }
            self.slots[i] = e;
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
        t.put(7, -3, 5);
        t.put(7, -1, 9);
        assert_eq!(t.get(7), Some((-1, 5)));
        for key in 1..50_000u64 {
            t.put(key.wrapping_mul(0x1234_5678_9ABC_DEF1) | 1, 0, 0);
        }
        assert!(t.bytes() <= 1 << 16);
        assert!(t.bytes() > INITIAL_SLOTS * 16);
        // No memory at all: nothing is stored, nothing is found.
        let mut none = Table::new(0);
        none.put(7, 0, 0);
        assert_eq!(none.get(7), None);
        assert_eq!(none.bytes(), 0);
    }
}
