// The naive shuffle: every position swapped with any.
mod sa_harness;

fn main() {
    sa_harness::run(|deck: &mut Vec<usize>| {
        let n = deck.len();
        for i in 0..n {
            let j = sa_harness::below(n as u64) as usize;
            deck.swap(i, j);
        }
    });
}
