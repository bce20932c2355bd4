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
//! shuffle-audit census --exec ./mine -n 5
//! ```
//!
//! Or audit it from your own test suite, under `cargo test` or `rustc
//! --test`: put this file beside your lib.rs as a module of your tests
//! (`#[cfg(test)] mod sa_harness;`) and assert, in any `#[test]`:
//!
//! ```text
//! #[test]
//! fn shuffle_is_fair() {
//!     sa_harness::assert_fair(|d: &mut Vec<usize>| shuffle(d, sa_harness::below), 5);
//! }
//! ```
//!
//! `assert_fair` runs `shuffle-audit census --exec ... -n 5 --summary`
//! with the test binary itself as the audited program (it re-runs that one
//! test, where the call serves the audit and exits); an unfair verdict, or
//! the model's (exit status 1 or 4), fails the test with the report and a
//! command that reproduces it, anything else is an error ("audit error").
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
//! shuffle-audit reports.  Lines are flushed before every read that may
//! wait (at the end of each run, unless the next run's line is already
//! read); --batch is understood.
//! The walk is streamed: the harness offers it on its first line and,
//! when shuffle-audit takes it, walks every run itself and writes them
//! with no reply awaited (THE EXEC PROTOCOL); SHUFFLE_AUDIT_LOOP=N walks
//! N cards here, writing nothing, and prints the runs and seconds (a
//! benchmark's baseline).  Rust 1.56 or later, std only,
//! plain rustc.
#![allow(dead_code)]

use std::cell::{Cell, RefCell};
use std::io::{self, BufRead, Write};

struct State {
    bits: u64,
    cells: u64,
    place: u64,
    // Standard input, in a buffer of the harness's own, so that whether a
    // whole line already waits is known (waiting); reads of its size pass
    // the StdinLock's own buffer by.
    input: io::BufReader<io::StdinLock<'static>>,
    // Standard output, or descriptor 3 in a test's child (assert_fair).
    out: io::BufWriter<Box<dyn Write>>,
    plan: Vec<(u64, u64)>, // this run's offered draws
    at: usize,             // the plan's draws taken so far
    asked: Vec<u8>,        // the line "asked" so far
    told: bool,            // "asked" is said (or there was no plan)
    // the plan's reals taken this run: (cell, their places in order)
    reals: Vec<(u64, Vec<u64>)>,
    w: Walk,
}

// The streamed walk: the odometer here, each run's draws and deck out.
// A digit of the record has a value, a bound, a kind (0 a draw, 1 a raw
// word, 2 a real's cell, 3 a real's place) and, for a real, the f64 it
// gave.
#[derive(Default)]
struct Walk {
    on: bool,
    emit: bool,
    val: Vec<u64>,
    bound: Vec<u64>,
    kind: Vec<u8>,
    u: Vec<f64>,
    pos: usize,
    req: usize,
    cap: usize,
    from: usize,
    cut: Option<Vec<u8>>, // the item a run was cut at
    mix: u64,
    reals: Vec<(u64, Vec<u64>)>,
    out: Vec<u8>, // the transcript not yet written
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
        input: io::BufReader::with_capacity(1 << 16, Box::leak(Box::new(io::stdin())).lock()),
        out: io::BufWriter::with_capacity(1 << 16, Box::new(io::stdout())),
        plan: Vec::new(),
        at: 0,
        asked: Vec::new(),
        told: true,
        reals: Vec::new(),
        w: Walk::default(),
    });
}

// Gives the run up: the reason goes to shuffle-audit, which reports it
// ("error ..."), and to standard error.
fn fail(why: &str) -> ! {
    eprintln!("sa_harness: {}", why);
    give_up(&format!("sa_harness: {}", why.replace(['\n', '\r'], " ")));
}

// The run given up, saying TEXT: a line "error TEXT", or in a streamed
// walk the transcript so far and the run's X.
fn give_up(text: &str) -> ! {
    let _ = STATE.try_with(|s| {
        if let Ok(mut s) = s.try_borrow_mut() {
            if s.w.on && s.w.emit {
                let msg = &text.as_bytes()[..text.len().min(1024)];
                let mut bytes = std::mem::take(&mut s.w.out);
                bytes.extend_from_slice(&[b'R', b'X', msg.len() as u8, (msg.len() >> 8) as u8]);
                bytes.extend_from_slice(msg);
                let _ = s.out.write_all(&bytes);
            } else {
                let _ = s.out.write_all(format!("error {}\n", text).as_bytes());
            }
            let _ = s.out.flush();
        }
    });
    std::process::exit(2);
}

