// Fisher-Yates with a raw word reduced by its remainder (rand() % k).
mod sa_harness;

fn main() {
    sa_harness::run(|deck: &mut Vec<usize>| {
        for i in (1..deck.len()).rev() {
            let j = (sa_harness::raw() % (i as u64 + 1)) as usize;
            deck.swap(i, j);
        }
    });
}
