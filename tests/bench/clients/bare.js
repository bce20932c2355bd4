// bare.js - Durstenfeld's shuffle speaking the exec protocol by hand, for
// make bench-audit: what a JavaScript harness is measured against.  Reads
// stdin synchronously, takes its draws from the plan (--batch) while the
// plan has the bound it needs, and asks for the rest a line at a time.
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

for (;;) {
  const line = readLine();
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