impl State {
    // The record's digit at pos when it has one below BOUND of KIND, else
    // a new one, 0 (the record past it was another run's): the first
    // inlined where every draw passes, the second out of line.
    #[inline]
    fn digit(&mut self, bound: u64, kind: u8) -> u64 {
        let w = &mut self.w;
        let p = w.pos;
        if p < w.val.len() && w.bound[p] == bound && w.kind[p] == kind {
            w.pos = p + 1;
            return w.val[p];
        }
        self.new_digit(bound, kind)
    }

    #[inline(never)]
    fn new_digit(&mut self, bound: u64, kind: u8) -> u64 {
        let w = &mut self.w;
        let p = w.pos;
        if p < w.val.len() {
            w.truncate(p);
            if p < w.from {
                w.from = p;
            }
        }
        w.val.push(0);
        w.bound.push(bound);
        w.kind.push(kind);
        w.u.push(0.0);
        w.pos = p + 1;
        0
    }

    // Whether the run is cut at this request (the depth, --max-draws, or
    // a bound out of range): its item is left open.
    #[inline]
    fn cut(&mut self, tag: u8, arg: u64, n: usize) -> bool {
        let w = &mut self.w;
        if w.cut.is_some() {
            return true;
        }
        if w.req < w.cap && tag != b'b' {
            return false;
        }
        let mut item = vec![tag];
        item.extend_from_slice(&arg.to_le_bytes()[..n]);
        w.cut = Some(item);
        true
    }

    // A draw below K (KIND 0) or a raw word (KIND 1, K = 2^B) from the
    // odometer: its common case here, inlined where every draw of the
    // shuffle passes; a cut and a bound out of range out of line.
    #[inline]
    fn walk_draw(&mut self, k: u64, kind: u8) -> u64 {
        let w = &mut self.w;
        if w.cut.is_none() && w.req < w.cap && (kind == 1 || (k >= 1 && k <= 1 << 32)) {
            w.req += 1;
            return self.digit(k, kind);
        }
        self.walk_draw_cut(k, kind)
    }

    #[inline(never)]
    fn walk_draw_cut(&mut self, k: u64, kind: u8) -> u64 {
        let ok = k >= 1 && k <= 1 << 32;
        let cut = if kind == 1 {
            self.cut(b'w', self.bits, 8)
        } else if ok {
            self.cut(b'd', k - 1, 4)
        } else {
            self.cut(b'b', k, 8)
        };
        if cut {
            return self.w.mixed(k);
        }
        self.w.req += 1;
        self.digit(k, kind)
    }

    fn walk_real(&mut self) -> f64 {
        if self.cut(b'u', 0, 0) {
            return self.w.mixed(1 << 53) as f64 / (1u64 << 53) as f64;
        }
        self.w.req += 1;
        let at = self.w.pos;
        let cell = self.digit(self.cells, 2);
        let i = match self.w.reals.iter().position(|r| r.0 == cell) {
            Some(i) => i,
            None => {
                self.w.reals.push((cell, Vec::new()));
                self.w.reals.len() - 1
            }
        };
        let k = self.w.reals[i].1.len() as u64;
        let gap = if k > 0 { self.digit(k + 1, 3) as usize } else { 0 };
        let places = &mut self.w.reals[i].1;
        let lo = if gap > 0 { places[gap - 1] } else { 0 };
        let hi = if (gap as u64) < k { places[gap] } else { PLACES };
        places.insert(gap, lo / 2 + hi / 2);
        let pos = places[gap];
        let u = self.real_at(cell, pos);
        self.w.u[at] = u;
        u
    }

