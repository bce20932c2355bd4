// sa_harness.js - audit a JavaScript shuffle with shuffle-audit, exactly.
//
// Write a few lines that hand your shuffle to run():
//
//     const sa = require('./sa_harness.js');
//     function myShuffle(deck) {
//       for (let i = deck.length - 1; i > 0; i--) {
//         const j = Math.floor(Math.random() * (i + 1));
//         [deck[i], deck[j]] = [deck[j], deck[i]];
//       }
//     }
//     sa.run(myShuffle);
//
// and audit it:
//
//     shuffle-audit census --exec 'node mine.js' -n 5
//
// run() answers Math.random from shuffle-audit, which walks every run
// your shuffle can take.  Your function gets an array of the cards
// 0 .. n-1 and shuffles it in place, or returns the shuffled array.
// From TypeScript: `import sa = require('./sa_harness.js')` with allowJs,
// or compile your shuffle to JavaScript first.
//
//   mode 'real' (the default) judges your loop.  Math.random() asks
//   "real": a cell of M equal cells, M = lcm(1..n) unless --real-cells
//   says otherwise, and a place among the run's earlier reals in it, so
//   that Math.floor(Math.random() * k) is exactly uniform for every k
//   dividing M and reals compare as independent uniform reals do (random
//   keys, a comparator on Math.random() - 0.5).  Fair here means your
//   loop is right; a double's 52 bits are another question, answered by
//   `shuffle-audit census -a durstenfeld --reduce multiply:52`.
//
//   mode 'library' makes Math.random() a raw word of the --raw-bits B
//   width over 2^B: what a B-bit generator would give the same code
//   (exact for Math.floor(Math.random() * k) with k a power of two up to
//   2^B; the audit counts other code again a bit wider before it calls
//   it unfair).
//
//   In either mode crypto.randomInt(max) and crypto.randomInt(min, max)
//   ask "draw K".  crypto.randomBytes, crypto.getRandomValues and a
//   generator of your own are not answered: shuffle-audit sees such
//   hidden randomness and says so.  A call that cannot be answered, or an
//   exception from the shuffle, gives the run up with a line "error ..."
//   that shuffle-audit reports.
//
// draw(k), real() and raw() ask shuffle-audit directly; draw(k) is the
// bounded draw JavaScript lacks ("a number below k").  Lines are written
// before every read that may wait (at the end of each run, unless the
// next run's line is already read); --batch is understood.
// The walk is streamed: the harness offers it on its first line and,
// when shuffle-audit takes it, walks every run itself and writes them
// with no reply awaited (THE EXEC PROTOCOL); SHUFFLE_AUDIT_LOOP=N walks
// N cards here, writing nothing, and prints the runs and seconds (a
// benchmark's baseline).
// Node 12 or later, nothing but its own modules.
'use strict';
const crypto = require('crypto');
const fs = require('fs');

const BITS = Number(process.env.SHUFFLE_AUDIT_RAW_BITS || 32);
const CELLS = Number(process.env.SHUFFLE_AUDIT_REAL_CELLS || 2 ** 32);
const PLACE = Number(process.env.SHUFFLE_AUDIT_REAL_PLACE || 0);
const PLACES = 2 ** 52;	// a real's place within its cell, in 2^-52 of it

let pending = '';	// what was read and not yet taken, as text
const chunk = Buffer.alloc(65536);
let out = '';		// lines to write before the next read
let plan = null;	// this run's offered draws, [bound, value], or null
let at = 0;		// the plan's draws taken so far
let used = [];		// the words of "asked"
let told = true;	// "asked" is said (or there was no plan)
let reals = new Map();	// the plan's reals taken this run: cell -> places

// Gives the run up: the reason goes to shuffle-audit, which reports it
// ("error ..."), and to standard error.
function fail(why) {
  fs.writeSync(2, 'sa_harness: ' + why + '\n');
  const text = 'sa_harness: ' + String(why).replace(/[\r\n]/g, ' ');
  try {
    if (sbuf !== null) {	// a streamed run, given up
      const msg = Buffer.from(text, 'utf8').subarray(0, 1024);
      const head = Buffer.from([82, 88, msg.length & 255, msg.length >> 8]);
      fs.writeSync(1, Buffer.concat([sbuf.subarray(0, shave), head, msg]));
    } else {
      fs.writeSync(1, out + 'error ' + text + '\n');
    }
  } catch (e) {
    // shuffle-audit has gone; standard error said why
  }
  out = '';
  process.exit(2);
}

function flush() {
  if (out.length > 0) {
    fs.writeSync(1, out);
    out = '';
  }
}

