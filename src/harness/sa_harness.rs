//! sa_harness.rs - audit a Rust shuffle with shuffle-audit, exactly.
//!
//! Put this file beside your main.rs and hand your shuffle to `run`:
//!
//! ```text
//! mod sa_harness;
//!
//! fn main() {
//!     sa_harness::run(|deck: &mut Vec<usize>| {
//!         for i in (1..deck.len()).rev() {
//!             let j = sa_harness::below(i as u64 + 1) as usize;
//!             deck.swap(i, j);
//!         }
//!     });
//! }
//! ```
//!
//! and audit it:
//!
//! ```text
//! rustc -O main.rs -o mine
//! shuffle-audit census --exec ./mine -n 5 --batch
//! ```
//!
//! Your closure gets the cards 0 .. n-1 and shuffles them in place.  The
//! standard library has no random numbers, so your shuffle takes them
//! from here, wherever it would call its generator:
//!
//! - `below(k)`, a number below k ("draw K"): the bounded draw, which
//!   judges your loop (`rng.gen_range(0..k)` in the rand crate's terms).
//! - `real()`, an f64 in [0, 1) ("real"): a cell of M equal cells,
//!   M = lcm(1..n) unless --real-cells says otherwise, and a place among
//!   the run's earlier reals in it, so that `(real() * k as f64) as
//!   usize` is exactly uniform for every k dividing M and reals compare
//!   as independent uniform reals do (a sort by random keys).  An f64's
//!   53 bits are another question, answered by `shuffle-audit census -a
//!   durstenfeld --reduce multiply:53`.
//! - `raw()`, a raw word of the --raw-bits B width, for code that reduces
//!   words itself (a generator's `next_u32() % k`, say): audit that by
//!   layers (census --layers --depth D) when it rejects.
//!
//! A panic in the shuffle gives the run up with a line "error ..." that
//! shuffle-audit reports.  Lines are flushed before every read and at the
//! end of each run; --batch is understood.  Rust 1.56 or later, std only,
//! plain rustc.
#![allow(dead_code)]

use std::cell::RefCell;
use std::io::{self, BufRead, Write};

struct State {
    bits: u64,
    cells: u64,
    place: u64,
    input: io::StdinLock<'static>,
    out: io::BufWriter<io::Stdout>,
    plan: Vec<(u64, u64)>, // this run's offered draws
    at: usize,             // the plan's draws taken so far
    used: Vec<String>,     // the words of "asked"
    told: bool,            // "asked" is said (or there was no plan)
    // the plan's reals taken this run: (cell, their places in order)
    reals: Vec<(u64, Vec<u64>)>,
}

// A real's place within its cell, in 2^-52 of it.
const PLACES: u64 = 1 << 52;

fn env(name: &str, otherwise: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(otherwise)
}

thread_local! {
    static STATE: RefCell<State> = RefCell::new(State {
        bits: env("SHUFFLE_AUDIT_RAW_BITS", 32),
        cells: env("SHUFFLE_AUDIT_REAL_CELLS", 1 << 32),
        place: env("SHUFFLE_AUDIT_REAL_PLACE", 0),
        input: Box::leak(Box::new(io::stdin())).lock(),
        out: io::BufWriter::with_capacity(1 << 16, io::stdout()),
        plan: Vec::new(),
        at: 0,
        used: Vec::new(),
        told: true,
        reals: Vec::new(),
    });
}

// Gives the run up: the reason goes to shuffle-audit, which reports it
// ("error ..."), and to standard error.
fn fail(why: &str) -> ! {
    eprintln!("sa_harness: {}", why);
    let line = format!("error sa_harness: {}\n", why.replace(['\n', '\r'], " "));
    let _ = STATE.try_with(|s| {
        if let Ok(mut s) = s.try_borrow_mut() {
            let _ = s.out.write_all(line.as_bytes());
            let _ = s.out.flush();
        }
    });
    std::process::exit(2);
}

impl State {
    fn say(&mut self, line: &str) {
        if self.out.write_all(line.as_bytes()).is_err() || self.out.write_all(b"\n").is_err() {
            fail("shuffle-audit stopped reading");
        }
    }

    fn flush(&mut self) {
        if self.out.flush().is_err() {
            fail("shuffle-audit stopped reading");
        }
    }

    fn tell(&mut self) {
        if !self.told {
            let mut line = String::from("asked");
            for w in &self.used {
                line.push(' ');
                line.push_str(w);
            }
            self.say(&line);
            self.told = true;
        }
    }

    fn ask(&mut self, line: &str) -> String {
        self.tell();
        self.say(line);
        self.flush();
        let mut answer = String::new();
        match self.input.read_line(&mut answer) {
            Ok(got) if got > 0 && answer.ends_with('\n') => answer.trim_end().to_string(),
            _ => fail("shuffle-audit closed the line in the middle of a run"),
        }
    }

    // The plan's next draw when it has the bound BOUND.
    fn take(&mut self, bound: u64, word: &str) -> Option<u64> {
        if self.told {
            return None;
        }
        let at = self.at;
        if at < self.plan.len() && self.plan[at].0 == bound {
            self.used.push(word.to_string());
            self.at += 1;
            return Some(self.plan[at].1);
        }
        self.tell();
        None
    }