    // The run just made, its transcript onto the walk's output.
    fn walk_write(&mut self, deck: &[usize]) {
        let bits = self.bits;
        let w = &mut self.w;
        let mut f = w.from.min(w.pos);
        if f < w.pos && w.kind[f] == 3 {
            f -= 1;
        }
        // A real's place is not an item of its own: counted off only when
        // the run drew reals.
        let kept = if w.reals.is_empty() {
            f as u32
        } else {
            w.kind[..f].iter().filter(|&&k| k != 3).count() as u32
        };
        w.out.reserve(6 + 17 * (w.pos - f) + 2 + deck.len());
        w.out.extend_from_slice(b"RK");
        w.out.extend_from_slice(&kept.to_le_bytes());
        for d in f..w.pos {
            match w.kind[d] {
                0 => {
                    w.out.push(b'v');
                    w.out.extend_from_slice(&((w.bound[d] - 1) as u32).to_le_bytes());
                    w.out.extend_from_slice(&(w.val[d] as u32).to_le_bytes());
                }
                1 => {
                    w.out.push(b'W');
                    w.out.extend_from_slice(&bits.to_le_bytes());
                    w.out.extend_from_slice(&w.val[d].to_le_bytes());
                }
                2 => {
                    w.out.push(b'U');
                    w.out.extend_from_slice(&w.u[d].to_bits().to_le_bytes());
                }
                _ => {}
            }
        }
        if let Some(item) = &w.cut {
            let item = item.clone();
            w.out.extend_from_slice(&item);
            return;
        }
        w.out.push(b'D');
        w.out.push(deck.len() as u8);
        w.out.extend(deck.iter().map(|&c| c.min(255) as u8));
    }

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

    // Whether a whole line of input waits, read and not yet taken: the
    // runs shuffle-audit makes again after a streamed walk come as many
    // plans in one write, and their answers are flushed only when none
    // waits (one write for many runs, not one a run).
    fn waiting(&self) -> bool {
        self.input.buffer().contains(&b'\n')
    }

    fn tell(&mut self) {
        if !self.told {
            self.asked.push(b'\n');
            if self.out.write_all(&self.asked).is_err() {
                fail("shuffle-audit stopped reading");
            }
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

    // The plan's next draw when it has the bound BOUND; WORD is its word
    // of "asked" (None: the bound).
    fn take(&mut self, bound: u64, word: Option<&str>) -> Option<u64> {
        if self.told {
            return None;
        }
        let at = self.at;
        if at < self.plan.len() && self.plan[at].0 == bound {
            self.asked.push(b' ');
            match word {
                Some(w) => self.asked.extend_from_slice(w.as_bytes()),
                None => digits(&mut self.asked, bound),
            }
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
                self.asked.extend_from_slice(b" real");
                self.at += if k > 0 { 2 } else { 1 };
                return Some(self.real_at(cell, pos));
            }
        }
        self.tell();
        None
    }
}

impl Walk {
    fn truncate(&mut self, n: usize) {
        self.val.truncate(n);
        self.bound.truncate(n);
        self.kind.truncate(n);
        self.u.truncate(n);
    }

    // An answer past a cut: any will do, nothing past it is counted.
    fn mixed(&mut self, k: u64) -> u64 {
        self.mix = self.mix.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        if k == 0 {
            0
        } else {
            (self.mix >> 17) % k
        }
    }

    // The odometer past its run, as the auditor's; false when it is over.
    fn advance(&mut self, skip: bool, part: u64, parts: u64) -> bool {
        let mut k = self.val.len();
        if skip {
            k = k.min(1);
        } else {
            while k > 0 && self.val[k - 1] + 1 == self.bound[k - 1] {
                k -= 1;
            }
        }
        if k == 0 {
            return false;
        }
        if k == 1 {
            let mut v = self.val[0] + 1;
            while v % parts != part && v < self.bound[0] {
                v += 1;
            }
            if v >= self.bound[0] {
                return false;
            }
            self.val[0] = v;
        } else {
            self.val[k - 1] += 1;
        }
        self.truncate(k);
        self.from = k - 1;
        true
    }
}

// How many times run DONE + 1 (in its part) is run again, as the
// auditor's engine does: one in EVERY, the k-th at least FLOOR / k.
fn repeats(done: u64, every: u64, floor: u64) -> u64 {
    let k = done + 1;
    let least = (floor + k - 1) / k;
    let base = if done % every == 0 { 1 } else { 0 };
    if k <= floor && least > base {
        least
    } else {
        base
    }
}

// One run of the odometer as it stands, its transcript written (EMIT);
// DECK is the walk's own, dealt 0 .. n-1 afresh for each run.
fn walk_once<F: FnMut(&mut Vec<usize>)>(shuffle: &mut F, n: usize, deck: &mut Vec<usize>) {
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        s.w.pos = 0;
        s.w.req = 0;
        s.w.cut = None;
        s.w.reals.clear();
    });
    deck.clear();
    deck.extend(0..n);
    shuffle(deck);
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        if s.w.cut.is_none() && s.w.pos < s.w.val.len() {
            let p = s.w.pos;
            s.w.truncate(p);
        }
        if s.w.emit {
            s.walk_write(deck);
        }
    });
}