// One line from stdin, synchronously (a shuffle calls Math.random
// inside its loop), or null at the end.  The protocol is ASCII.  The
// lines to write are written before a read that may wait, that is when
// no whole line is pending: the runs shuffle-audit makes again after a
// streamed walk come as many plans in one write, and their answers go
// in one write too, not one a run.
function readLine() {
  for (;;) {
    const nl = pending.indexOf('\n');
    if (nl >= 0) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      return line;
    }
    let got;
    flush();
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

function tell() {
  if (!told) {
    out += ['asked'].concat(used).join(' ') + '\n';
    told = true;
  }
}

function ask(line) {
  tell();
  out += line + '\n';
  flush();
  const answer = readLine();
  if (answer === null) fail('shuffle-audit closed the line in the middle of a run');
  return answer;
}

// The plan's next draw when it has the bound BOUND, else null.
function take(bound, word) {
  if (told) return null;
  if (at < plan.length && plan[at][0] === bound) {
    used.push(word);
    return plan[at++][1];
  }
  tell();
  return null;
}

function planDraw(k) {
  const v = take(k, String(k));
  return v !== null ? v : Number(ask('draw ' + k));
}

/** A whole number in [0, k), 1 <= k <= 2^32. */
function draw(k) {
  return drawNow(k);
}

// Cell CELL at place POS as a double, exactly as shuffle-audit makes it:
// (cell 2^d + a) / (M 2^d), pos = a 2^t with a odd, d = 52 - t.
function realAt(cell, pos) {
  let a = pos, d = 52 + PLACE;
  while (a % 2 === 0) {
    a /= 2;
    d--;
  }
  return (cell * 2 ** d + a) / (CELLS * 2 ** d);
}

// The plan's next real: its cell, and its place among the run's earlier
// reals in that cell when there are any; else null.
function takeReal() {
  if (told) return null;
  if (at < plan.length && plan[at][0] === CELLS) {
    const cell = plan[at][1];
    if (!reals.has(cell)) reals.set(cell, []);
    const places = reals.get(cell);
    const k = places.length;
    if (k === 0 || (at + 1 < plan.length && plan[at + 1][0] === k + 1)) {
      const gap = k ? plan[at + 1][1] : 0;
      const lo = gap > 0 ? places[gap - 1] : 0;
      const hi = gap < k ? places[gap] : PLACES;
      places.splice(gap, 0, (lo + hi) / 2);
      used.push('real');
      at += k ? 2 : 1;
      return realAt(cell, places[gap]);
    }
  }
  tell();
  return null;
}

/**
 * A real in [0, 1): a cell of M and a place among the run's reals in it,
 * so that floor(u * k) for k dividing M and comparisons are exact.
 */
function real() {
  return realNow();
}

function planReal() {
  const v = takeReal();
  return v !== null ? v : Number(ask('real'));
}

/** A raw word of the --raw-bits B width. */
function raw() {
  return rawNow();
}

function planRaw() {
  const v = take(2 ** BITS, 'raw');
  return v !== null ? v : Number(ask('raw'));
}

let drawNow = planDraw, realNow = planReal, rawNow = planRaw;

// ---- The streamed walk: the odometer here, each run's draws and deck
// out.  A digit of the record has a value, a bound, a kind (0 a draw, 1
// a raw word, 2 a real's cell, 3 a real's place) and, for a real, the
// double it gave.
const V = [], B = [], T = [], U = [];
let pos = 0;		// the digit the run is at
let req = 0;		// the run's requests so far (places not counted)
let cap = 0;		// the most requests before a run is cut
let from = 0;		// the first digit that differs from the run before
let cut = null;		// the item a run was cut at (a Buffer), or null
let mix = 1;		// the state of the answers past a cut
let sreals = new Map();	// the run's reals: cell -> their places
let sbuf = null;	// the transcript not yet written, while streaming
let shave = 0;

function truncate(p) {
  V.length = B.length = T.length = U.length = p;
}

// A new digit at pos, below BOUND, of KIND: the record from here on was
// another run's, and goes.
function digit(bound, kind) {
  const p = pos;
  if (p < V.length) {
    truncate(p);
    if (p < from) from = p;
  }
  V.push(0);
  B.push(bound);
  T.push(kind);
  U.push(0);
  pos = p + 1;
  return 0;
}

// An answer past a cut: anything will do, nothing past it is counted.
function mixed(k) {
  mix ^= mix << 13;
  mix ^= mix >>> 17;
  mix ^= mix << 5;
  return k >= 1 ? (mix >>> 0) % k : 0;
}

function pend(tag, arg, len) {
  const b = Buffer.alloc(1 + len);
  b[0] = tag.charCodeAt(0);
  if (len === 4) b.writeUInt32LE(arg, 1);
  if (len === 8) {
    b.writeUInt32LE(arg % 2 ** 32, 1);
    b.writeUInt32LE(Math.floor(arg / 2 ** 32), 5);
  }
  cut = b;
}

// A draw below K (KIND 0) or a raw word (KIND 1, K = 2^B) from the
// odometer, or past the run's cut, anyhow.
function streamDraw(k, kind = 0) {
  if (cut !== null) return mixed(k);
  const ok = Number.isInteger(k) && k >= 1 && k <= 2 ** 32;
  if (req === cap || !ok) {
    if (kind) pend('w', BITS, 8);
    else if (ok) pend('d', k - 1, 4);
    else pend('b', Number.isInteger(k) && k > 0 && k < 2 ** 53 ? k : 0, 8);
    return mixed(k);
  }
  req++;
  const p = pos;
  if (p < V.length && B[p] === k && T[p] === kind) {
    pos = p + 1;
    return V[p];
  }
  return digit(k, kind);
}

function streamRaw() {
  return streamDraw(2 ** BITS, 1);
}

function streamReal() {
  if (cut !== null) return mixed(2 ** 32) / 2 ** 32;
  if (req === cap) {
    pend('u', 0, 0);
    return mixed(2 ** 32) / 2 ** 32;
  }
  req++;
  const at = pos;
  let cell;
  if (at < V.length && B[at] === CELLS && T[at] === 2) {
    pos = at + 1;
    cell = V[at];
  } else {
    cell = digit(CELLS, 2);
  }
  if (!sreals.has(cell)) sreals.set(cell, []);
  const places = sreals.get(cell);
  const k = places.length;
  let gap = 0;
  if (k) {
    const p = pos;
    if (p < V.length && B[p] === k + 1 && T[p] === 3) {
      pos = p + 1;
      gap = V[p];
    } else {
      gap = digit(k + 1, 3);
    }
  }
  const lo = gap > 0 ? places[gap - 1] : 0;
  const hi = gap < k ? places[gap] : PLACES;
  places.splice(gap, 0, (lo + hi) / 2);
  return (U[at] = realAt(cell, places[gap]));
}

// How many times run DONE + 1 (in its part) is run again, as the
// auditor's engine does: one in EVERY, the k-th at least FLOOR / k.
function repeats(done, every, floor) {
  const k = done + 1, least = Math.ceil(floor / k);
  const base = done % every === 0 ? 1 : 0;
  return k <= floor && least > base ? least : base;
}

// The odometer past its run, as the auditor's; false when it is over.
function advance(skip, part, parts) {
  let k;
  if (skip) k = V.length ? 1 : 0;
  else for (k = V.length; k > 0 && V[k - 1] + 1 === B[k - 1]; k--);
  if (k === 0) return false;
  if (k === 1) {
    let v = V[0] + 1;
    while (v % parts !== part && v < B[0]) v++;
    if (v >= B[0]) return false;
    V[0] = v;
  } else {
    V[k - 1]++;
  }
  truncate(k);
  from = k - 1;
  return true;
}

function sflush() {
  if (shave > 0) fs.writeSync(1, sbuf, 0, shave);
  shave = 0;
}

// The cards 0 .. n-1 through SHUFFLE, in place or as the sequence it
// returns; an exception gives the run up, saying why.
function dealt(shuffle, n) {
  const deck = Array.from({ length: n }, (_, i) => i);
  let result;
  try {
    result = shuffle(deck);
  } catch (e) {
    fail('the shuffle threw ' + e);
  }
  return result !== undefined ? Array.from(result) : deck;
}

// One run of the odometer as it stands; its transcript out (EMIT).
function runOnce(shuffle, n, emit) {
  pos = req = 0;
  cut = null;
  sreals = new Map();
  const deck = dealt(shuffle, n);
  if (cut === null && pos < V.length) truncate(pos);
  if (!emit) return;
  let f = Math.min(from, pos), kept = 0;
  if (f < pos && T[f] === 3) f--;
  for (let d = 0; d < f; d++) if (T[d] !== 3) kept++;
  const need = 8 + 17 * (pos - f) + 9 + n;
  if (shave + need > sbuf.length) {
    sflush();
    if (need > sbuf.length) sbuf = Buffer.alloc(2 * need);
  }
  sbuf[shave] = 82;	// R
  sbuf[shave + 1] = 75;	// K
  sbuf.writeUInt32LE(kept, shave + 2);
  shave += 6;
  for (let d = f; d < pos; d++) {
    const t = T[d];
    if (t === 0) {
      sbuf[shave] = 118;	// v
      sbuf.writeUInt32LE(B[d] - 1, shave + 1);
      sbuf.writeUInt32LE(V[d], shave + 5);
      shave += 9;
    } else if (t === 1) {
      sbuf[shave] = 87;	// W
      sbuf.writeUInt32LE(BITS, shave + 1);
      sbuf.writeUInt32LE(0, shave + 5);
      sbuf.writeUInt32LE(V[d], shave + 9);
      sbuf.writeUInt32LE(0, shave + 13);
      shave += 17;
    } else if (t === 2) {
      sbuf[shave] = 85;	// U
      sbuf.writeDoubleLE(U[d], shave + 1);
      shave += 9;
    }
  }
  if (cut !== null) {
    cut.copy(sbuf, shave);
    shave += cut.length;
    return;
  }
  sbuf[shave] = 68;	// D
  sbuf[shave + 1] = n;
  shave += 2;
  for (let i = 0; i < n; i++) {
    const c = deck[i];
    sbuf[shave++] = Number.isInteger(c) && c >= 0 && c < 255 ? c : 255;
  }
}

// Every run of SHUFFLE on N cards in the auditor's order: the walk "walk
// N PART PARTS DEPTH MAX EVERY FLOOR" asks for (A); its transcript
// written when EMIT.  The runs walked.
function walk(shuffle, a, emit) {
  const [n, part, parts, depth, most, every, floor] = a;
  drawNow = streamDraw;
  realNow = streamReal;
  rawNow = streamRaw;
  cap = depth ? depth : most;
  truncate(0);
  from = 0;
  if (emit) {
    flush();
    sbuf = Buffer.alloc(1 << 16);
    shave = 0;
  }
  let done = 0, runs = 0, last = Date.now();
  for (;;) {
    runOnce(shuffle, n, emit);
    const skip = parts > 1 && (V.length ? V[0] : 0) % parts !== part;
    if (cut === null && !skip) {
      for (let t = every ? repeats(done, every, floor) : 0; t > 0; t--) {
        from = V.length;
        runOnce(shuffle, n, emit);
      }
      done++;
    }
    runs++;
    // Flushed once in a while, so that a slow walk is seen to move.
    if (emit && (runs & 63) === 0 && Date.now() - last > 10) {
      sflush();
      last = Date.now();
    }
    if (!advance(skip, part, parts)) break;
  }
  if (emit) {
    if (shave + 7 > sbuf.length) sflush();
    sbuf.fill(0, shave, shave + 7);
    sbuf[shave] = 69;	// E
    shave += 7;
    sflush();
    sbuf = null;
  }
  drawNow = planDraw;
  realNow = planReal;
  rawNow = planRaw;
  return runs;
}

/** Answer shuffle-audit's runs with shuffle(deck) until it is done. */
function run(shuffle, mode) {
  mode = mode || 'real';
  if (mode === 'real') Math.random = real;
  else if (mode === 'library') Math.random = () => raw() / 2 ** BITS;
  else fail("mode must be 'real' or 'library', not " + JSON.stringify(mode));
  // crypto.randomInt is a bounded draw in either mode.
  crypto.randomInt = (a, b, callback) => {
    if (typeof b !== 'number') [a, b, callback] = [0, a, b];
    if (typeof callback === 'function')
      fail('crypto.randomInt was called with a callback: call it without one');
    if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b) || b <= a)
      throw new RangeError('crypto.randomInt: the range is empty');
    return a + draw(b - a);
  };
  if (process.env.SHUFFLE_AUDIT_LOOP) {
    // A benchmark's baseline: the walk here, nothing written.
    const start = process.hrtime.bigint();
    const runs = walk(shuffle, [Number(process.env.SHUFFLE_AUDIT_LOOP), 0, 1, 0, 2 ** 20, 0, 0], false);
    const s = Number(process.hrtime.bigint() - start) / 1e9;
    fs.writeSync(1, runs + ' runs in ' + s.toFixed(6) + ' s\n');
    return;
  }
  let first = readLine();
  if (first !== null && first.startsWith('shuffle ')) {
    // The offer of a streamed walk, on the first line.
    out += 'stream 1 plan\n';
    const answer = readLine();
    const words = answer === null ? [] : answer.split(' ');
    if (words[0] === 'walk' && words.length === 8) {
      walk(shuffle, words.slice(1).map(Number), true);
      first = readLine();
    } else if (answer !== 'plain') {
      fail('expected "walk ..." or "plain" from shuffle-audit, not ' + JSON.stringify(answer));
    }
  }
  for (;;) {
    const line = first !== undefined ? first : readLine();
    first = undefined;
    if (line === null) break;
    const words = line.split(' ');
    if (words.length < 2 || words[0] !== 'shuffle')
      fail('expected "shuffle N" from shuffle-audit, not ' + JSON.stringify(line));
    plan = null;
    at = 0;
    used = [];
    told = true;
    reals = new Map();
    if (words.length > 2 && words[2] === 'plan') {
      plan = words.slice(3).map((w) => w.split(':').map(Number));
      told = false;
    }
    const deck = dealt(shuffle, Number(words[1]));
    tell();
    out += 'deck ' + deck.join(' ') + '\n';
    if (out.length >= 65536) flush();	// else before a read that may wait
  }
  flush();
}

module.exports = { run, draw, real, raw };