    // Cell CELL at place POS as an f64, exactly as shuffle-audit makes it:
    // (cell 2^d + a) / (M 2^d), pos = a 2^t with a odd, d = 52 - t.
    fn real_at(&self, cell: u64, pos: u64) -> f64 {
        let t = pos.trailing_zeros() as u64;
        let d = 52 - t + self.place;
        ((cell << d) + (pos >> t)) as f64 / (self.cells << d) as f64
    }

    // The plan's next real: its cell, and its place among the run's
    // earlier reals in that cell when there are any.
    fn take_real(&mut self) -> Option<f64> {
        if self.told {
            return None;
        }
        let at = self.at;
        if at < self.plan.len() && self.plan[at].0 == self.cells {
            let cell = self.plan[at].1;
            let i = match self.reals.iter().position(|r| r.0 == cell) {
                Some(i) => i,
                None => {
                    self.reals.push((cell, Vec::new()));
                    self.reals.len() - 1
                }
            };
            let k = self.reals[i].1.len() as u64;
            if k == 0 || (at + 1 < self.plan.len() && self.plan[at + 1].0 == k + 1) {
                let gap = if k > 0 { self.plan[at + 1].1 as usize } else { 0 };
                let places = &mut self.reals[i].1;
                let lo = if gap > 0 { places[gap - 1] } else { 0 };
                let hi = if (gap as u64) < k { places[gap] } else { PLACES };
                places.insert(gap, (lo + hi) / 2);
                let pos = places[gap];
                self.used.push("real".to_string());
                self.at += if k > 0 { 2 } else { 1 };
                return Some(self.real_at(cell, pos));
            }
        }
        self.tell();
        None
    }
}

fn number(s: &str) -> u64 {
    s.parse().unwrap_or_else(|_| fail(&format!("shuffle-audit answered {:?}", s)))
}

/// A whole number in [0, k), 1 <= k <= 2^32.
pub fn below(k: u64) -> u64 {
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        match s.take(k, &k.to_string()) {
            Some(v) => v,
            None => number(&s.ask(&format!("draw {}", k))),
        }
    })
}

/// A real in [0, 1): a cell of M and a place among the run's reals in
/// it, so that `(u * k) as u64` for k dividing M and comparisons are exact.
pub fn real() -> f64 {
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        match s.take_real() {
            Some(u) => u,
            None => {
                let a = s.ask("real");
                a.parse().unwrap_or_else(|_| fail(&format!("shuffle-audit answered {:?}", a)))
            }
        }
    })
}

/// A raw word of the --raw-bits B width.
pub fn raw() -> u64 {
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        let bound = 1u64 << s.bits;
        match s.take(bound, "raw") {
            Some(v) => v,
            None => number(&s.ask("raw")),
        }
    })
}

/// Answers shuffle-audit's runs with `shuffle(deck)` until it is done.
pub fn run<F: FnMut(&mut Vec<usize>)>(mut shuffle: F) {
    // A panic in the shuffle: its message, to shuffle-audit.
    std::panic::set_hook(Box::new(|info| {
        let _ = STATE.try_with(|s| {
            if let Ok(mut s) = s.try_borrow_mut() {
                let _ = s.out.flush();
            }
        });
        let line = format!("error sa_harness: the shuffle panicked: {}\n", info)
            .replace(['\r'], " ");
        let line = line.trim_end().replace('\n', " ") + "\n";
        eprint!("{}", line);
        let mut out = io::stdout();
        let _ = out.write_all(line.as_bytes());
        let _ = out.flush();
        std::process::exit(2);
    }));
    loop {
        let mut line = String::new();
        let got = STATE.with(|s| s.borrow_mut().input.read_line(&mut line));
        match got {
            Ok(0) => break,
            Ok(_) if line.ends_with('\n') => {}
            _ => fail("a last line with no newline"),
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.len() < 2 || words[0] != "shuffle" {
            fail(&format!("expected \"shuffle N\" from shuffle-audit, not {:?}", line));
        }
        STATE.with(|s| {
            let mut s = s.borrow_mut();
            s.plan.clear();
            s.at = 0;
            s.used.clear();
            s.told = true;
            s.reals.clear();
            if words.len() > 2 && words[2] == "plan" {
                for w in &words[3..] {
                    let mut kv = w.splitn(2, ':');
                    let k = number(kv.next().unwrap_or(""));
                    let v = number(kv.next().unwrap_or(""));
                    s.plan.push((k, v));
                }
                s.told = false;
            }
        });
        let mut deck: Vec<usize> = (0..number(words[1]) as usize).collect();
        shuffle(&mut deck);
        STATE.with(|s| {
            let mut s = s.borrow_mut();
            s.tell();
            let mut out = String::from("deck");
            for c in &deck {
                out.push(' ');
                out.push_str(&c.to_string());
            }
            s.say(&out);
            s.flush();
        });
    }
    STATE.with(|s| s.borrow_mut().flush());
}
