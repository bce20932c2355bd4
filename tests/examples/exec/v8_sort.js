// Audit the "shuffle" people write in JavaScript:
//
//     array.sort(() => Math.random() - 0.5)
//
// run by V8's real Array.prototype.sort.  Math.random is answered from
// raw words over shuffle-audit's exec protocol ("raw"), a word r of
// --raw-bits B bits becoming r / 2^B, so the census counts every run the
// sort can take with a B-bit Math.random.
'use strict';
const fs = require('fs');

let pending = Buffer.alloc(0);

// One line from stdin, synchronously: sort calls Math.random inside.
function readLine() {
  for (;;) {
    const nl = pending.indexOf(10);
    if (nl >= 0) {
      const line = pending.subarray(0, nl).toString();
      pending = pending.subarray(nl + 1);
      return line;
    }
    const chunk = Buffer.alloc(4096);
    let got;
    try {
      got = fs.readSync(0, chunk, 0, chunk.length, null);
    } catch (e) {
      if (e.code === 'EAGAIN') continue;
      throw e;
    }
    if (got === 0) return null;
    pending = Buffer.concat([pending, chunk.subarray(0, got)]);
  }
}

function say(line) {
  fs.writeSync(1, line + '\n');
}

// The width: the argument, else the one shuffle-audit tells every
// program it starts (SHUFFLE_AUDIT_RAW_BITS, --raw-bits), else 8.
const bits = Number(process.argv[2] || process.env.SHUFFLE_AUDIT_RAW_BITS ||
    8);
Math.random = () => {
  say('raw');
  return Number(readLine()) / 2 ** bits;
};

for (let line = readLine(); line !== null; line = readLine()) {
  const n = Number(line.split(' ')[1]);
  const deck = Array.from({ length: n }, (_, i) => i);
  deck.sort(() => Math.random() - 0.5);
  say('deck ' + deck.join(' '));
}
