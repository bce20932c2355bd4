// A sort by random keys, one real() a card: fair, ties and all.
mod sa_harness;

fn main() {
    sa_harness::run(|deck: &mut Vec<usize>| {
        let mut keyed: Vec<(f64, usize)> = deck.iter().map(|&c| (sa_harness::real(), c)).collect();
        keyed.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap());
        for (i, p) in keyed.iter().enumerate() {
            deck[i] = p.1;
        }
    });
}
