// A shuffle keyed by std's RandomState, which seeds every hasher from the
// system: hidden randomness, which the audit reports (exit status 3)
// every time.
mod sa_harness;

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};

fn main() {
    sa_harness::run(|deck: &mut Vec<usize>| {
        for i in (1..deck.len()).rev() {
            let mut h = RandomState::new().build_hasher();
            h.write_usize(i);
            let j = (h.finish() % (i as u64 + 1)) as usize;
            deck.swap(i, j);
        }
    });
}
