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
// In a test suite, assertFair(shuffle, { cards }) runs the whole audit,
// as `shuffle-audit census --exec ... -n CARDS --summary` would, from a
// test of node --test or Jest:
//
//     const { assertFair } = require('./sa_harness.js');
//     test('Fisher-Yates is fair', () => {
//       assertFair(fisherYates, { cards: 5 });
//     });
//
// It returns the report when the shuffle is fair; throws an
// AssertionError (node:assert's), with the verdict, the report and the
// command that reproduces the audit from a shell, when it is unfair or
// the model decides (exit status 1 or 4); and throws AuditError (an
// Error) when the code misbehaved (3), the census refused its options
// (2) or shuffle-audit is not found (SHUFFLE_AUDIT, a path, else PATH).
// Options: mode, run()'s; extraArgs, further census options (with
// --layers, --depth or --remainder, the report is the layers', not
// --summary's).  The shuffle runs in a child process: the test file run
// again (node with the options it ran with; under Jest, jest -i for
// that file and that test's name, with the --config it was given),
// whose call of the same rank serves it (SHUFFLE_AUDIT_CHILD=K), what
// the file did before the call done again.  The child speaks on
// descriptor 3; what else it writes to standard output goes to standard
// error.  Each start of the child is a start of its runner: once for
// draws, once for each count of cells the audit tries for Math.random's
// reals (3 or 4 at 4 cards).
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

let OUT = 1;		// the audit's line: standard output, or in an
			// assertFair child descriptor 3
let lines = [];		// the whole lines read, as text, ...
let li = 0;		// ... those taken, ...
let pending = '';	// ... and what was read past the last of them
const chunk = Buffer.alloc(65536);
let out = '';		// lines to write before the next read
let plan = null;	// this run's offered draws, [bound, value, the
			// bound as the plan wrote it], or null
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
      fs.writeSync(OUT, Buffer.concat([sbuf.subarray(0, shave), head, msg]));
    } else {
      fs.writeSync(OUT, out + 'error ' + text + '\n');
    }
  } catch (e) {
    // shuffle-audit has gone; standard error said why
  }
  out = '';
  process.exit(2);
}

