// Fisher-Yates over real(): (u * (i + 1)) as usize.
mod sa_harness;

fn main() {
    sa_harness::run(|deck: &mut Vec<usize>| {
        for i in (1..deck.len()).rev() {
            let j = (sa_harness::real() * (i + 1) as f64) as usize;
            deck.swap(i, j);
        }
    });
}
