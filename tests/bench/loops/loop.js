// loop.js N - the bare loop of make bench-audit (issue 65): Fisher-Yates
// written plainly in JavaScript, its draws from an odometer rather than a
// generator, over every run of N cards, no harness.  Each run's top card
// is tallied and the tally checked even.  Prints "RUNS runs in SECS s",
// timed inside the program; exit 1 if the tally is uneven.
'use strict';
const n = process.argv.length > 2 ? Number(process.argv[2]) : 8;
const draw = new Array(n).fill(0);
const top = new Array(n).fill(0);
let runs = 0;
const start = process.hrtime.bigint();
for (;;) {
  const deck = [];
  for (let k = 0; k < n; k++) deck.push(k);
  for (let i = n - 1; i > 0; i--) {
    const j = draw[i];
    const t = deck[i];
    deck[i] = deck[j];
    deck[j] = t;
  }
  top[deck[0]]++;
  runs++;
  let i = 1;
  for (; i < n; i++) {
    if (++draw[i] <= i) break;
    draw[i] = 0;
  }
  if (i === n) break;
}
const secs = Number(process.hrtime.bigint() - start) / 1e9;
if (top.some((t) => t !== top[0])) process.exit(1);
console.log(`${runs} runs in ${secs.toFixed(6)} s`);