function flush() {
  if (out.length > 0) {
    fs.writeSync(OUT, out);
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
    if (li < lines.length) return lines[li++];
    const nl = pending.lastIndexOf('\n');
    if (nl >= 0) {
      lines = pending.slice(0, nl).split('\n');
      li = 0;
      pending = pending.slice(nl + 1);
      continue;
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
    out += used.length ? 'asked ' + used.join(' ') + '\n' : 'asked\n';
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

// The plan's next draw when it has the bound BOUND, else null; WORD is
// its word of "asked" (null: the bound, as the plan wrote it).
function take(bound, word) {
  if (told) return null;
  if (at < plan.length && plan[at][0] === bound) {
    used.push(word === null ? plan[at][2] : word);
    return plan[at++][1];
  }
  tell();
  return null;
}

function planDraw(k) {
  const v = take(k, null);
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
  if (shave > 0) fs.writeSync(OUT, sbuf, 0, shave);
  shave = 0;
}

// The cards 0 .. n-1 through SHUFFLE, in place or as the sequence it
// returns; an exception gives the run up, saying why.
function dealt(shuffle, n) {
  const deck = new Array(n);
  for (let i = 0; i < n; i++) deck[i] = i;
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

// A plan's word K:V as [K, V, 'K']: the runs made again after a walk
// offer the same few again and again, each read once.
const offers = new Map();
function offer(word) {
  let e = offers.get(word);
  if (e === undefined) {
    const kv = word.split(':');
    if (kv.length !== 2 || !/^[0-9]+$/.test(kv[0]) || !/^[0-9]+$/.test(kv[1]))
      fail("a plan's draw is K:V, not " + JSON.stringify(word));
    if (offers.size >= 65536) offers.clear();
    e = [Number(kv[0]), Number(kv[1]), kv[0]];
    offers.set(word, e);
  }
  return e;
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
    fs.writeSync(OUT, runs + ' runs in ' + s.toFixed(6) + ' s\n');
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
      plan = new Array(words.length - 3);
      for (let i = 3; i < words.length; i++) plan[i - 3] = offer(words[i]);
      told = false;
    }
    const deck = dealt(shuffle, Number(words[1]));
    tell();
    out += 'deck ' + deck.join(' ') + '\n';
    if (out.length >= 65536) flush();	// else before a read that may wait
  }
  flush();
}


// ---- The assertion: the audit from inside a test suite.

/**
 * The audit could not judge the shuffle: the code misbehaved (exit status
 * 3), shuffle-audit was called wrongly (2) or is missing.  A runner shows
 * it as an error, not as the assertion failing.
 */
class AuditError extends Error {
  constructor(message) {
    super(message);
    this.name = 'AuditError';
    // The stack from the test's own call.
    if (Error.captureStackTrace) Error.captureStackTrace(this, assertFair);
  }
}

const calls = new Map();	// assertFair's calls so far, by test
let served = 0;			// the calls so far in a child

// A child that ends without reaching the call it was to serve says so
// (the file's tests did not run as they did in the parent): at its exit,
// or under Jest, whose sandbox sees no exit, after the file's tests.
function unserved() {
  fs.writeSync(2, 'sa_harness: SHUFFLE_AUDIT_CHILD=' +
    process.env.SHUFFLE_AUDIT_CHILD + ', but the run made ' + served +
    ' call' + (served === 1 ? '' : 's') + ' of assertFair: the test did ' +
    'not run again as it ran before\n');
}
if (process.env.SHUFFLE_AUDIT_CHILD) {
  if (typeof afterAll === 'function') afterAll(unserved);	// eslint-disable-line no-undef
  else process.on('exit', unserved);
}

// WORD quoted for sh where it needs it.
function q(word) {
  return /^[\w@%+=:,./-]+$/.test(word) ? word
    : "'" + word.replace(/'/g, "'\\''") + "'";
}

// The file NAME on PATH, or null.
function onPath(name) {
  for (const dir of (process.env.PATH || '').split(':')) {
    const file = require('path').join(dir || '.', name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      if (fs.statSync(file).isFile()) return file;
    } catch (e) {
      // not there
    }
  }
  return null;
}

// The shuffle-audit to run and the name the reproducing command gives
// it: SHUFFLE_AUDIT if set, else the one on PATH.
function binary() {
  const set = process.env.SHUFFLE_AUDIT;
  if (set) {
    try {
      fs.accessSync(set, fs.constants.X_OK);
      if (fs.statSync(set).isFile()) return [set, set];
    } catch (e) {
      // said below
    }
    throw new AuditError('shuffle-audit not found: SHUFFLE_AUDIT is ' + set +
      ', which is not an executable file');
  }
  const found = onPath('shuffle-audit');
  if (found === null) {
    throw new AuditError('shuffle-audit not found: SHUFFLE_AUDIT is not ' +
      'set and no shuffle-audit on PATH (' + (process.env.PATH || '') + ')');
  }
  return [found, 'shuffle-audit'];
}

// FILE as the child command names it: relative to the directory the
// test runs in when it lies below it, else whole.
function here(file) {
  const path = require('path');
  const rel = path.relative(process.cwd(), path.resolve(file));
  return rel === '' || rel.startsWith('..') || path.isAbsolute(rel)
    ? path.resolve(file) : rel;
}

// This node, as the child command names it: node when that is the same
// file on PATH, else its own path.
function nodeName() {
  const found = onPath('node');
  try {
    if (found && fs.realpathSync(found) === fs.realpathSync(process.execPath))
      return 'node';
  } catch (e) {
    // its own path, then
  }
  return q(process.execPath);
}

// The command line of the jest that runs this test: its own when it
// runs the tests in band, else its worker's parent's.
function jestArgv() {
  const isJest = (a) => a.length > 1 && /jest/.test(require('path').basename(a[1]));
  if (isJest(process.argv)) return process.argv.slice(1);
  try {
    const a = fs.readFileSync('/proc/' + process.ppid + '/cmdline', 'utf8')
      .split('\0').filter((w) => w !== '');
    if (isJest(a)) return a.slice(1);
  } catch (e) {
    // not found: said below
  }
  return null;
}

// The test that made this call, as a key among the calls and the command
// that runs it alone: under Jest, jest again for its file and its name
// (with the configuration the run was given); under node --test or in a
// script, the file again with node's options.
function rerun() {
  const jest = typeof expect === 'function' && typeof expect.getState === 'function'
    ? expect.getState() : null;	// eslint-disable-line no-undef
  if (jest && jest.testPath && jest.currentTestName) {
    const argv = jestArgv();
    if (argv === null) {
      throw new AuditError('assertFair: cannot find the command line of the ' +
        'jest that runs this test, to run the test again in a child');
    }
    const words = [nodeName(), q(here(argv[0]))];
    for (let i = 1; i < argv.length; i++) {
      const m = /^(--config|-c|--rootDir)(=.*)?$/.exec(argv[i]);
      if (m && m[2]) words.push(q(m[1] + '=' + here(m[2].slice(1))));
      else if (m && i + 1 < argv.length) words.push(m[1], q(here(argv[++i])));
    }
    const name = jest.currentTestName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    words.push('-i', '--runTestsByPath', q(here(jest.testPath)),
      '-t', q('^' + name + '$'));
    return [jest.testPath + '\0' + jest.currentTestName, words.join(' ')];
  }
  if (!process.argv[1]) {
    throw new AuditError('assertFair: no file to run again in a child (node ' +
      'ran no script: -e, -p or the REPL)');
  }
  // node --test passes the runner's options on to each file's process;
  // those that write reports are the runner's alone.
  const opts = [];
  const own = /^--(test|test-reporter|test-reporter-destination|watch|experimental-test-coverage)(=|$)/;
  const arg = /^--(test-reporter|test-reporter-destination)$/;
  for (let i = 0; i < process.execArgv.length; i++) {
    const a = process.execArgv[i];
    if (own.test(a)) {
      if (arg.test(a)) i++;
      continue;
    }
    opts.push(q(a));
  }
  return ['', [nodeName()].concat(opts, [q(here(process.argv[1]))]).join(' ')];
}

// The child's part: the audit's line is descriptor 3 (the child command
// sends what else is written to standard output to standard error); the
// shuffle serves the walk, and the process ends, its test runner's exit
// handlers left out.
function serve(shuffle, mode) {
  try {
    fs.fstatSync(3);
  } catch (e) {
    fs.writeSync(2, 'sa_harness: SHUFFLE_AUDIT_CHILD is set, but descriptor ' +
      "3, the audit's line, is not open: run the command an assertion's " +
      'message gives\n');
    process.exit(2);
  }
  OUT = 3;
  run(shuffle, mode);
  if (typeof process.reallyExit === 'function') process.reallyExit(0);
  process.exit(0);
}

// The value of the text report's field NAME, its wrapped lines joined.
function field(report, name) {
  const lines = report.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].startsWith(name + ' ')) continue;
    const words = [lines[i].slice(name.length).trim()];
    for (let j = i + 1; j < lines.length && /^ +\S/.test(lines[j]); j++)
      words.push(lines[j].trim());
    return words.join(' ');
  }
  return '';
}

