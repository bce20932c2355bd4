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
//     shuffle-audit census --exec 'node mine.js' -n 5 --batch
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
// before every read and at the end of each run; --batch is understood.
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
  try {
    fs.writeSync(1, out + 'error sa_harness: ' + String(why).replace(/[\r\n]/g, ' ') + '\n');
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
// inside its loop), or null at the end.  The protocol is ASCII.
function readLine() {
  flush();
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

function tell() {
  if (!told) {
    out += ['asked'].concat(used).join(' ') + '\n';
    told = true;
  }
}

function ask(line) {
  tell();
  out += line + '\n';
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

/** A whole number in [0, k), 1 <= k <= 2^32. */
function draw(k) {
  const v = take(k, String(k));
  return v !== null ? v : Number(ask('draw ' + k));
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
  const v = takeReal();
  return v !== null ? v : Number(ask('real'));
}

/** A raw word of the --raw-bits B width. */
function raw() {
  const v = take(2 ** BITS, 'raw');
  return v !== null ? v : Number(ask('raw'));
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
  for (;;) {
    const line = readLine();
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
    let deck = Array.from({ length: Number(words[1]) }, (_, i) => i);
    let result;
    try {
      result = shuffle(deck);
    } catch (e) {
      fail('the shuffle threw ' + e);
    }
    if (result !== undefined) deck = Array.from(result);
    tell();
    out += 'deck ' + deck.join(' ') + '\n';
    flush();
  }
  flush();
}

module.exports = { run, draw, real, raw };
