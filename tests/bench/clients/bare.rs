// bare.rs - Durstenfeld's shuffle speaking the exec protocol by hand, for
// make bench-audit: what the Rust harness is measured against.  It
// offers the streamed walk on its first line and, taken, walks the fixed
// bounds n, n-1, ..., 2 as a mixed-radix counter; declined, or for the
// auditor's replays afterwards, it speaks the plain and batched lines
// (its hello, "stream 1 plan", asks for the replays as plans).
use std::io::{self, BufRead, Write};

// How many times run DONE + 1 is run again (the auditor's rule).
fn repeats(done: usize, every: usize, floor: usize) -> usize {
    let k = done + 1;
    let least = (floor + k - 1) / k;
    let base = if done % every == 0 { 1 } else { 0 };
    if k <= floor && least > base {
        least
    } else {
        base
    }
}

// The streamed walk "walk N PART PARTS DEPTH MAX EVERY FLOOR" (A).
fn walk(out: &mut impl Write, a: &[usize]) {
    let (n, part, parts, every, floor) = (a[0], a[1], a[2], a[5], a[6]);
    if a[3] > 0 && a[3] + 1 < n {
        std::process::exit(2); // no cut here
    }
    let m = n.saturating_sub(1);
    let mut v = vec![0usize; m];
    let mut buf: Vec<u8> = Vec::with_capacity(1 << 16);
    let run = |buf: &mut Vec<u8>, v: &[usize], from: usize| {
        buf.extend_from_slice(b"RK");
        buf.extend_from_slice(&(from as u32).to_le_bytes());
        for d in from..m {
            buf.push(b'v');
            buf.extend_from_slice(&((n - d - 1) as u32).to_le_bytes());
            buf.extend_from_slice(&(v[d] as u32).to_le_bytes());
        }
        let mut deck: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            deck.swap(i, v[n - 1 - i]);
        }
        buf.push(b'D');
        buf.push(n as u8);
        buf.extend(deck.iter().map(|&c| c as u8));
    };
    let (mut from, mut done) = (0, 0);
    loop {
        let skip = parts > 1 && (if m > 0 { v[0] % parts } else { 0 }) != part;
        run(&mut buf, &v, from);
        if !skip {
            let t = if every > 0 { repeats(done, every, floor) } else { 0 };
            for _ in 0..t {
                run(&mut buf, &v, m);
            }
            done += 1;
        }
        if buf.len() > 1 << 15 {
            out.write_all(&buf).unwrap();
            out.flush().unwrap();
            buf.clear();
        }
        let mut k = m;
        if skip {
            k = k.min(1);
        } else {
            while k > 0 && v[k - 1] + 1 == n - (k - 1) {
                k -= 1;
            }
        }
        if k == 0 {
            break;
        }
        if k == 1 {
            let mut x = v[0] + 1;
            while x % parts != part && x < n {
                x += 1;
            }
            if x >= n {
                break;
            }
            v[0] = x;
        } else {
            v[k - 1] += 1;
        }
        for d in v.iter_mut().skip(k) {
            *d = 0;
        }
        from = k - 1;
    }
    buf.extend_from_slice(&[b'E', 0, 0, 0, 0, 0, 0]);
    out.write_all(&buf).unwrap();
    out.flush().unwrap();
}

fn main() {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout());
    let mut held = String::new();
    input.read_line(&mut held).unwrap_or(0);
    writeln!(out, "stream 1 plan").unwrap();
    out.flush().unwrap();
    let mut answer = String::new();
    input.read_line(&mut answer).unwrap_or(0);
    let w: Vec<&str> = answer.split_whitespace().collect();
    if w.len() == 8 && w[0] == "walk" {
        let a: Vec<usize> = w[1..].iter().map(|x| x.parse().unwrap()).collect();
        walk(&mut out, &a);
        held.clear();
    }
    let mut line = String::new();
    loop {
        line.clear();
        if !held.is_empty() {
            line = std::mem::take(&mut held);
        } else if input.read_line(&mut line).unwrap_or(0) == 0 {
            break;
        }
        let w: Vec<&str> = line.split_whitespace().collect();
        let n: usize = w[1].parse().unwrap();
        let planned = if w.len() > 2 && w[2] == "plan" { Some(&w[3..]) } else { None };
        let mut used = 0;
        let mut told = planned.is_none();
        let mut asked = String::from("asked");
        let mut deck: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            let mut j = None;
            if !told {
                if let Some(p) = planned {
                    if used < p.len() {
                        let mut kv = p[used].splitn(2, ':');
                        let k: usize = kv.next().unwrap().parse().unwrap();
                        if k == i + 1 {
                            j = Some(kv.next().unwrap().parse().unwrap());
                            asked.push_str(&format!(" {}", k));
                            used += 1;
                        }
                    }
                }
                if j.is_none() {
                    writeln!(out, "{}", asked).unwrap();
                    told = true;
                }
            }
            let j = match j {
                Some(j) => j,
                None => {
                    writeln!(out, "draw {}", i + 1).unwrap();
                    out.flush().unwrap();
                    let mut a = String::new();
                    input.read_line(&mut a).unwrap();
                    a.trim().parse().unwrap()
                }
            };
            deck.swap(i, j);
        }
        if !told {
            writeln!(out, "{}", asked).unwrap();
        }
        let cards: Vec<String> = deck.iter().map(|c| c.to_string()).collect();
        writeln!(out, "deck {}", cards.join(" ")).unwrap();
        out.flush().unwrap();
    }
}