/**
 * Audits SHUFFLE on options.cards cards as `shuffle-audit census --exec`
 * does, from a test: its report (text) when fair; an AssertionError with
 * the verdict, the report and the command that reproduces it when unfair
 * or when the model decides (exit status 1 or 4); an AuditError when the
 * code misbehaved (3), the census was called wrongly (2) or shuffle-audit
 * is not found.  options.mode is run()'s ('real' or 'library');
 * options.extraArgs, further census options.  The shuffle runs in a
 * child: the test file run again (under Jest, jest again for this test
 * alone), whose call of the same rank serves it; what the file does
 * before that call is done again there.
 */
function assertFair(shuffle, options) {
  const { cards, mode = 'real', extraArgs = [] } = options || {};
  if (typeof shuffle !== 'function')
    throw new TypeError('assertFair: the shuffle must be a function');
  if (!Number.isInteger(cards))
    throw new TypeError('assertFair: options.cards must be an integer, not ' + cards);
  if (mode !== 'real' && mode !== 'library')
    throw new TypeError("assertFair: options.mode must be 'real' or 'library', not " + JSON.stringify(mode));
  if (!Array.isArray(extraArgs))
    throw new TypeError('assertFair: options.extraArgs must be an array of options');
  const child = process.env.SHUFFLE_AUDIT_CHILD;
  if (child) {
    if (String(++served) === child) serve(shuffle, mode);
    return '';
  }
  const [bin, shown] = binary();
  const [key, command] = rerun();
  const k = (calls.get(key) || 0) + 1;
  calls.set(key, k);
  // A census by layers prints its layers, with no --summary.
  const extra = extraArgs.map(String);
  const layered = extra.some((a) => /^--(layers|depth|remainder)(=|$)/.test(a));
  const args = ['census', '--exec',
    'SHUFFLE_AUDIT_CHILD=' + k + ' ' + command + ' 3>&1 1>&2',
    '-n', String(cards)].concat(layered ? [] : ['--summary'], extra);
  const env = Object.assign({}, process.env);
  // The child is a plain run of the file, not one of node --test's.
  delete env.NODE_TEST_CONTEXT;
  delete env.SHUFFLE_AUDIT_CHILD;
  const done = require('child_process').spawnSync(bin, args, {
    env, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 26,
  });
  if (done.error) {
    throw new AuditError('shuffle-audit census did not run: ' + done.error.message);
  }
  const report = done.stdout.toString('utf8');
  const said = done.stderr.toString('utf8').trim();
  const again = 'reproduce (in ' + process.cwd() + '): ' +
    [shown].concat(args).map(q).join(' ');
  if (done.status === 0) return report;
  if (done.status === 1 || done.status === 4) {
    throw new (require('assert').AssertionError)({
      message: field(report, 'verdict') + '\n\n' + report.trimEnd() + '\n' + again,
      operator: 'fail',
      stackStartFn: assertFair,
    });
  }
  const what = done.status === null ? 'was killed by ' + done.signal
    : 'exited ' + done.status + ', ' + ({ 2: 'a usage error', 3: 'the code misbehaved' }[done.status] || 'an error');
  const problem = field(report, 'problem');
  // The auditor's and the harness's lines on standard error, those the
  // report's problem does not quote, else its last lines (a stack's).
  let why = said.split('\n').filter((l) => /^(shuffle-audit|sa_harness): /.test(l));
  if (why.length === 0) why = said === '' ? [] : said.split('\n').slice(-5);
  why = why.filter((l) => !problem.includes(l));
  throw new AuditError('shuffle-audit census ' + what +
    (problem ? ': ' + problem : '') + '\n' + why.map((l) => l + '\n').join('') +
    (report.trim() ? report.trimEnd() + '\n' : '') + again);
}

module.exports = { run, draw, real, raw, assertFair, AuditError };