// Every run of SHUFFLE in the auditor's order, the walk "walk N PART
// PARTS DEPTH MAX EVERY FLOOR" asks for (A); its transcript written when
// EMIT.  The runs walked.
fn walk<F: FnMut(&mut Vec<usize>)>(shuffle: &mut F, a: &[u64], emit: bool) -> u64 {
    let (n, part, parts) = (a[0] as usize, a[1], a[2]);
    if parts == 0 || part >= parts {
        fail("a walk's part is below its parts");
    }
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        s.w = Walk { on: true, emit, mix: 1, ..Walk::default() };
        s.w.cap = if a[3] > 0 { a[3] } else { a[4] } as usize;
    });
    let (mut done, mut runs) = (0u64, 0u64);
    let mut deck = Vec::with_capacity(n);
    let mut last = std::time::Instant::now();
    loop {
        walk_once(shuffle, n, &mut deck);
        let (cut, skip, mut full) = STATE.with(|s| {
            let s = s.borrow();
            let first = if s.w.val.is_empty() { 0 } else { s.w.val[0] % parts };
            (s.w.cut.is_some(), parts > 1 && first != part, s.w.out.len() >= 1 << 16)
        });
        if !cut && !skip {
            let t = if a[5] > 0 { repeats(done, a[5], a[6]) } else { 0 };
            for _ in 0..t {
                STATE.with(|s| {
                    let mut s = s.borrow_mut();
                    s.w.from = s.w.val.len();
                });
                walk_once(shuffle, n, &mut deck);
            }
            done += 1;
        }
        runs += 1;
        // Written when 64 KiB wait, so that the auditor reads while the
        // walk goes on, and once in a while, so that a slow walk is seen
        // to move.
        full |= runs % 64 == 0 && last.elapsed().as_millis() > 10;
        if emit && full {
            STATE.with(|s| {
                let mut s = s.borrow_mut();
                let s = &mut *s;
                if s.out.write_all(&s.w.out).is_err() {
                    fail("shuffle-audit stopped reading");
                }
                s.w.out.clear();
                s.flush();
            });
            last = std::time::Instant::now();
        }
        if !STATE.with(|s| s.borrow_mut().w.advance(skip, part, parts)) {
            break;
        }
    }
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        if emit {
            let mut out = std::mem::take(&mut s.w.out);
            out.extend_from_slice(&[b'E', 0, 0, 0, 0, 0, 0]);
            if s.out.write_all(&out).is_err() {
                fail("shuffle-audit stopped reading");
            }
            s.flush();
        }
        s.w.on = false;
    });
    runs
}

