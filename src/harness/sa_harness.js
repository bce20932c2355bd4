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
//   "real": the midpoint of one of M equal cells, M = lcm(1..n) unless
//   --real-cells says otherwise, so Math.floor(Math.random() * k) is
//   exactly uniform for every k up to n.  Fair here means your loop is
//   right; a double's 52 bits are another question, answered by
//   `shuffle-audit census -a durstenfeld --reduce multiply:52`.
//
//   mode 'library' makes Math.random() a raw word of the --raw-bits B
//   width over 2^B: what a B-bit generator would give the same code.
//
// draw(k), real() and raw() ask shuffle-audit directly; draw(k) is the
// bounded draw JavaScript lacks ("a number below k").  Lines are written
// before every read and at the end of each run; --batch is understood.
// Node 12 or later, nothing but its own modules.
'use strict';
const fs = require('fs');

const BITS = Number(process.env.SHUFFLE_AUDIT_RAW_BITS || 32);
const CELLS = Number(process.env.SHUFFLE_AUDIT_REAL_CELLS || 2 ** 32);

let pending = '';	// what was read and not yet taken, as text
const chunk = Buffer.alloc(65536);
let out = '';		// lines to write before the next read
let plan = null;	// this run's offered draws, [bound, value], or null
let used = [];		// the words of "asked": the plan's draws taken
let told = true;	// "asked" is said (or there was no plan)

function fail(why) {
  fs.writeSync(2, 'sa_harness: ' + why + '\n');
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
  const at = used.length;
  if (at < plan.length && plan[at][0] === bound) {
    used.push(word);
    return plan[at][1];
  }
  tell();
  return null;
}

/** A whole number in [0, k), 1 <= k <= 2^32. */
function draw(k) {
  const v = take(k, String(k));
  return v !== null ? v : Number(ask('draw ' + k));
}

/** A real in [0, 1): the midpoint of one of M cells. */
function real() {
  const v = take(CELLS, 'real');
  // (2v + 1) and 2M are exact; their quotient is rounded as C rounds it.
  return v !== null ? (2 * v + 1) / (2 * CELLS) : Number(ask('real'));
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
  for (;;) {
    const line = readLine();
    if (line === null) break;
    const words = line.split(' ');
    if (words.length < 2 || words[0] !== 'shuffle')
      fail('expected "shuffle N" from shuffle-audit, not ' + JSON.stringify(line));
    plan = null;
    used = [];
    told = true;
    if (words.length > 2 && words[2] === 'plan') {
      plan = words.slice(3).map((w) => w.split(':').map(Number));
      told = false;
    }
    let deck = Array.from({ length: Number(words[1]) }, (_, i) => i);
    const result = shuffle(deck);
    if (result !== undefined) deck = Array.from(result);
    tell();
    out += 'deck ' + deck.join(' ') + '\n';
    flush();
  }
  flush();
}

module.exports = { run, draw, real, raw };
