mod sa_harness;

fn main() {
    sa_harness::run(|deck: &mut Vec<usize>| {
        for i in (1..deck.len()).rev() {
            let j = sa_harness::below(i as u64 + 1) as usize;
            deck.swap(i, j);
        }
    });
}
