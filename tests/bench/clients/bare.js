// bare.js - Durstenfeld's shuffle speaking the exec protocol by hand, for
// make bench-audit: what a JavaScript harness is measured against.  Reads
// stdin synchronously, takes its draws from the plan (--batch) while the
// plan has the bound it needs, and asks for the rest a line at a time.
// It offers the streamed walk on its first line and, taken, walks the
// fixed bounds n, n-1, ..., 2 as a mixed-radix counter; declined, or for
// the auditor's replays afterwards, it speaks the lines above (its
// hello, "stream 1 plan", asks for the replays as plans).
'use strict';
const fs = require('fs');

let pending = '';
const chunk = Buffer.alloc(65536);

function readLine() {
  for (;;) {
    const nl = pending.indexOf('\n');
    if (nl >= 0) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      return line;
    }
    let got;
    try {
      got = fs.readSync(0, chunk, 0, chunk.length, null);
    } catch (e) {
      if (e.code === 'EAGAIN') continue;
      if (e.code === 'EOF') return null;
      throw e;
    }
    if (got === 0) return null;
    pending += chunk.toString('latin1', 0, got);
  }
}

// How many times run DONE + 1 is run again (the auditor's rule).
function repeats(done, every, floor) {
  const k = done + 1, least = Math.ceil(floor / k), base = done % every === 0 ? 1 : 0;
  return k <= floor && least > base ? least : base;
}

// The streamed walk "walk N PART PARTS DEPTH MAX EVERY FLOOR" (A).
function walk(a) {
  const [n, part, parts, depth, , every, floor] = a;
  if (depth > 0 && depth < n - 1) process.exit(2);	// no cut here
  const m = Math.max(n - 1, 0), v = new Array(m).fill(0), deck = new Array(n);
  const buf = Buffer.alloc(1 << 16);
  let have = 0;
  const run = (from) => {
    buf[have] = 82;	// R
    buf[have + 1] = 75;	// K
    buf.writeUInt32LE(from, have + 2);
    have += 6;
    for (let d = from; d < m; d++) {
      buf[have] = 118;	// v
      buf.writeUInt32LE(n - d - 1, have + 1);
      buf.writeUInt32LE(v[d], have + 5);
      have += 9;
    }
    for (let i = 0; i < n; i++) deck[i] = i;
    for (let i = n - 1; i > 0; i--) {
      const j = v[n - 1 - i], t = deck[i];
      deck[i] = deck[j];
      deck[j] = t;
    }
    buf[have] = 68;	// D
    buf[have + 1] = n;
    have += 2;
    for (let i = 0; i < n; i++) buf[have++] = deck[i];
    if (have > 1 << 15) {
      fs.writeSync(1, buf, 0, have);
      have = 0;
    }
  };
  for (let from = 0, done = 0; ;) {
    const skip = parts > 1 && (m > 0 ? v[0] % parts : 0) !== part;
    run(from);
    if (!skip) {
      for (let t = every > 0 ? repeats(done, every, floor) : 0; t > 0; t--) run(m);
      done++;
    }
    let k = m;
    if (skip) k = Math.min(k, 1);
    else while (k > 0 && v[k - 1] + 1 === n - (k - 1)) k--;
    if (k === 0) break;
    if (k === 1) {
      let x = v[0] + 1;
      while (x % parts !== part && x < n) x++;
      if (x >= n) break;
      v[0] = x;
    } else {
      v[k - 1]++;
    }
    for (let d = k; d < m; d++) v[d] = 0;
    from = k - 1;
  }
  buf.fill(0, have, have + 7);
  buf[have] = 69;	// E
  fs.writeSync(1, buf, 0, have + 7);
}

let held = readLine();
fs.writeSync(1, 'stream 1 plan\n');
const answer = readLine();
if (answer !== null && answer.startsWith('walk ')) {
  walk(answer.split(' ').slice(1).map(Number));
  held = null;
}
for (;;) {
  const line = held !== null ? held : readLine();
  held = null;
  if (line === null) break;
  const words = line.split(' ');
  const n = Number(words[1]);
  const plan = words[2] === 'plan' ? words.slice(3).map((w) => w.split(':').map(Number)) : null;
  let out = '';
  let used = 0;
  let told = plan === null;
  const asked = ['asked'];
  const draw = (k) => {
    if (!told) {
      if (used < plan.length && plan[used][0] === k) {
        asked.push(k);
        return plan[used++][1];
      }
      out += asked.join(' ') + '\n';
      told = true;
    }
    fs.writeSync(1, out + 'draw ' + k + '\n');
    out = '';
    return Number(readLine());
  };
  const deck = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = draw(i + 1);
    const t = deck[i];
    deck[i] = deck[j];
    deck[j] = t;
  }
  if (!told) out += asked.join(' ') + '\n';
  fs.writeSync(1, out + 'deck ' + deck.join(' ') + '\n');
}
