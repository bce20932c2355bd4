//! Two shuffles, each taking its random numbers from `below` (a number
//! below k), so that a test can hand them the auditor's.

/// Shuffles DECK in place, fairly: each card in turn from the last is
/// swapped with one at or below it.
pub fn fisher_yates(deck: &mut [usize], mut below: impl FnMut(u64) -> u64) {
    for i in (1..deck.len()).rev() {
        let j = below(i as u64 + 1) as usize;
        deck.swap(i, j);
    }
}

/// Shuffles DECK in place, unfairly: each card is swapped with any card
/// at all, so n^n runs fall on n! orderings, which they cannot share
/// equally from 3 cards up.
pub fn naive(deck: &mut [usize], mut below: impl FnMut(u64) -> u64) {
    for i in 0..deck.len() {
        let j = below(deck.len() as u64) as usize;
        deck.swap(i, j);
    }
}

// shuffle-audit's harness, written by `shuffle-audit harness rust`.
#[cfg(test)]
mod sa_harness;

// The audit of every run of each shuffle of 5 cards.
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fisher_yates_is_fair() {
        sa_harness::assert_fair(|d: &mut Vec<usize>| fisher_yates(d, sa_harness::below), 5);
    }

    // This one fails: the naive shuffle is unfair.
    #[test]
    fn naive_is_fair() {
        sa_harness::assert_fair(|d: &mut Vec<usize>| naive(d, sa_harness::below), 5);
    }
}
