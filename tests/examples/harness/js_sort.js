// The shuffle people write: a sort with a random comparator, run by
// V8's own Array.prototype.sort.
const sa = require('./sa_harness.js');

sa.run((deck) => deck.sort(() => Math.random() - 0.5));
