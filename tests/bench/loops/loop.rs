// loop.rs N - the bare loop of make bench-audit (issue 65): Fisher-Yates
// written plainly in Rust, its draws from an odometer rather than a
// generator, over every run of N cards, no harness.  Each run's top card
// is tallied and the tally checked even.  Prints "RUNS runs in SECS s",
// timed inside the program; exit 1 if the tally is uneven.
use std::time::Instant;

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .map_or(9, |a| a.parse().expect("a number of cards"));
    let mut draw = vec![0usize; n];
    let mut top = vec![0u64; n];
    let mut runs: u64 = 0;
    let start = Instant::now();
    loop {
        let mut deck: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            deck.swap(i, draw[i]);
        }
        top[deck[0]] += 1;
        runs += 1;
        let mut i = 1;
        while i < n {
            draw[i] += 1;
            if draw[i] <= i {
                break;
            }
            draw[i] = 0;
            i += 1;
        }
        if i == n {
            break;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    if top.iter().any(|&t| t != top[0]) {
        std::process::exit(1);
    }
    println!("{} runs in {:.6} s", runs, secs);
}
