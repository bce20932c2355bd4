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

use std::cell::RefCell;
use std::io::{self, BufRead, Write};

struct State {
    bits: u64,
    cells: u64,
    place: u64,
    // Standard input, in a buffer of the harness's own, so that whether a
    // whole line already waits is known (waiting); reads of its size pass
    // the StdinLock's own buffer by.
    input: io::BufReader<io::StdinLock<'static>>,
    out: io::BufWriter<io::Stdout>,
    plan: Vec<(u64, u64)>, // this run's offered draws
    at: usize,             // the plan's draws taken so far
    used: Vec<String>,     // the words of "asked"
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
        out: io::BufWriter::with_capacity(1 << 16, io::stdout()),
        plan: Vec::new(),
        at: 0,
        used: Vec::new(),
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
    let mut held = true;
    loop {
        let mut line = String::new();
        let got = if held {
            held = false;
            line = std::mem::take(&mut first);
            Ok(line.len())
        } else {
            STATE.with(|s| s.borrow_mut().input.read_line(&mut line))
        };
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
            if !s.waiting() {
                s.flush(); // before a read that may wait
            }
        });
    }
    STATE.with(|s| s.borrow_mut().flush());
}
