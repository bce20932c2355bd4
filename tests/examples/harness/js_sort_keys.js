// A sort by random keys, one Math.random() a card: fair, ties and all.
const sa = require('./sa_harness.js');

sa.run((deck) => deck
  .map((card) => [Math.random(), card])
  .sort((a, b) => a[0] - b[0])
  .map((pair) => pair[1]));