// V's decimal digits onto OUT (a bound or a card below 10, the
// commonest, a byte).
fn digits(out: &mut Vec<u8>, v: u64) {
    if v < 10 {
        out.push(b'0' + v as u8);
        return;
    }
    let mut d = [0u8; 20];
    let (mut i, mut v) = (d.len(), v);
    loop {
        i -= 1;
        d[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    out.extend_from_slice(&d[i..]);
}

// The whole number of decimal digits at the front of LINE, and the bytes
// after them; None when there are none or it passes 64 bits.
fn leading(line: &[u8]) -> Option<(u64, &[u8])> {
    let mut v = 0u64;
    let mut i = 0;
    while i < line.len() && line[i].is_ascii_digit() {
        v = v.checked_mul(10)?.checked_add(u64::from(line[i] - b'0'))?;
        i += 1;
    }
    if i == 0 {
        None
    } else {
        Some((v, &line[i..]))
    }
}

fn number(s: &str) -> u64 {
    s.parse().unwrap_or_else(|_| fail(&format!("shuffle-audit answered {:?}", s)))
}

/// A whole number in [0, k), 1 <= k <= 2^32.
pub fn below(k: u64) -> u64 {
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        if s.w.on {
            return s.walk_draw(k, 0);
        }
        match s.take(k, None) {
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
        if s.w.on {
            return s.walk_real();
        }
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
        if s.w.on {
            return s.walk_draw(bound, 1);
        }
        match s.take(bound, Some("raw")) {
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
        let text = format!("sa_harness: the shuffle panicked: {}", info)
            .replace(['\r'], " ");
        let text = text.trim_end().replace('\n', " ");
        eprintln!("error {}", text);
        give_up(&text);
    }));
    if env("SHUFFLE_AUDIT_LOOP", 0) > 0 {
        // A benchmark's baseline: the walk here, nothing written.
        let start = std::time::Instant::now();
        let a = [env("SHUFFLE_AUDIT_LOOP", 0), 0, 1, 0, 1 << 20, 0, 0];
        let runs = walk(&mut shuffle, &a, false);
        println!("{} runs in {:.6} s", runs, start.elapsed().as_secs_f64());
        return;
    }
    let mut first = String::new();
    let _ = STATE.with(|s| s.borrow_mut().input.read_line(&mut first));
    if first.starts_with("shuffle ") {
        // The offer of a streamed walk, on the first line.
        let mut answer = String::new();
        STATE.with(|s| {
            let mut s = s.borrow_mut();
            // raw-place: no raw word is widened here (raw() is the word
            // itself), so every placement is honoured as it is.
            s.say("stream 1 plan raw-place");
            s.flush();
            let _ = s.input.read_line(&mut answer);
        });
        let words: Vec<&str> = answer.split_whitespace().collect();
        if words.len() == 8 && words[0] == "walk" {
            let a: Vec<u64> = words[1..].iter().map(|w| number(w)).collect();
            walk(&mut shuffle, &a, true);
            first.clear();
            let _ = STATE.with(|s| s.borrow_mut().input.read_line(&mut first));
        } else if answer != "plain\n" {
            fail(&format!("expected \"walk ...\" or \"plain\" from shuffle-audit, not {:?}", answer));
        }
    }
    // Each run's line read as bytes, its answer written as bytes: the runs
    // made again after a streamed walk come here, one a run.
    let mut line: Vec<u8> = first.into_bytes();
    let mut held = true;
    let mut out: Vec<u8> = Vec::new();
    loop {
        if !held {
            line.clear();
            let _ = STATE.with(|s| s.borrow_mut().input.read_until(b'\n', &mut line));
        }
        held = false;
        if line.is_empty() {
            break;
        }
        if line.last() != Some(&b'\n') {
            fail("a last line with no newline");
        }
        let mut end = line.len() - 1;
        if end > 0 && line[end - 1] == b'\r' {
            end -= 1;
        }
        let text = &line[..end];
        let head = if text.starts_with(b"shuffle ") { leading(&text[8..]) } else { None };
        let (n, mut rest) = match head {
            Some((n, rest)) if n <= 1 << 31 && (rest.is_empty() || rest[0] == b' ') => (n, rest),
            _ => fail(&format!(
                "expected \"shuffle N\" from shuffle-audit, not {:?}",
                String::from_utf8_lossy(&line)
            )),
        };
        STATE.with(|s| {
            let mut s = s.borrow_mut();
            s.plan.clear();
            s.at = 0;
            s.told = true;
            s.reals.clear();
            if rest.starts_with(b" plan") && (rest.len() == 5 || rest[5] == b' ') {
                rest = &rest[5..];
                while !rest.is_empty() && rest[0] == b' ' {
                    let kv = leading(&rest[1..]).and_then(|(k, after)| {
                        if after.first() == Some(&b':') {
                            leading(&after[1..]).map(|(v, after)| (k, v, after))
                        } else {
                            None
                        }
                    });
                    match kv {
                        Some((k, v, after)) if after.is_empty() || after[0] == b' ' => {
                            s.plan.push((k, v));
                            rest = after;
                        }
                        _ => fail("a plan's draw is K:V"),
                    }
                }
                s.asked.clear();
                s.asked.extend_from_slice(b"asked");
                s.told = false;
            }
        });
        let mut deck: Vec<usize> = (0..n as usize).collect();
        shuffle(&mut deck);
        STATE.with(|s| {
            let mut s = s.borrow_mut();
            s.tell();
            out.clear();
            out.extend_from_slice(b"deck");
            for &c in &deck {
                out.push(b' ');
                digits(&mut out, c as u64);
            }
            out.push(b'\n');
            if s.out.write_all(&out).is_err() {
                fail("shuffle-audit stopped reading");
            }
            if !s.waiting() {
                s.flush(); // before a read that may wait
            }
        });
    }
    STATE.with(|s| s.borrow_mut().flush());
}

// The test's calls of assert_fair so far on this thread: libtest runs
// each test on a thread of its own, named after the test, or, under
// --test-threads 1 in some versions (1.63, not 1.95), all of them in turn
// on the main thread.
thread_local! {
    static CALLS: Cell<u32> = Cell::new(0);
}

/// Audits SHUFFLE on CARDS cards exactly as `shuffle-audit census --exec
/// COMMAND -n CARDS --summary` does, COMMAND being this test binary re-run
/// for this test alone with SHUFFLE_AUDIT_CHILD naming the call; returns
/// the report when the verdict is fair (exit status 0).  An unfair
/// verdict (1) or the model's (4) panics with the report and a shell
/// command that reproduces it; any other status (3: the code misbehaved;
/// 2: refused) panics with "audit error:" and the reason.  shuffle-audit
/// is $SHUFFLE_AUDIT when that is set, else found on PATH.
///
/// In the child (SHUFFLE_AUDIT_CHILD set), the call the parent made
/// serves the audit (`run`) on descriptor 3 and exits the process; the
/// test's other calls return at once.  What the test does before the
/// call is done again in each child; what it writes on standard output
/// there goes to standard error (the child command says 3>&1 1>&2).  A
/// test run on the main thread (--test-threads 1 on Rust 1.63), or a
/// plain program's main, is found by running the binary again with the
/// same arguments, so the tests before it run again in the child.
#[track_caller]
pub fn assert_fair<F: FnMut(&mut Vec<usize>)>(shuffle: F, cards: usize) -> String {
    match audit(shuffle, cards, &[]) {
        Ok(report) => report,
        Err(message) => panic!("{}", message),
    }
}

/// `assert_fair` with further census flags, EXTRA (`&["--raw-bits", "3"]`).
#[track_caller]
pub fn assert_fair_with<F: FnMut(&mut Vec<usize>)>(
    shuffle: F,
    cards: usize,
    extra: &[&str],
) -> String {
    match audit(shuffle, cards, extra) {
        Ok(report) => report,
        Err(message) => panic!("{}", message),
    }
}

fn audit<F: FnMut(&mut Vec<usize>)>(
    shuffle: F,
    cards: usize,
    extra: &[&str],
) -> Result<String, String> {
    let name = std::thread::current().name().unwrap_or("main").to_string();
    let k = CALLS.with(|c| {
        c.set(c.get() + 1);
        c.get()
    });
    let key = format!("{}:{}", name, k);
    if let Some(child) = std::env::var_os("SHUFFLE_AUDIT_CHILD") {
        if child.to_str() == Some(key.as_str()) {
            serve(shuffle);
        }
        return Ok(String::new());
    }
    let (bin, shown) = auditor().map_err(|why| format!("audit error: {}", why))?;
    let exe = std::env::current_exe()
        .map_err(|e| format!("audit error: the test binary cannot be found: {}", e))?;
    // This test alone, on a thread named after it; or, on the main
    // thread, the binary's own arguments again.
    let args: Vec<String> = if name == "main" {
        std::env::args().skip(1).collect()
    } else {
        vec![
            name.clone(),
            "--exact".into(),
            "--test-threads".into(),
            "2".into(),
        ]
    };
    let child = |exe: &str| {
        let mut c = format!("SHUFFLE_AUDIT_CHILD={} {}", quoted(&key), quoted(exe));
        for a in &args {
            c.push(' ');
            c.push_str(&quoted(a));
        }
        c + " 3>&1 1>&2"
    };
    let mut flags = vec!["-n".to_string(), cards.to_string(), "--summary".into()];
    flags.extend(extra.iter().map(|f| f.to_string()));
    let out = std::process::Command::new(&bin)
        .arg("census")
        .arg("--exec")
        .arg(child(&exe.to_string_lossy()))
        .args(&flags)
        .output()
        .map_err(|e| format!("audit error: {} cannot be run: {}", shown, e))?;
    let report = String::from_utf8_lossy(&out.stdout).into_owned();
    let status = out.status.code().unwrap_or(-1);
    if status == 0 {
        return Ok(report);
    }
    let repro = again(&exe, &shown, &child, &flags);
    let head = format!("shuffle-audit census, exit status {}: ", status);
    if status == 1 || status == 4 {
        return Err(format!(
            "{}{}\n{}reproduce: {}",
            head,
            field(&report, "verdict"),
            report,
            repro
        ));
    }
    // The reason: the report's problem (3, misbehaved), or the auditor's
    // own line on standard error (2, refused).
    let mut why = field(&report, "problem");
    for line in String::from_utf8_lossy(&out.stderr).lines() {
        if line.starts_with("shuffle-audit: ") {
            why = line.to_string();
        }
    }
    if status == 3 {
        why = format!("misbehaved: {}", why);
    } else if why.is_empty() {
        why = "no report".into();
    }
    Err(format!(
        "audit error: {}{}\n{}reproduce: {}",
        head, why, report, repro
    ))
}

// The census of the test binary EXE as a command for a shell in the
// directory the test ran in, CHILD making the child command for the
// binary's path there.
fn again(
    exe: &std::path::Path,
    shown: &str,
    child: &dyn Fn(&str) -> String,
    flags: &[String],
) -> String {
    let mut path = exe.to_string_lossy().into_owned();
    if let Ok(wd) = std::env::current_dir() {
        if let Ok(rel) = exe.strip_prefix(&wd) {
            path = format!("./{}", rel.to_string_lossy());
        }
    }
    let mut cmd = format!(
        "{} census --exec '{}'",
        quoted(shown),
        child(&path).replace('\'', "'\\''")
    );
    for f in flags {
        cmd.push(' ');
        cmd.push_str(&quoted(f));
    }
    cmd
}

// The child's part: the runs served on descriptor 3, then the process
// ends (the test, run again for this, has done its part).
fn serve<F: FnMut(&mut Vec<usize>)>(shuffle: F) -> ! {
    #[cfg(unix)]
    {
        use std::os::unix::io::FromRawFd;
        // Descriptor 3 is the auditor's pipe (3>&1 in the command), and
        // nothing else here owns it.
        let proto = unsafe { std::fs::File::from_raw_fd(3) };
        STATE.with(|s| s.borrow_mut().out = io::BufWriter::with_capacity(1 << 16, Box::new(proto)));
    }
    run(shuffle);
    std::process::exit(0);
}

// The shuffle-audit to run, and its name for a shell ($SHUFFLE_AUDIT, or
// shuffle-audit found on PATH); else where it looked.
fn auditor() -> Result<(String, String), String> {
    if let Some(bin) = std::env::var_os("SHUFFLE_AUDIT") {
        let bin = bin.to_string_lossy().into_owned();
        if !runnable(std::path::Path::new(&bin)) {
            return Err(format!(
                "shuffle-audit not found: SHUFFLE_AUDIT is {:?}, not an executable file",
                bin
            ));
        }
        return Ok((bin.clone(), bin));
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    for dir in std::env::split_paths(&path) {
        let bin = dir.join("shuffle-audit");
        if runnable(&bin) {
            return Ok((bin.to_string_lossy().into_owned(), "shuffle-audit".into()));
        }
    }
    Err(format!(
        "shuffle-audit not found: SHUFFLE_AUDIT is not set and no shuffle-audit on PATH ({})",
        path.to_string_lossy()
    ))
}

fn runnable(file: &std::path::Path) -> bool {
    match std::fs::metadata(file) {
        #[cfg(unix)]
        Ok(m) => {
            use std::os::unix::fs::PermissionsExt;
            m.is_file() && m.permissions().mode() & 0o111 != 0
        }
        #[cfg(not(unix))]
        Ok(m) => m.is_file(),
        Err(_) => false,
    }
}

// S as one word for sh, in double quotes when it needs any.
fn quoted(s: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_./:=@%+,-".contains(c);
    if !s.is_empty() && s.chars().all(plain) {
        return s.to_string();
    }
    let mut q = String::from("\"");
    for c in s.chars() {
        if "\\\"$`".contains(c) {
            q.push('\\');
        }
        q.push(c);
    }
    q + "\""
}

// The report's field NAME, its lines joined ("" when none).
fn field(report: &str, name: &str) -> String {
    let mut words: Vec<&str> = Vec::new();
    let mut inside = false;
    for line in report.lines() {
        if line.starts_with(name) && line[name.len()..].starts_with(' ') {
            inside = true;
            words.extend(line[name.len()..].split_whitespace());
        } else if inside && line.starts_with(' ') {
            words.extend(line.split_whitespace());
        } else {
            inside = false;
        }
    }
    words.join(" ")
}
