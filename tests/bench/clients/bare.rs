// bare.rs - Durstenfeld's shuffle speaking the exec protocol by hand, for
// make bench-audit: what the Rust harness is measured against.
use std::io::{self, BufRead, Write};

fn main() {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout());
    let mut line = String::new();
    loop {
        line.clear();
        if input.read_line(&mut line).unwrap_or(0) == 0 {
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
